// Rows as fleet-api answers them, for the screen tests.
import { highStHome, INSTALLED_BY_ANN } from '@fleet/shared-ui/testing';
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
    ...INSTALLED_BY_ANN,
    agent_name: 'Ann Agent',
    ...highStHome(id),
    ...extra,
  };
}
