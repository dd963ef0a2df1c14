import type { ProductKey, UserType } from '../remote-contract';
import { apiPrefix, deviceViewOf, homePath, profilePath, propertyViewOf, webPrefix } from './prefixes';

test.each<[UserType, string, string]>([
  ['Admin', '/api', '/api'],
  ['Agency', '/api/agency', '/api/agency/nms'],
  ['sm', '/api/sm/nms', '/api/sm/nms'],
  ['mscc', '/api/mscc/nms', '/api/mscc/nms'],
  ['Electrician', '/api/electrician', '/api/electrician'],
  ['Customer', '/api/customer', '/api/customer'],
  ['User', '/api/user', '/api/user'],
])('API prefix of %s: %s, network calls %s (spec 6)', (type, plain, nms) => {
  expect(apiPrefix(type)).toBe(plain);
  expect(apiPrefix(type, { nms: true })).toBe(nms);
});

test.each<[UserType, string]>([
  ['Admin', 'admin'],
  ['Agency', 'agency'],
  ['mscc', 'multisite'],
  ['sm', 'sitemanager'],
  ['Electrician', 'electrician'],
  ['Customer', 'customer'],
  ['User', 'user'],
])('route prefix of %s is %s', (type, prefix) => {
  expect(webPrefix(type)).toBe(prefix);
});

test.each<[UserType, ProductKey | null, string]>([
  ['Admin', 'livelink', '/admin/dashboard'],
  ['Agency', 'heat_pump', '/agency/dashboard'],
  ['Agency', 'livelink', '/agency/devices'],
  ['Agency', null, '/agency/devices'],
  ['Electrician', 'heat_pump', '/electrician/devices'],
  ['User', null, '/user/dashboard'],
  ['mscc', 'heat_pump', '/multisite/dashboard'],
  ['sm', 'heat_pump', '/sitemanager/dashboard'],
  ['Customer', null, '/customer/devices'],
])('home of %s with product %s is %s (spec 2.2)', (type, product, home) => {
  expect(homePath(type, product)).toBe(home);
});

test('profile paths keep the /mscc and /sm prefixes', () => {
  expect(profilePath('Admin')).toBe('/admin/profile');
  expect(profilePath('mscc')).toBe('/mscc/profile');
  expect(profilePath('sm')).toBe('/sm/profile');
  expect(profilePath('Customer')).toBe('/customer/profile');
});

describe('propertyViewOf', () => {
  it("is each customer area's property view, and none for roles without customers", () => {
    expect(propertyViewOf('Admin')?.(5)).toBe('/admin/customer/property/view/5');
    expect(propertyViewOf('Agency')?.(5)).toBe('/agency/customer/property/view/5');
    expect(propertyViewOf('mscc')?.(5)).toBe('/multisite/customer/property/view/5');
    expect(propertyViewOf('sm')?.(5)).toBe('/sitemanager/customer/property/view/5');
    expect(propertyViewOf('Electrician')).toBeNull();
    expect(propertyViewOf('Customer')).toBeNull();
    expect(propertyViewOf(null)).toBeNull();
  });
});

describe('deviceViewOf', () => {
  it("is the role's page of the device's line, and none where the role has none", () => {
    const hub = { id: 7, product_line: 'safelink' };
    const heatPump = { id: 9, product_line: 'heat_pump' };
    expect(deviceViewOf('Admin', hub)).toBe('/admin/devices/view/7');
    expect(deviceViewOf('Admin', heatPump)).toBe('/admin/heat_pump/device/view/9');
    expect(deviceViewOf('Agency', hub)).toBe('/agency/devices/view/7');
    expect(deviceViewOf('Agency', heatPump)).toBe('/agency/heat_pump/device/view/9');
    expect(deviceViewOf('mscc', heatPump)).toBe('/multisite/device/view/9');
    expect(deviceViewOf('sm', hub)).toBeNull();
    expect(deviceViewOf('Electrician', hub)).toBe('/electrician/device/view/7');
    expect(deviceViewOf('Electrician', heatPump)).toBeNull();
    expect(deviceViewOf('Customer', hub)).toBe('/customer/devices/view/7');
    expect(deviceViewOf('User', heatPump)).toBe('/user/device/view/9');
    expect(deviceViewOf('User', hub)).toBeNull();
    expect(deviceViewOf(null, hub)).toBeNull();
  });
});
