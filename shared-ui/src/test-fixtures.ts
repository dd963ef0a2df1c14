// Rows as fleet-api answers them, shared by the remotes' screen tests (part of @fleet/shared-ui/testing).

/** A device's install as a device list answers it: completed, active and online, put in with the installer app by Ann Agent of Bright Homes. */
export const INSTALLED_BY_ANN = {
  status: 'Completed',
  device_status: 'Active',
  is_online: 1,
  installed_via: 'Installer App',
  installer_uuid: 'AG-1',
  agency_name: 'Bright Homes',
  first_name: 'Ann',
  last_name: 'Agent',
} as const;

/** The home of row `id` of a device list: property 40 + id, 12 High St Perth WA 6000. */
export function highStHome(id: number) {
  return { property_id: 40 + id, unit_number: null, street_number: '12', street: 'High St', city: 'Perth', state: 'WA', postal_code: '6000' };
}
