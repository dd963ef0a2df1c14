import type { DeviceScope } from './api/devices';
import { ADMIN_DETAIL_PATHS, HISTORY_PATHS, ROLE_PATHS, type DeviceProduct } from './description';

/** The product key of a device's line (ihd_livelink devices are listed under livelink). */
export function productOfLine(productLine: string): DeviceProduct {
  if (productLine === 'ihd') return 'electricity-advisor';
  if (productLine === 'ihd_livelink') return 'livelink';
  return (['livelink', 'safelink', 'airlink', 'bulb'] as const).find((p) => p === productLine) ?? 'all';
}

const withId = (pattern: string, id: number) => pattern.replace(':id', String(id));

/** Where a row of a list opens: the detail route of the role (and for Admin, of the device's line). */
export function detailPath(scope: DeviceScope, row: { id: number; product_line: string }): string {
  switch (scope.kind) {
    case 'admin':
      return withId(ADMIN_DETAIL_PATHS[productOfLine(row.product_line)], row.id);
    case 'agency':
      return withId(ROLE_PATHS.agencyDetail, row.id);
    case 'veu':
      return withId(ROLE_PATHS.veuDetail, row.id);
    case 'electrician':
      return withId(ROLE_PATHS.electricianDetail, row.id);
    case 'customer':
      return withId(ROLE_PATHS.customerDetail, row.id);
  }
}

export function historyPath(kind: keyof typeof HISTORY_PATHS, id: number): string {
  return withId(HISTORY_PATHS[kind], id);
}
