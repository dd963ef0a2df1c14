import type { CustomerArea } from '../description';

/**
 * Where a device at a property opens: the device page of its line in the caller's area (routes of
 * mfe-devices and mfe-heatpump-nms: links, never imports). mscc and sm have heat-pump pages only.
 */
const HEAT_PUMP_PAGE: Record<CustomerArea, string> = {
  admin: '/admin/heat_pump/device/view/:id',
  agency: '/agency/heat_pump/device/view/:id',
  multisite: '/multisite/device/view/:id',
  sitemanager: '/sitemanager/device/view/:id',
};
const DEVICE_PAGE: Partial<Record<CustomerArea, string>> = {
  admin: '/admin/devices/view/:id',
  agency: '/agency/devices/view/:id',
};

export function devicePagePath(area: CustomerArea, device: { id: number; product_line: string }): string | null {
  const pattern = device.product_line === 'heat_pump' ? HEAT_PUMP_PAGE[area] : DEVICE_PAGE[area];
  return pattern ? pattern.replace(':id', String(device.id)) : null;
}
