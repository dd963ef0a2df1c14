import { within } from '@testing-library/react';
import { describeRemoteApp, mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAsAdmin } from './test-support';

beforeEach(resetPage);

describeRemoteApp(app, 'mfe-firmware', {
  mounts: {
    signIn: () => signInAsAdmin('livelink'),
    api: { 'GET /api/ota/rule/list': listReply([]), 'GET /api/ota/firmware-versions': { body: { status: true, message: '', info: [] } } },
    namespace: 'firmware',
    path: '/admin/rules',
    heading: 'Rules',
  },
  sentToLogin: { path: '/admin/OTA-groups', title: 'sends a signed-in non-Admin away to /login and renders nothing on paths of other remotes' },
});

describe('inside the console', () => {
  // the shell's <main> holds every remote's screen: a second one inside it is a landmark too many
  it.each(['/admin/firmwares', '/admin/OTAs', '/admin/OTA_History', '/admin/rules', '/admin/OTA-groups', '/admin/OTA-groups/3'])('%s adds no main landmark of its own', async (path) => {
    signInAsAdmin('livelink');
    fakeApi({});
    const remote = await mountRemote(app, 'mfe-firmware', path);
    expect(await within(remote.domElement).findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(remote.domElement).queryByRole('main')).toBeNull();
    await remote.unmount();
  });
});
