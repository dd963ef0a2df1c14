import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, expectTexts, fakeApi, lastCall, listReply, openDialog, renderHeatPump, resetPage, saveIn, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const ok = (message: string) => ({ body: { status: true, message } });
const SITE = { id: 8, site_name: 'North Depot', site_address: '2 North Rd', site_manager_name: 'Helen', site_manager_email: 'h@acme.test', company_id: 4, company_name: 'Acme Sites', heat_pumps: 6 };
const MANAGER = { id: 5, first_name: 'Helen', last_name: 'Carmody', email: 'sm@demo.test', company_id: 4, company_name: 'Acme Sites', site_ids: [8], sites: [{ id: 8, site_name: 'North Depot' }] };

beforeEach(resetPage);

describe('Site Managers', () => {
  it('mscc adds one: Please Select Site, names required, a valid email; the sites chosen are sent', async () => {
    signInAs('mscc');
    const calls = fakeApi({ 'GET /api/nms/site-managers/list': listReply([MANAGER]), 'GET /api/nms/sites/list': listReply([SITE]), 'POST /api/nms/site-managers/save': ok('Site manager added successfully') });
    renderHeatPump('/multisite/site-managers');
    expect(await screen.findByText('Helen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Site Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Site Manager' });
    await saveIn(dialog);
    await expectTexts(dialog, ['Please Select Site', 'First Name is required', 'Last Name is required', 'Site Manager Email is required']);
    await user.click(await within(dialog).findByText('North Depot (Acme Sites)'));
    await user.type(within(dialog).getByLabelText(/First Name/), 'Rae');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Quinn');
    await user.type(within(dialog).getByLabelText(/^Email/), 'rae@acme.test');
    await saveIn(dialog);
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/nms/site-managers/save').body).toEqual({ site_ids: [8], first_name: 'Rae', last_name: 'Quinn', email: 'rae@acme.test' }));
  });

  it('an update keeps the email (disabled, not sent); a site manager only reads the list', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/nms/site-managers/list': listReply([MANAGER]), 'GET /api/nms/sites/list': listReply([SITE]), 'PUT /api/nms/site-managers/update': ok('Site manager updated successfully') });
    const dialog = await openDialog('/admin/heat_pump/site-managers', 'Edit Helen Carmody', 'Update Site Manager');
    expect(within(dialog).getByLabelText(/^Email/)).toBeDisabled();
    await saveIn(dialog);
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/nms/site-managers/update').body).toEqual({ id: 5, site_ids: [8], first_name: 'Helen', last_name: 'Carmody' }));
  });

  it('a site manager has no Add or Edit', async () => {
    signInAs('sm');
    fakeApi({ 'GET /api/nms/site-managers/list': listReply([MANAGER]) });
    renderHeatPump('/sitemanager/site-managers');
    await screen.findByText('Helen');
    expect(screen.queryByRole('button', { name: 'Add New Site Manager' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Helen Carmody' })).toBeNull();
  });
});

describe('Multi Site Contacts', () => {
  it('mscc adds one: the contact number takes digits only, 8 to 13 of them', async () => {
    signInAs('mscc');
    const calls = fakeApi({ 'GET /api/nms/contacts/list': listReply([]), 'POST /api/nms/contacts/save': ok('Contact added successfully') });
    const dialog = await openDialog('/multisite/contacts', 'Add New Contact', 'New Multi Site Contact');
    await saveIn(dialog);
    await expectTexts(dialog, ['First Name is required', 'Last Name is required', 'Contact Number is required', 'Email is required']);
    const number = within(dialog).getByLabelText(/Contact Number/);
    await user.type(number, '04-12 34a5');
    expect(number).toHaveValue('0412345');
    expect(number).toHaveAttribute('maxLength', '13');
    await user.type(within(dialog).getByLabelText(/First Name/), 'Lou');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Park');
    await user.type(within(dialog).getByLabelText(/^Email/), 'lou@acme.test');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Please enter a valid contact no.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/nms/contacts/save')).toHaveLength(0);
    await user.type(number, '8');
    await saveIn(dialog);
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/nms/contacts/save').body).toEqual({ first_name: 'Lou', last_name: 'Park', contact_no: '04123458', email: 'lou@acme.test' }));
  });
});

describe('Multi Site Contacts (Admin)', () => {
  it('Admin chooses the company first (Please Select Multisite)', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/nms/contacts/list': listReply([]),
      'GET /api/nms/multi-site-company/list': listReply([{ id: 4, company_name: 'Acme Sites', company_address: null, contact_person_email: null, agencies: [], sites_count: 0, heat_pumps: 0, created_at: '2025-01-01T00:00:00.000Z' }]),
      'POST /api/nms/contacts/save': ok('Contact added successfully'),
    });
    const dialog = await openDialog('/admin/heat_pump/multi-site-contacts', 'Add New Contact', 'New Multi Site Contact');
    await user.type(within(dialog).getByLabelText(/First Name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Ode');
    await user.type(within(dialog).getByLabelText(/Contact Number/), '0298765432');
    await user.type(within(dialog).getByLabelText(/^Email/), 'ann@acme.test');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Please Select Multisite')).toBeInTheDocument();
    await user.click(await within(dialog).findByText('Acme Sites'));
    await saveIn(dialog);
    await waitFor(() =>
      expect(lastCall(calls, 'POST', '/api/nms/contacts/save').body).toEqual({ company_id: 4, first_name: 'Ann', last_name: 'Ode', contact_no: '0298765432', email: 'ann@acme.test' }),
    );
  });
});

