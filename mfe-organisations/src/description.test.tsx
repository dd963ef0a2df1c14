import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description } from './description';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it("owns Admin's aggregators and electricity retailers, in the menu where spec 2.11 puts them", () => {
    expect(description.routes.slice(0, 2)).toEqual([
      { path: '/admin/aggregators', access: ['Admin'] },
      { path: '/admin/electricity-retailers', access: ['Admin'] },
    ]);
    expect(description.menu.filter((m) => m.id === 'organisations.aggregators' || m.id === 'organisations.retailers').map((m) => [m.labels.en, m.group?.name ?? null])).toEqual([
      ['Aggregators', 'Manage Electricians'],
      ['Electricity Retailers', null],
    ]);
  });

  it('owns the electrician and field-worker routes of spec 2.4, 2.5 and 2.6, each for its role', () => {
    const of = (role: string) => description.routes.filter((r) => Array.isArray(r.access) && r.access.includes(role as 'Admin')).map((r) => r.path);
    expect(of('Admin')).toEqual(
      expect.arrayContaining([
        '/admin/electricians',
        '/admin/electrician',
        '/admin/electrician/view/:id',
        '/admin/electrician/:id',
        '/admin/electricians-installers',
        '/admin/electrician-installer/view/:id',
        '/admin/electrician-installer/device/view/:id',
      ]),
    );
    expect(of('Agency').filter((p) => p.includes('electrician'))).toEqual(['/agency/electricians', '/agency/electricians/view/:id', '/agency/electricians-agents', '/agency/electricians-agents/view/:id']);
    expect(of('Electrician').filter((p) => p.includes('installer'))).toEqual(['/electrician/installer-agents', '/electrician/installer-agent', '/electrician/installer-agent/view/:id', '/electrician/installer-agent/:id']);
  });

  it('puts electricians and field workers in the Manage Electricians group after the aggregators, and in the agency and electrician menus', () => {
    const entries = (role: string) =>
      description.menu
        .filter((m) => m.roles.includes(role as 'Admin'))
        .sort((a, b) => (a.order ?? 500) - (b.order ?? 500))
        .map((m) => [m.labels.en, m.path, m.group?.name ?? null]);
    expect(entries('Admin').filter(([, , group]) => group === 'Manage Electricians')).toEqual([
      ['Aggregators', '/admin/aggregators', 'Manage Electricians'],
      ['Electricians', '/admin/electricians', 'Manage Electricians'],
      ['Field Workers', '/admin/electricians-installers', 'Manage Electricians'],
    ]);
    expect(entries('Agency')).toEqual([
      ['Electricians', '/agency/electricians', null],
      ['Electrician Agents', '/agency/electricians-agents', null],
      ['Installation Agents', '/agency/installation-agents', null],
      ['Audit Log', '/agency/audit-log', null],
    ]);
    expect(entries('Electrician')).toEqual([
      ['Field Workers', '/electrician/installer-agents', null],
      ['Audit Log', '/electrician/audit-log', null],
    ]);
  });

  it("owns Admin's tariffs and the four product lines' sliders: Tariffs before Electricity Retailers, a Sliders group after the Suppression List", () => {
    const paths = description.routes.map((r) => r.path);
    for (const path of ['/admin/tariffs', '/admin/tariff', '/admin/tariff/:id', '/admin/electricity-advisor/slider', '/admin/livelink/slider', '/admin/safelink/slider', '/admin/airlink/slider']) {
      expect(description.routes).toContainEqual({ path, access: ['Admin'] });
    }
    expect(new Set(paths).size).toBe(paths.length);
    const tariffs = description.menu.find((m) => m.labels.en === 'Tariffs');
    const retailers = description.menu.find((m) => m.labels.en === 'Electricity Retailers');
    expect(tariffs).toMatchObject({ path: '/admin/tariffs', roles: ['Admin'] });
    expect(tariffs?.order).toBeLessThan(retailers?.order ?? 0);
    const sliders = description.menu.filter((m) => m.group?.name === 'Sliders');
    expect(sliders.map((m) => [m.labels.en, m.path])).toEqual([
      ['Electricity Advisor', '/admin/electricity-advisor/slider'],
      ['Livelink', '/admin/livelink/slider'],
      ['Safelink', '/admin/safelink/slider'],
      ['Airlink', '/admin/airlink/slider'],
    ]);
    expect(sliders.every((m) => (m.order ?? 0) > 700 && m.roles.join() === 'Admin')).toBe(true);
  });

  it("owns Admin's agencies, integrations, partners and installer agents, and the agency's installation agents", () => {
    const agencyRoutes = description.routes.filter((r) => /installer-agenc|integration|partner|installer-agent|installation-agent/.test(r.path) && !r.path.startsWith('/electrician/'));
    expect(agencyRoutes).toEqual([
      { path: '/admin/installer-agencies', access: ['Admin'] },
      { path: '/admin/installer-agency', access: ['Admin'] },
      { path: '/admin/installer-agency/view/:id', access: ['Admin'] },
      { path: '/admin/installer-agency/:id', access: ['Admin'] },
      { path: '/admin/integrations', access: ['Admin'] },
      { path: '/admin/integration/view/:id', access: ['Admin'] },
      { path: '/admin/partners', access: ['Admin'] },
      { path: '/admin/partner/view/:id', access: ['Admin'] },
      { path: '/admin/installer-agents', access: ['Admin'] },
      { path: '/admin/installer-agent/view/:id', access: ['Admin'] },
      { path: '/admin/installer-agent/view/device/:id', access: ['Admin'] },
      { path: '/agency/installation-agents', access: ['Agency'] },
      { path: '/agency/installation-agent', access: ['Agency'] },
      { path: '/agency/installation-agents/view/:id', access: ['Agency'] },
      { path: '/agency/installation-agents/:id', access: ['Agency'] },
    ]);
  });

  it('puts Manage Agencies after Customers, Installer Agents after Manage Electricians, the agency\'s Installation Agents after Devices - VEU', () => {
    const mine = ['organisations.agencies', 'organisations.integrations', 'organisations.partners', 'organisations.installer-agents', 'organisations.installation-agents'];
    expect(description.menu.filter((m) => mine.includes(m.id)).map((m) => [m.labels.en, m.roles, m.group?.name ?? null, m.order])).toEqual([
      ['Agencies', ['Admin'], 'Manage Agencies', 300],
      ['Integrations', ['Admin'], 'Manage Agencies', 301],
      ['Partners', ['Admin'], 'Manage Agencies', 302],
      ['Installer Agents', ['Admin'], null, 450],
      ['Installation Agents', ['Agency'], null, 135],
    ]);
  });

  it("gives Admin and each organisation its Audit Log (issue 23), in its menu before Profile, under its role's prefix", () => {
    const audit = description.menu.filter((m) => m.path.endsWith('/audit-log')).map((m) => [m.roles, m.path, m.labels.hi, m.order]);
    expect(audit).toEqual([
      [['Admin'], '/admin/audit-log', 'ऑडिट लॉग', 900],
      [['Agency'], '/agency/audit-log', 'ऑडिट लॉग', 900],
      [['Electrician'], '/electrician/audit-log', 'ऑडिट लॉग', 900],
      [['mscc'], '/multisite/audit-log', 'ऑडिट लॉग', 900],
      [['sm'], '/sitemanager/audit-log', 'ऑडिट लॉग', 900],
    ]);
    expect(description.routes).toContainEqual({ path: '/admin/audit-log/security-events', access: ['Admin'] });
    expect(description.menu.some((m) => m.path === '/admin/audit-log/security-events')).toBe(false);
  });
});
