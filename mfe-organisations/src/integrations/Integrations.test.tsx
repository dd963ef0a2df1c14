import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, filterOf, lastCall, listReply, messageReply, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(() => {
  resetPage();
  signInAs('Admin', { product: 'livelink' });
});

const ROW = {
  id: 1,
  agency_name: 'Sunrise Installers',
  status: 'Active',
  flows: ['install', 'replace', 'remove'],
  device_type: ['livelink', 'safelink'],
  agents: 3,
  agents_ready: 2,
  channels: { installer_app: 40, customer_app: 12, console: 7, other: 1 },
  devices: 60,
};

describe('Integrations', () => {
  it("lists each agency's installer-app set-up and devices per channel, filtered by flow", async () => {
    const calls = fakeApi({ 'GET /api/integration/get/all': listReply([ROW]) });
    renderOrganisations('/admin/integrations');
    const table = await screen.findByRole('table', { name: 'Integrations' });
    const row = (await within(table).findByRole('link', { name: 'Sunrise Installers' })).closest('tr') as HTMLElement;
    expect(within(table).getByRole('link', { name: 'Sunrise Installers' })).toHaveAttribute('href', '/admin/integration/view/1');
    expect(within(row).getByText('Install, Replace, Remove')).toBeInTheDocument();
    expect(within(row).getByText('2 of 3')).toBeInTheDocument();
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Sunrise Installers', 'Active', 'Install, Replace, Remove', '2 of 3', '40', '12', '7', '1', '60']);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('Remove'));
    await user.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/integration/get/all'))).toEqual([{ key: 'flows', value: 'remove', type: 'single' }]));
  });

  it("shows one agency's integration: its set-up, devices per channel and product, and its devices by channel", async () => {
    const calls = fakeApi({
      'GET /api/integration/get/1': messageReply('Integration', {
        ...ROW,
        email_notification: true,
        agents_in_active: 1,
        agents_without_password: 0,
        lines: [
          { installed_via: 'Console', product_line: 'livelink', devices: 7 },
          { installed_via: 'Installer App', product_line: 'safelink', devices: 40 },
          { installed_via: null, product_line: 'livelink', devices: 1 },
        ],
      }),
      'GET /api/agency/get-devices': listReply([]),
    });
    renderOrganisations('/admin/integration/view/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunrise Installers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/installer-agency/1');
    const perChannel = screen.getByRole('table', { name: 'Devices per channel and product' });
    expect(within(perChannel).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['ConsoleLivelink7', 'Installer AppSafelink40', 'Not recordedLivelink1']);
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/agency/get-devices').query.get('agency_id')).toBe('1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'Customer App');
    await waitFor(() => expect(filterOf(lastCall(calls, 'GET', '/api/agency/get-devices'))).toEqual([{ key: 'installed_via', value: 'Customer App', type: 'single' }]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), '');
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/agency/get-devices').query.get('filter')).toBeNull());
  });
});
