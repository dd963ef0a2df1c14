// Issue 23: recording cannot be forgotten. Every write route of app.fleetRoutes is recorded by the
// audit hook (policy/audit.ts), by its declaration or the default; a route that records nothing says
// why. A route added without any thought still gets an entry, because the hook wraps it.
import { appForFile } from '../support/app';
import { defaultAction, entityOfPath } from '../../src/policy/audit-vocabulary';

const t = appForFile({}, { devices: 20 });

describe('the write routes', () => {
  it('each has an audit recording: in its transaction, after it, or none with a reason', () => {
    const writes = t.app.fleetRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(80);
    const unrecorded = writes.filter((r) => !r.audit).map((r) => `${r.method} ${r.url}`);
    expect(unrecorded).toEqual([]);
    const silent = writes.filter((r) => r.audit?.mode === 'none' && !r.audit.reason).map((r) => `${r.method} ${r.url}`);
    expect(silent).toEqual([]);
    // what records nothing is the sign-in's steps before the code, the passkey challenges (sign-in and
    // registration: recorded when verified), the mails of links and the rollout preview (a POST that
    // only counts), and nothing else
    expect(writes.filter((r) => r.audit?.mode === 'none').map((r) => r.url).sort()).toEqual([
      '/api/authenticate/login',
      '/api/authenticate/passkey/options',
      '/api/authenticate/resend-otp',
      '/api/electrician/reset-password-request',
      '/api/ota/rollout/preview',
      '/api/profile/passkeys/register/options',
      '/api/reset-password-request',
      '/api/send-verification-mail',
      '/api/token-refresh',
    ]);
  });

  it('the export download, a GET, is recorded too', () => {
    const download = t.app.fleetRoutes.find((r) => r.url === '/api/export/download/:id/:slot');
    expect(download?.audit).toMatchObject({ mode: 'after', action: 'export_downloaded', entity: 'export' });
  });

  it('a route that declares nothing gets its action from its method and path and its object from its rows or path', () => {
    expect(defaultAction('POST', '/api/aggregators/add')).toBe('create');
    expect(defaultAction('PUT', '/api/aggregators/edit/:id')).toBe('update');
    expect(defaultAction('DELETE', '/api/aggregators/delete/:id')).toBe('delete');
    expect(defaultAction('POST', '/api/device/export')).toBe('export_started');
    expect(defaultAction('POST', '/api/heat-pump/faults/resolve')).toBe('resolve');
    expect(defaultAction('PUT', '/api/nms/devices/assign')).toBe('assign');
    expect(defaultAction('POST', '/api/ota/push')).toBe('push');
    expect(defaultAction('PUT', '/api/ota/rollout/pause')).toBe('rollout_action');
    expect(defaultAction('POST', '/api/ota/update-firmware')).toBe('push');
    expect(defaultAction('POST', '/api/heat-pump/model/save')).toBe('update');
    expect(entityOfPath('/api/ota/group/update-data')).toBe('ota_group');
    expect(entityOfPath('/api/nms/site-managers/save')).toBe('site_manager');
  });
});
