// Rows as fleet-api answers them, for the screen tests.
import type { HeatPumpRow } from './api/heat-pumps';

/** A heat pump of the list (GET /api/heat-pump/list). */
export function heatPump(id: number, extra: Partial<HeatPumpRow> = {}): HeatPumpRow {
  return {
    id,
    product_line: 'heat_pump',
    serial_number: `20000000000${id}`,
    mac_address: `c8f09e00000${id}`,
    firmware_version: '2.1.0',
    soft_version: '2.1.0',
    wifi_name: 'HomeNet',
    connection_type: 'AP',
    installation_date: '2025-03-04',
    created_at: '2025-03-04T10:00:00.000Z',
    status: 'Completed',
    device_status: 'Active',
    is_online: 1,
    installed_via: 'Installer App',
    installer_uuid: 'AG-1',
    agency_name: 'Bright Homes',
    first_name: 'Ann',
    last_name: 'Agent',
    agent_name: 'Ann Agent',
    property_id: 40 + id,
    unit_number: null,
    street_number: '12',
    street: 'High St',
    city: 'Perth',
    state: 'WA',
    postal_code: '6000',
    ...extra,
  };
}
