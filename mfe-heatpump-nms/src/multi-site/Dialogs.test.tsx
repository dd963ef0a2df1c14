import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, expectTexts, fakeApi, lastCall, listReply, openDialog, refusal, renderHeatPump, resetPage, saveIn, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
const ok = (message: string) => ({ body: { status: true, message } });
const COMPANY = { id: 4, company_name: 'Acme Sites', company_address: '1 Main St', contact_person_email: 'ops@acme.test', agencies: [{ id: 1, agency_name: 'Bright Homes' }], sites_count: 2, heat_pumps: 9, created_at: '2025-01-01T00:00:00.000Z' };
const agencies = (page: number) =>
  listReply(Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => ({ id: (page - 1) * 25 + i + 1, agency_name: `Agency ${(page - 1) * 25 + i + 1}` })), 30);

beforeEach(resetPage);

describe('New or Update Multi-Site Company', () => {
  it("Admin: every message of the spec, agencies 25 at a time (more on scroll), and the company saved", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/nms/multi-site-company/list': listReply([]),
      'GET /api/nms/agencies/options': (call) => agencies(Number(call.query.get('page'))),
      'POST /api/nms/multi-site-company/save': ok('Multi-site company added successfully'),
      'GET /api/nms/addresses/suggest': { body: { status: true, message: 'Addresses', info: [{ label: '9 Quay St Sydney NSW 2000', source: 'fleet' }] } },
    });
    const dialog = await openDialog('/admin/heat_pump/multi-site-company', 'Add New Multi-Site', 'New Multi-Site Company');
    await saveIn(dialog);
    await expectTexts(dialog, ['Please Select Agency', 'Company Name is required', 'Company Address is required', 'Contact Person Email is required']);
    await user.type(within(dialog).getByLabelText(/Account Admin Email/), 'not an email');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/nms/multi-site-company/save')).toHaveLength(0);
    // 25 agencies, then the next 25 when the list is scrolled to its end
    await within(dialog).findByText('Agency 25');
    const box = within(dialog).getByTestId('paged-choice');
    Object.defineProperty(box, 'scrollHeight', { value: 500 });
    Object.defineProperty(box, 'clientHeight', { value: 160 });
    box.scrollTop = 400;
    fireEvent.scroll(box);
    expect(await within(dialog).findByText('Agency 30')).toBeInTheDocument();
    expect(lastCall(calls, 'GET', '/api/nms/agencies/options').query.get('page')).toBe('2');
    await user.click(within(dialog).getByText('Agency 2'));
    expect(within(dialog).getByLabelText(/Company Name/)).toHaveAttribute('maxLength', '60');
    await user.type(within(dialog).getByLabelText(/Company Name/), 'Harbour Homes');
    await user.type(within(dialog).getByLabelText(/Company Address/), '9 Quay St');
    // suggestions for what is typed (after the filter debounce)
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/nms/addresses/suggest').at(-1)?.query.get('q')).toBe('9 Quay St'), { timeout: 3000 });
    await waitFor(() => expect(within(dialog).getByTestId('address-suggestions').querySelectorAll('option')).toHaveLength(1));
    expect(within(dialog).getByLabelText(/Company Address/)).toHaveAttribute('list', within(dialog).getByTestId('address-suggestions').id);
    const email = within(dialog).getByLabelText(/Account Admin Email/);
    await user.clear(email);
    await user.type(email, 'admin@harbour.test');
    await saveIn(dialog);
    await waitFor(() =>
      expect(lastCall(calls, 'POST', '/api/nms/multi-site-company/save').body).toEqual({
        agency_ids: [2],
        company_name: 'Harbour Homes',
        company_address: '9 Quay St',
        contact_person_email: 'admin@harbour.test',
      }),
    );
  });

  it('Agency updates its company: no agency choice, the email fixed; a refusal stays in the dialog', async () => {
    signInAs('Agency');
    const calls = fakeApi({ 'GET /api/nms/multi-site-company/list': listReply([COMPANY]), 'PUT /api/nms/multi-site-company/update': refusal(404, 'Not found') });
    const dialog = await openDialog('/agency/heat_pump/multi-site', 'Edit Acme Sites', 'Update Multi-Site Company');
    expect(within(dialog).queryByText('Agency')).toBeNull();
    expect(within(dialog).getByLabelText(/Account Admin Email/)).toBeDisabled();
    await saveIn(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found');
    expect(lastCall(calls, 'PUT', '/api/nms/multi-site-company/update').body).toEqual({ id: 4, company_name: 'Acme Sites', company_address: '1 Main St' });
    // only Admin decides who must sign in with a second factor (issue 24)
    expect(within(dialog).queryByRole('checkbox', { name: 'Require two-step sign-in' })).toBeNull();
  });

  it('Admin requires two-step sign-in of the company: the box is sent in the update (issue 24)', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/nms/multi-site-company/list': listReply([COMPANY]),
      'GET /api/nms/agencies/options': (call) => agencies(Number(call.query.get('page'))),
      'PUT /api/nms/multi-site-company/update': ok('Multi-site company updated successfully'),
    });
    const dialog = await openDialog('/admin/heat_pump/multi-site-company', 'Edit Acme Sites', 'Update Multi-Site Company');
    const box = within(dialog).getByRole('checkbox', { name: 'Require two-step sign-in' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await saveIn(dialog);
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/nms/multi-site-company/update')).toHaveLength(1));
    expect(lastCall(calls, 'PUT', '/api/nms/multi-site-company/update').body).toEqual({ id: 4, agency_ids: [1], company_name: 'Acme Sites', company_address: '1 Main St', second_factor_required: true });
  });
});

