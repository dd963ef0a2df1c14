// A device's timeline (issue 23): the one call behind the Timeline tab of every role's device page
// (mfe-devices' device details and mfe-heatpump-nms' heat-pump page), under the role's own path.
import { apiList, useSession, type UserType } from '@fleet/shared-api';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import { DEVICE_TIMELINE_PATHS, type TimelineEntry } from '@fleet/contract';
import type { ListQuery } from './list-state';

export type { TimelineEntry };

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
