import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description } from './description';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it('owns the customer screens of spec 2.4-2.8 under each area, each for its role only', () => {
    const access = Object.fromEntries(description.routes.map((route) => [route.path, route.access]));
    expect(access).toMatchObject({
      '/admin/customers': ['Admin'],
      '/admin/customer/view/:id': ['Admin'],
      '/admin/customer/customer-email-history/:id': ['Admin'],
      '/admin/customer/auto-sync/:id': ['Admin'],
      '/agency/customer/auto-sync/:id': ['Agency'],
      '/admin/customer/property/view/:id': ['Admin'],
      '/admin/customer/property/view-history/:id': ['Admin'],
      '/admin/customer/property/property-timeline/:id': ['Admin'],
      '/agency/customers': ['Agency'],
      '/agency/customer/view/:id': ['Agency'],
      '/multisite/customers': ['mscc'],
      '/multisite/customer/view/:id': ['mscc'],
      '/sitemanager/customers': ['sm'],
      '/sitemanager/customer/view/:id': ['sm'],
    });
    expect(description.routes).toHaveLength(30);
    expect(access['/admin/customer/trial/:id']).toEqual(['Admin']);
    expect(access['/admin/weekly-reports']).toEqual(['Admin']);
  });

  it('puts Customers in the menus of Admin, Agency, multisite and sitemanager', () => {
    expect(description.menu.map((entry) => [entry.roles, entry.path, entry.labels.en])).toEqual([
      [['Admin'], '/admin/customers', 'Customers'],
      [['Agency'], '/agency/customers', 'Customers'],
      [['mscc'], '/multisite/customers', 'Customers'],
      [['sm'], '/sitemanager/customers', 'Customers'],
      [['Admin'], '/admin/weekly-reports', 'Suppression List'],
    ]);
  });
});