describe('New Site', () => {
  it("Admin must choose the company (Please Select MSC Contact); a company contact's site is its company's", async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/nms/sites/list': listReply([]),
      'GET /api/nms/multi-site-company/list': listReply([COMPANY]),
      'POST /api/nms/sites/save': ok('Site added successfully'),
    });
    const dialog = await openDialog('/admin/heat_pump/sites', 'Add New Site', 'New Site');
    await saveIn(dialog);
    await expectTexts(dialog, ['Please Select MSC Contact', 'Site Name is required', 'Site Address is required', 'Site Manager Name is required', 'Site Manager Email is required']);
    await user.click(await within(dialog).findByText('Acme Sites'));
    await user.type(within(dialog).getByLabelText(/Site Name/), 'Dock 1');
    await user.type(within(dialog).getByLabelText(/Site Address/), '1 Dock Rd');
    await user.type(within(dialog).getByLabelText(/Site Manager Name/), 'Pat Lee');
    await user.type(within(dialog).getByLabelText(/Site Manager Email/), 'pat@harbour.test');
    await saveIn(dialog);
    await waitFor(() =>
      expect(lastCall(calls, 'POST', '/api/nms/sites/save').body).toEqual({
        company_id: 4,
        site_name: 'Dock 1',
        site_address: '1 Dock Rd',
        site_manager_name: 'Pat Lee',
        site_manager_email: 'pat@harbour.test',
      }),
    );
  });

  it('mscc adds a site to its own company without choosing one; sm adds none', async () => {
    signInAs('mscc');
    const calls = fakeApi({ 'GET /api/nms/sites/list': listReply([]), 'POST /api/nms/sites/save': ok('Site added successfully') });
    const dialog = await openDialog('/multisite/sites', 'Add New Site', 'New Site');
    expect(within(dialog).queryByText('Multi Site Company')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Site Name/), 'Annex');
    await user.type(within(dialog).getByLabelText(/Site Address/), '3 Side St');
    await user.type(within(dialog).getByLabelText(/Site Manager Name/), 'Kim Roe');
    await user.type(within(dialog).getByLabelText(/Site Manager Email/), 'kim annex.test');
    await saveIn(dialog);
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Site Manager Email/));
    await user.type(within(dialog).getByLabelText(/Site Manager Email/), 'kim@annex.test');
    await saveIn(dialog);
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/nms/sites/save').body).toEqual({ site_name: 'Annex', site_address: '3 Side St', site_manager_name: 'Kim Roe', site_manager_email: 'kim@annex.test' }));
  });

  it('a site manager sees its sites without Add New Site', async () => {
    signInAs('sm');
    fakeApi({ 'GET /api/nms/sites/list': listReply([]) });
    renderHeatPump('/sitemanager/sites');
    await screen.findByRole('table', { name: 'Sites' });
    expect(screen.queryByRole('button', { name: 'Add New Site' })).toBeNull();
  });
});
