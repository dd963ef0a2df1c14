import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description } from './description';

const access = Object.fromEntries(description.routes.map((route) => [route.path, route.access]));

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it('owns the heat-pump list, Attention, fault history and device pages of the spec, each for its role', () => {
    expect(access).toMatchObject({
      '/admin/heat_pump/devices': ['Admin'],
      '/user/dashboard': 'login',
      '/admin/heat_pump/faulty-systems': ['Admin'],
      '/agency/heat_pump/faulty-systems': ['Agency'],
      '/multisite/faulty-systems': ['mscc'],
      '/sitemanager/faulty-systems': ['sm'],
      '/admin/heat_pump/faulty-systems/view/faulty-history/:id': ['Admin'],
      '/agency/heat_pump/faulty-systems/view/faulty-history/:id': ['Agency'],
      '/multisite/faulty-systems/view/faulty-history/:id': ['mscc'],
      '/sitemanager/faulty-systems/view/faulty-history/:id': ['sm'],
      '/admin/heat_pump/device/view/:id': ['Admin'],
      '/agency/heat_pump/device/view/:id': ['Agency'],
    });
  });

  it("owns spec 2.9's sites routes for a signed-in site manager or company contact, the agency's customer/sites and spec 2.4's short Admin paths", () => {
    expect(access).toMatchObject({
      '/sites/dashboard': ['sm', 'mscc'],
      '/sites/devices': ['sm', 'mscc'],
      '/agency/customer/sites': ['Agency'],
      '/admin/models': ['Admin'],
      '/admin/faulty-systems': ['Admin'],
      '/admin/faulty-systems/view/faulty-history/:id': ['Admin'],
      '/admin/multi-site-company': ['Admin'],
      '/admin/multi-site-company/view/:id': ['Admin'],
      '/admin/sites': ['Admin'],
      '/admin/sites/view/:id': ['Admin'],
      '/admin/multi-site-contacts': ['Admin'],
      '/admin/site-managers': ['Admin'],
    });
  });

  it("puts every heat-pump area in Admin's menu, whatever product is selected: Heat Pump among the devices, the extras in their group", () => {
    const admin = description.menu.filter((entry) => entry.roles.includes('Admin'));
    expect(admin.map((entry) => [entry.labels.en, entry.path, entry.group?.name])).toEqual([
      ['Dashboard', '/admin/dashboard', undefined],
      ['Heat Pump', '/admin/heat_pump/devices', 'Devices'],
      ['Attention', '/admin/heat_pump/faulty-systems', 'Heat Pump'],
      ['Multi-Site Company', '/admin/heat_pump/multi-site-company', 'Heat Pump'],
      ['Sites', '/admin/heat_pump/sites', 'Heat Pump'],
      ['Multi-Site Contacts', '/admin/heat_pump/multi-site-contacts', 'Heat Pump'],
      ['Site Managers', '/admin/heat_pump/site-managers', 'Heat Pump'],
      ['Models', '/admin/heat_pump/models', 'Heat Pump'],
    ]);
    expect(description.menu.some((entry) => 'products' in entry)).toBe(false);
  });

  it("gives the agency Attention, Multi-Site and its customers' Sites, and names User's heat pumps apart", () => {
    const agency = description.menu.filter((entry) => entry.roles.includes('Agency')).map((entry) => entry.labels.en);
    expect(agency).toEqual(['Dashboard', 'Devices', 'Attention', 'Multi-Site', 'Sites']);
    expect(description.menu.filter((entry) => entry.roles.includes('User')).map((entry) => [entry.labels.en, entry.path])).toEqual([['Heat Pumps', '/user/dashboard']]);
  });
});
