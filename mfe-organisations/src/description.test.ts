import { expectRemoteContract } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { description } from './description';

describe('description', () => {
  it('keeps the remote contract (name and version of package.json, shared singletons at its ranges, type-only imports)', () => {
    expectRemoteContract(description, path.join(__dirname, '..'));
  });

  it("owns Admin's aggregators, retailers, agencies, integrations, partners and installer agents, and the agency's installation agents", () => {
    expect(description.routes).toEqual([
      { path: '/admin/aggregators', access: ['Admin'] },
      { path: '/admin/electricity-retailers', access: ['Admin'] },
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

  it('puts its entries in the menus where spec 2.11 does', () => {
    expect(description.menu.map((m) => [m.label, m.roles, m.group ?? null, m.order])).toEqual([
      ['Aggregators', ['Admin'], 'Manage Electricians', 400],
      ['Electricity Retailers', ['Admin'], null, 510],
      ['Agencies', ['Admin'], 'Manage Agencies', 300],
      ['Integrations', ['Admin'], 'Manage Agencies', 301],
      ['Partners', ['Admin'], 'Manage Agencies', 302],
      ['Installer Agents', ['Admin'], null, 450],
      ['Installation Agents', ['Agency'], null, 135],
    ]);
  });
});
