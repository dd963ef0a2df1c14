import { deviceViewOf } from '@fleet/shared-api';
import { AREA_ROLE, type CustomerArea } from '../description';

/** Where a device at a property opens: the device page of its line in the caller's area (shared-api's deviceViewOf). */
export function devicePagePath(area: CustomerArea, device: { id: number; product_line: string }): string | null {
  return deviceViewOf(AREA_ROLE[area], device);
}
