// What a device list's filter drawer sends and fleet-api's device listing reads (spec: Lighting and
// Heat-pump device lists, spec 9's option lists), once: the drawer builds its fields from these keys
// and values, and the server's filter rules are typed by them, so a key one side knows and the other
// does not fails the build.

/** The filters every device list offers, by the key the server reads. A list picks the keys it shows. */
export const DEVICE_FILTER_KEYS = [
  'mac_address',
  'serial_number',
  'wifi_name',
  'soft_version',
  'installation_date',
  'installed_via',
  'agency_name',
  'first_name',
  'installer_uuid',
  'id',
  'device_status',
  'status',
  'connection_type',
] as const;
export type DeviceFilterKey = (typeof DEVICE_FILTER_KEYS)[number];

/** Spec 9, Device Status: a device's state in the fleet. */
export const DEVICE_STATUSES = ['Active', 'In-active', 'Replaced'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Spec 9, Customer State: how far an installation got. */
export const INSTALL_STATES = ['Pending', 'Completed', 'Incomplete', 'Deleted'] as const;
export type InstallState = (typeof INSTALL_STATES)[number];

/** Spec 9, Connection Type. */
export const CONNECTION_TYPES = ['Bluetooth', 'AP'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Keys the console's list state holds that are never filters (the drawer's open flag, spec 5). */
export const IGNORED_FILTER_KEYS = ['isOpen'] as const;
