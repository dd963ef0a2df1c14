import { itKeepsRemoteContract } from '@fleet/shared-ui/testing';
import { description } from './description';

describe('description', () => {
  itKeepsRemoteContract(description, __dirname);

  it('owns the firmware routes of spec 2.4, for Admin only', () => {
    expect(description.routes).toEqual([
      { path: '/admin/firmwares', access: ['Admin'] },
      { path: '/admin/OTAs', access: ['Admin'] },
      { path: '/admin/OTA_History', access: ['Admin'] },
      { path: '/admin/rules', access: ['Admin'] },
      { path: '/admin/OTA-groups', access: ['Admin'] },
      { path: '/admin/OTA-groups/:id', access: ['Admin'] },
    ]);
  });

  it('adds the Manage Firmwares menu group of spec 2.11 in its order, Admin only', () => {
    expect(description.menu.map((entry) => [entry.labels.en, entry.path])).toEqual([
      ['Firmwares', '/admin/firmwares'],
      ['OTAs', '/admin/OTAs'],
      ['OTA History', '/admin/OTA_History'],
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
