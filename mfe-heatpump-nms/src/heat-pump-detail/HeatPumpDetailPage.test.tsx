import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeatPumpInfo } from '../api/heat-pumps';
import { heatPump } from '../test-fixtures';
import { currentUrl, fakeApi, renderHeatPump, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });

const INFO: HeatPumpInfo = {
  ...heatPump(7),
  model_name: 'HP-270',
  device_operation_status: 0,
  open_faults: 2,
  fault_code: 'E96',
  customer_name: 'Kim Lee',
  customer_email: 'kim@example.test',
  site_name: 'North Depot',
  company_name: 'Acme Sites',
  electrician_name: null,
};

beforeEach(resetPage);

describe('heat-pump device page', () => {
  it('shows identity, live state, place and people, and opens the fault history', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/heat-pump/info/7': { body: { status: true, message: 'Heat pump', info: INFO } } });
    const view = renderHeatPump('/admin/heat_pump/device/view/7?back=%2Fadmin%2Fheat_pump%2Fdevices%3Fpage%3D2');
    expect(await screen.findByRole('heading', { name: 'Heat Pump 200000000007' })).toBeInTheDocument();
    const facts = document.querySelector('dl');
    expect(facts).not.toBeNull();
    expect(within(facts as HTMLElement).getByText('HP-270')).toBeInTheDocument();
    expect(within(facts as HTMLElement).getByText('Off').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(within(facts as HTMLElement).getByText('E96 Communication Failure Compressor Driver Board-Main Board')).toBeInTheDocument();
    expect(within(facts as HTMLElement).getByText('North Depot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fault History' }));
    expect(new URL(currentUrl(view), 'http://x').pathname).toBe('/admin/heat_pump/faulty-systems/view/faulty-history/7');
  });

  it('Back returns to the list as it was; a heat pump outside the slice says so', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/info/8': { status: 404, body: { status: false, message: 'Device not found' } } });
    const view = renderHeatPump('/user/device/view/8?back=%2Fuser%2Fdashboard%3Fpage%3D2');
    expect(await screen.findByText('This heat pump does not exist or is not yours to see.')).toBeInTheDocument();
    // User has no Attention list: no fault history button
    expect(screen.queryByRole('button', { name: 'Fault History' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl(view)).toBe('/user/dashboard?page=2');
  });

  it('Back never leaves the console', async () => {
    signInAs('User');
    fakeApi({ 'GET /api/heat-pump/info/8': { body: { status: true, message: 'Heat pump', info: { ...INFO, id: 8 } } } });
    const view = renderHeatPump('/user/device/view/8?back=%2F%2Fevil.test%2Fx');
    await screen.findByRole('heading', { name: 'Heat Pump 200000000007' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentUrl(view)).toBe('/user/dashboard');
  });
});
