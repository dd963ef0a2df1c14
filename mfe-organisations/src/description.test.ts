import { expectRemoteContract } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { description } from './description';

describe('description', () => {
  it('keeps the remote contract (name and version of package.json, shared singletons at its ranges, type-only imports)', () => {
    expectRemoteContract(description, path.join(__dirname, '..'));
  });

  it("owns Admin's aggregators and electricity retailers, in the menu where spec 2.11 puts them", () => {
    expect(description.routes).toEqual([
      { path: '/admin/aggregators', access: ['Admin'] },
      { path: '/admin/electricity-retailers', access: ['Admin'] },
    ]);
    expect(description.menu.map((m) => [m.label, m.group ?? null])).toEqual([
      ['Aggregators', 'Manage Electricians'],
      ['Electricity Retailers', null],
    ]);
  });
});
