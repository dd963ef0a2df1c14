import { USER_TYPES, isProductKey, isUserType, productDeviceType, productOfDeviceType } from './remote-contract';

test('electricity-advisor is the ihd device type; other keys are their own', () => {
  expect(productDeviceType('electricity-advisor')).toBe('ihd');
  expect(productDeviceType('bulb')).toBe('bulb');
  expect(productDeviceType('heat_pump')).toBe('heat_pump');
});

test('the seven user types and guards', () => {
  expect(USER_TYPES).toEqual(['Admin', 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer']);
  expect(isUserType('mscc')).toBe(true);
  expect(isUserType('admin')).toBe(false);
  expect(isProductKey('ihd')).toBe(false);
  expect(isProductKey('heat_pump')).toBe(true);
});

test("a device's server type names its product: ihd is Electricity Advisor, ihd_livelink is listed with Livelink", () => {
  expect(['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'].map(productOfDeviceType)).toEqual([
    'electricity-advisor',
    'livelink',
    'livelink',
    'safelink',
    'airlink',
    'bulb',
    'heat_pump',
  ]);
  expect(productOfDeviceType('all')).toBeNull();
  expect(productOfDeviceType('toaster')).toBeNull();
});
