import { USER_TYPES, describeRoutes, isProductKey, isUserType, productDeviceType, productOfDeviceType, routesPer, type RouteTable } from './remote-contract';

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

describe('a route table', () => {
  const table = {
    list: { path: '/admin/things', access: ['Admin'] },
    line: routesPer(['livelink', 'bulb'] as const, (product) => ({ path: `/admin/${product}/things`, access: ['Admin'], products: [product] })),
    home: { path: '/customer/things', access: 'login' },
  } satisfies RouteTable;

  it("describes each screen's route, a family's one per value, in the table's order", () => {
    expect(describeRoutes(table)).toEqual([
      { path: '/admin/things', access: ['Admin'] },
      { path: '/admin/livelink/things', access: ['Admin'], products: ['livelink'] },
      { path: '/admin/bulb/things', access: ['Admin'], products: ['bulb'] },
      { path: '/customer/things', access: 'login' },
    ]);
  });

  it('refuses a path declared twice (one path is one screen), naming it', () => {
    const twice = { list: { path: '/admin/things', access: ['Admin'] }, again: routesPer(['a'], () => ({ path: '/admin/things', access: ['Agency'] })) } satisfies RouteTable;
    expect(() => describeRoutes(twice)).toThrow("/admin/things is declared twice (screens 'list' and 'again')");
  });
});
