import { within } from '@testing-library/react';
import { expectMountsAndUnmounts, expectSentToLogin, mountRemote } from '@fleet/shared-ui/testing';
import * as app from './app';
import { fakeApi, listReply, resetPage, signInAsAdmin } from './test-support';

beforeEach(resetPage);

describe('./app lifecycles', () => {
  it('bootstraps its i18n bundles, mounts the screen of the URL into props.domElement, and unmounts cleanly', async () => {
    signInAsAdmin('livelink');
    fakeApi({ 'GET /api/ota/rule/list': listReply([]), 'GET /api/ota/firmware-versions': { body: { status: true, message: '', info: [] } } });
    await expectMountsAndUnmounts(app, 'mfe-firmware', { namespace: 'firmware', path: '/admin/rules', heading: 'Rules' });
  });

  it('sends a signed-in non-Admin away to /login and renders nothing on paths of other remotes', async () => {
    await expectSentToLogin(app, 'mfe-firmware', '/admin/OTA-groups');
  });
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
