import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, currentUrl, fakeApi, lastCall, listReply, messageReply, refusedReply, renderFirmware, resetPage, signInAsAdmin } from '../test-support';
import { previewInfo } from './test-rollouts';

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  resetPage();
  signInAsAdmin('livelink');
});

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/ota/firmware-versions': messageReply('Versions', [{ version: '2.0.99' }, { version: '2.0.0' }]),
    'GET /api/ota/running-versions': messageReply('Versions', [
      { version: '1.0.0', devices: 100, uploaded: false },
      { version: '1.1.0', devices: 20, uploaded: true },
    ]),
    'GET /api/ota/group/all': listReply([]),
    'POST /api/ota/rollout/preview': messageReply('Rollout preview', previewInfo()),
    ...extra,
  });
}

async function fillForm() {
  await user.type(await screen.findByLabelText(/^Name/), 'Canary 2.0.99');
  await user.selectOptions(screen.getByLabelText(/^Target firmware/), '2.0.99');
  await user.click(await screen.findByText('1.0.0 · 100 devices'));
}

const waveSize = (n: number) => screen.getByRole('textbox', { name: `Wave ${n} (%)` });
const start = () => screen.getByRole('button', { name: 'Start rollout' });

describe('New rollout', () => {
  it("says each problem on its field, in the contract's words, before sending anything", async () => {
    const calls = api();
    renderFirmware('/admin/rollouts/new');
    await screen.findByText('1.0.0 · 100 devices');
    await user.clear(waveSize(3));
    await user.type(waveSize(3), '5');
    await user.clear(screen.getByLabelText(/^Failure share above/));
    await user.type(screen.getByLabelText(/^Failure share above/), '120');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Please fill name')).toBeInTheDocument();
    expect(screen.getByText('Please select the target firmware')).toBeInTheDocument();
    expect(screen.getByText('from_versions must name at least one version')).toBeInTheDocument();
    expect(screen.getByText('waves[2] must be larger than the wave before it')).toBeInTheDocument();
    expect(screen.getByText('failure_threshold_percent must be from 0 to 100')).toBeInTheDocument();
    expect(waveSize(3)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/api/ota/rollout/preview')).toEqual([]);
    expect(screen.queryByText('Halt when updated heat pumps raise new faults')).toBeNull();
    // fixed as typed
    await user.clear(waveSize(3));
    await user.type(waveSize(3), '50');
    expect(screen.queryByText('waves[2] must be larger than the wave before it')).toBeNull();
  });

  it('starts only after a preview of the choice as it is now, and opens the new rollout', async () => {
    const calls = api({ 'POST /api/ota/rollout/add': messageReply('Rollout started', { id: 31, devices: 120 }), 'GET /api/ota/rollout/info': refusedReply(404, 'Rollout not found') });
    const view = renderFirmware('/admin/rollouts/new');
    await fillForm();
    expect(start()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = await screen.findByRole('region', { name: 'Preview' });
    expect(within(panel).getByText('Reaches 120 devices')).toBeInTheDocument();
    expect(within(panel).getByText('Already on the target').nextSibling).toHaveTextContent('30');
    expect(within(panel).getByText('1.1.0').nextSibling).toHaveTextContent('20');
    expect(lastCall(calls, 'POST', '/api/ota/rollout/preview').body).toEqual({
      deviceType: 'livelink',
      firmware_version: '2.0.99',
      from_versions: ['1.0.0'],
      waves: [
        { percent: 1, approval: false },
        { percent: 10, approval: true },
        { percent: 50, approval: false },
        { percent: 100, approval: false },
      ],
    });
    expect(start()).toBeEnabled();
    expect(lastCall(calls, 'GET', '/api/ota/group/all').query.get('sortBy')).toBe('name');
    // a changed choice needs a new preview
    await user.click(screen.getByText('1.1.0 · 20 devices'));
    expect(start()).toBeDisabled();
    expect(screen.getByText(/The form changed since the preview/)).toBeInTheDocument();
    await user.click(screen.getByText('1.1.0 · 20 devices'));
    expect(start()).toBeEnabled();
    await user.click(start());
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/ota/rollout/add')).toHaveLength(1));
    expect(lastCall(calls, 'POST', '/api/ota/rollout/add').body).toMatchObject({
      name: 'Canary 2.0.99',
      from_versions: ['1.0.0'],
      max_in_flight: 50,
      max_per_minute: 20,
      failure_threshold_percent: 10,
      min_finished: 20,
      timeout_minutes: 60,
      max_device_failures: 2,
    });
    await waitFor(() => expect(currentUrl(view)).toBe('/admin/rollouts/31'));
  });

  it("says a 400's message on the form and keeps everything typed", async () => {
    const calls = api({ 'POST /api/ota/rollout/add': refusedReply(400, 'firmware_version 2.0.99 is not an uploaded firmware of livelink') });
    renderFirmware('/admin/rollouts/new');
    await fillForm();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Reaches 120 devices');
    await user.click(start());
    expect(await screen.findAllByText('firmware_version 2.0.99 is not an uploaded firmware of livelink')).not.toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/ota/rollout/add')).toHaveLength(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Canary 2.0.99');
    expect(screen.getByLabelText(/^Target firmware/)).toHaveValue('2.0.99');
    expect(screen.getByRole('checkbox', { name: '1.0.0 · 100 devices' })).toBeChecked();
    expect(waveSize(2)).toHaveValue('10');
  });

  it('offers the fault guard on heat pumps only', async () => {
    resetPage();
    signInAsAdmin('heat_pump');
    api();
    renderFirmware('/admin/rollouts/new');
    await screen.findByText('1.0.0 · 100 devices');
    expect(screen.getByText('Halt when updated heat pumps raise new faults')).toBeInTheDocument();
  });
});
