// How many devices an immediate change reaches (issue 22), counted by the rollout preview
// (POST /api/ota/rollout/preview) with the device choice that names exactly those devices
// (docs/ota-calls.md, "How many devices a change reaches").
import type { RolloutPreview, RolloutPreviewBody } from '@fleet/contract';
import { apiGet, apiList, apiPost } from '@fleet/shared-api';
import { encodeFilter } from '@fleet/shared-api/lists';
import type { OtaDeviceType } from './device-type';
import type { GroupInfo, OtaGroup } from './types';

export interface FleetReach {
  /** Every device the change reaches. */
  devices: number;
  /** Those devices by current version, the ones in a running rollout apart (`inRollout`); empty: not split. */
  byVersion: Array<{ version: string | null; devices: number }>;
  inRollout: number;
}

/** The preview's choice without waves: one wave of everything it names. */
type Choice = Omit<RolloutPreviewBody, 'waves' | 'exclude_offline_minutes'>;

/**
 * Every device the choice names but those already on `firmware_version`. The preview leaves out
 * devices in another rollout (counted apart: an immediate change still reaches them) and, with no
 * offline limit asked, no offline device.
 */
export async function previewReach(choice: Choice): Promise<FleetReach> {
  const preview = (await apiPost<RolloutPreview>('/api/ota/rollout/preview', { ...choice, waves: [{ percent: 100 }] })).info;
  const inRollout = preview.excluded.in_other_rollout;
  return { devices: preview.devices + inRollout + preview.excluded.offline, byVersion: preview.by_version, inRollout };
}

/**
 * A group's Update Flag: its devices not on its target (the others are not upgradable either way).
 * Exact: the preview's group choice is the group's devices.
 */
export function groupFlagReach(deviceType: OtaDeviceType, groupId: number, target: string): Promise<FleetReach> {
  return previewReach({ deviceType, firmware_version: target, group_id: groupId });
}

/** The device types whose groups hold this type's devices (livelink and ihd_livelink share them). */
const typesSharingDevices = (deviceType: OtaDeviceType): OtaDeviceType[] =>
  deviceType === 'livelink' || deviceType === 'ihd_livelink' ? ['livelink', 'ihd_livelink'] : [deviceType];

/** Past these, the rule's count is not read (null: not counted exactly). */
const GROUPS_READ = 500;
const AIMED_GROUPS_READ = 10;

/**
 * A rule's Upgrade: the devices on its `from` version that the rule decides, i.e. not in a group with
 * a target. The preview's filter names devices on `from` whose available firmware is `to`: those, and
 * also devices on `from` in a group aimed at `to` (their group decides), which are counted in those
 * groups and taken off. Null when there are too many groups to read for that.
 */
export async function ruleUpgradeReach(deviceType: OtaDeviceType, from: string, to: string): Promise<FleetReach | null> {
  const onFrom = { key: 'firmware_version', value: from };
  const reach = await previewReach({ deviceType, firmware_version: to, filter: encodeFilter([onFrom, { key: 'available_firmware', value: to }]) });
  let inGroups = 0;
  for (const type of typesSharingDevices(deviceType)) {
    const groups = await apiList<OtaGroup>('/api/ota/group/all', { deviceType: type, limit: GROUPS_READ });
    const aimed = groups.data.filter((g) => g.target_version === to);
    if (groups.total > groups.data.length || aimed.length > AIMED_GROUPS_READ) return null;
    for (const group of aimed) {
      const info = await apiGet<GroupInfo>('/api/ota/group/info', { deviceType: type, group_id: group.id, limit: 1, filter: encodeFilter([onFrom]) });
      inGroups += info.info.devices.total;
    }
  }
  // one version (`from`): nothing to split; who of them is in a rollout is not known once groups are taken off
  return { devices: reach.devices - inGroups, byVersion: [], inRollout: 0 };
}
