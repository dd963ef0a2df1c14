// The timelines of issue 23: the one call behind the Timeline tab of every role's device page (mfe-devices'
// device details and mfe-heatpump-nms' heat-pump page) and of a customer property's page (mfe-customers),
// under the role's own path.
import { apiList, useSession, type UserType } from '@fleet/shared-api';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import { DEVICE_TIMELINE_PATHS, PROPERTY_TIMELINE_PATHS, type PropertyTimelineEntry, type TimelineEntry } from '@fleet/contract';
import type { ListQuery } from './list-state';

export type { PropertyTimelineEntry, TimelineEntry };

/** The timeline call of a role (contract: DEVICE_TIMELINE_PATHS). */
export function deviceTimelinePath(userType: UserType): string {
  return DEVICE_TIMELINE_PATHS[userType];
}

/** A page of the device's timeline for the signed-in role: newest first, `query` from its list state. */
export function useDeviceTimeline(deviceId: number, query: ListQuery) {
  const userType = useSession((state) => state.userType());
  return useQuery({
    queryKey: ['device-timeline', userType, deviceId, query],
    enabled: userType !== null && deviceId > 0,
    queryFn: () => apiList<TimelineEntry>(deviceTimelinePath(userType ?? 'Admin'), { ...query, id: deviceId }),
    placeholderData: keepPreviousData,
  });
}

const hasPropertyTimeline = (userType: UserType | null): userType is keyof typeof PROPERTY_TIMELINE_PATHS => userType !== null && userType in PROPERTY_TIMELINE_PATHS;

/**
 * A page of a customer property's timeline for the signed-in role (Admin, Agency, mscc, sm: the roles of
 * the property screen), newest first, `query` from its list state.
 */
export function usePropertyTimeline(propertyId: number, query: ListQuery) {
  const userType = useSession((state) => state.userType());
  return useQuery({
    queryKey: ['property-timeline', userType, propertyId, query],
    enabled: hasPropertyTimeline(userType) && propertyId > 0,
    queryFn: () => apiList<PropertyTimelineEntry>(hasPropertyTimeline(userType) ? PROPERTY_TIMELINE_PATHS[userType] : PROPERTY_TIMELINE_PATHS.Admin, { ...query, property_id: propertyId }),
    placeholderData: keepPreviousData,
  });
}
