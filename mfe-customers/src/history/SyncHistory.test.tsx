import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fileReply, lastCall, listReply, messageReply, notifications, renderCustomers, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);
afterEach(() => jest.restoreAllMocks());

describe('Auto Sync and Weekly Report history', () => {
  it("shows the customer's syncs of the URL's type and its feedback, and downloads the feedback CSV", async () => {
    signInAs('Agency');
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:feedback');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = fakeApi({
      'GET /api/agency/customer/sync-history': listReply([
        { id: 2, status: 'failed', detail: 'The report mail bounced', created_at: '2022-03-22T08:00:00.000Z' },
        { id: 1, status: 'enabled', detail: null, created_at: '2022-03-15T08:00:00.000Z' },
      ]),
      'GET /api/agency/customer/feedback-history': listReply([{ id: 4, sync_type: 'weekly_report', rating: 3, comment: 'The report arrived late', created_at: '2022-04-05T09:00:00.000Z' }]),
      'GET /api/agency/customer/export-feedback': fileReply('Date,Email ID,Type,Rating,Comment\n', 'Feedback-7.csv'),
      'GET /api/agency/customer/export-feedback-email': messageReply('The feedback was sent to agency@fleet.test'),
    });
    renderCustomers('/agency/customer/auto-sync/7?synctype=weekly_report');
    expect(await screen.findByRole('heading', { name: 'Weekly Report History' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Weekly Report History' });
    expect(await within(table).findByText('The report mail bounced')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Switched on')).toBeInTheDocument();
    expect(Object.fromEntries(lastCall(calls, 'GET', '/api/agency/customer/sync-history').query)).toMatchObject({ customer_id: '7', sync_type: 'weekly_report' });
    expect(await screen.findByText('The report arrived late')).toBeInTheDocument();
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export Feedback' }));
    await waitFor(() => expect(saved).toEqual(['Feedback-7.csv']));
    await user.click(screen.getByRole('button', { name: 'Email Feedback' }));
    await waitFor(() => expect(notifications().some((n) => n.message === 'The feedback was sent to agency@fleet.test')).toBe(true));
    expect(lastCall(calls, 'GET', '/api/agency/customer/export-feedback-email').query.get('customer_id')).toBe('7');
  });
});
