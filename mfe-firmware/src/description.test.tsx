import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description } from './description';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it('owns the firmware routes of spec 2.4 and the rollouts of issue 22, for Admin only', () => {
    expect(description.routes.map((route) => route.path)).toEqual([
      '/admin/firmwares',
      '/admin/OTAs',
      '/admin/OTA_History',
      '/admin/rules',
      '/admin/OTA-groups',
      '/admin/OTA-groups/:id',
      '/admin/rollouts',
      '/admin/rollouts/new',
      '/admin/rollouts/:id',
    ]);
    for (const route of description.routes) expect(route).toEqual({ path: route.path, access: ['Admin'] });
  });

  it('adds the Manage Firmwares menu group of spec 2.11 in its order, Admin only', () => {
    expect(description.menu.map((entry) => [entry.labels.en, entry.path])).toEqual([
      ['Firmwares', '/admin/firmwares'],
      ['OTAs', '/admin/OTAs'],
      ['OTA History', '/admin/OTA_History'],
      ['Rollouts', '/admin/rollouts'],
      ['Rules', '/admin/rules'],
      ['Groups', '/admin/OTA-groups'],
    ]);
    for (const entry of description.menu) {
      expect(entry).toMatchObject({ group: { name: 'Manage Firmwares', labels: { en: 'Manage Firmwares', hi: 'फ़र्मवेयर प्रबंधित करें' } }, roles: ['Admin'] });
    }
    const orders = description.menu.map((entry) => entry.order ?? 0);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });
});
