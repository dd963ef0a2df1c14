// A second factor required where an organisation wants it (issue 24, docs/second-factor.md "Required
// where wanted"): Admin ticks it on an agency, an electrician company or a multi-site company (or sets
// it for Admin accounts); their users without one sign in to a session that can only set one up.
import type { AddressInfo } from 'node:net';
import { TOTP, URI } from 'otpauth';
import { loadConfig } from '../src/config';
import { appForFile, bearer, bearersFor, DEMO_PASSWORD, post, signIn, type SignedIn } from './support/app';
import { listenLive } from './support/live-socket';

const t = appForFile();
const admin = bearersFor(t, ['Admin']);

const PERIOD_MS = 30_000;

interface Reply {
  statusCode: number;
  body: { status: boolean; message: string; code?: string; info?: Record<string, unknown> };
}

async function call(token: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object): Promise<Reply> {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { statusCode: res.statusCode, body: res.json() };
}

async function asAdmin(url: string, method: 'GET' | 'PUT' = 'GET', payload?: object): Promise<Reply> {
  const res = await t.app.inject({ method, url, headers: admin.Admin, ...(payload ? { payload } : {}) });
  return { statusCode: res.statusCode, body: res.json() };
}

/** The answer's fields that are set, as a form sends them back (nulls left out). */
function given(info: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => info[f] !== null && info[f] !== undefined).map((f) => [f, info[f]]));
}

const userRow = async (email: string) =>
  (await t.db.query<{ agency_id: number; electrician_id: number; company_id: number; site_manager_id: number }>(
    'SELECT agency_id::int, electrician_id::int, company_id::int, site_manager_id::int FROM users WHERE email = $1',
    [email],
  )).rows[0];

/** Admin's edit of each organisation with the box ticked (or not), through the form's update call. */
const requireFor = {
  async agency(email: string, on: boolean): Promise<boolean> {
    const id = (await userRow(email))?.agency_id;
    const info = (await asAdmin(`/api/agency/get/${id}`)).body.info ?? {};
    const form = given(info, ['agency_name', 'email', 'postcode', 'contact_first_name', 'contact_last_name', 'contact', 'abn_no', 'country', 'state', 'city', 'street_address', 'plot_address', 'status', 'email_notification']);
    const saved = await asAdmin(`/api/agency/edit/${id}`, 'PUT', {
      ...form,
      flows: (info.flows as string[]).join(','),
      deviceType: (info.device_type as string[]).join(','),
      second_factor_required: on,
    });
    expect(saved.statusCode).toBe(200);
    return (await asAdmin(`/api/agency/get/${id}`)).body.info?.second_factor_required as boolean;
  },
  async electrician(email: string, on: boolean): Promise<boolean> {
    const id = (await userRow(email))?.electrician_id;
    const info = (await asAdmin(`/api/electrician/get/${id}`)).body.info ?? {};
    const aggregator = info.aggregator_id ?? (await t.db.query<{ id: number }>('SELECT id::int FROM aggregators ORDER BY id LIMIT 1')).rows[0]?.id;
    const form = given(info, ['first_name', 'last_name', 'email', 'phone_no', 'company_name', 'abn_number', 'eid', 'address', 'city', 'state', 'postcode', 'status']);
    const saved = await asAdmin(`/api/electrician/edit/${id}`, 'PUT', { ...form, aggregator_id: aggregator, second_factor_required: on });
    expect(saved.statusCode).toBe(200);
    return (await asAdmin(`/api/electrician/get/${id}`)).body.info?.second_factor_required as boolean;
  },
  async company(companyId: number, on: boolean): Promise<boolean> {
    const info = (await asAdmin(`/api/nms/dashboard/msc/${companyId}/get`)).body.info ?? {};
    const saved = await asAdmin('/api/nms/multi-site-company/update', 'PUT', {
      id: companyId,
      company_name: info.company_name,
      company_address: info.company_address,
      agency_ids: (info.agencies as Array<{ id: number }>).map((a) => a.id),
      second_factor_required: on,
    });
    expect(saved.statusCode).toBe(200);
    return (await asAdmin(`/api/nms/dashboard/msc/${companyId}/get`)).body.info?.second_factor_required as boolean;
  },
};

const companyOfSiteManager = async (email: string) =>
  (await t.db.query<{ id: number }>('SELECT sm.company_id::int AS id FROM users u JOIN site_managers sm ON sm.id = u.site_manager_id WHERE u.email = $1', [email])).rows[0]?.id ?? 0;

/** The authenticator app of a setup's otpauth:// address, and the code it shows on the server's clock. */
function authenticatorOf(setup: Reply): TOTP {
  const parsed = URI.parse(String(setup.body.info?.otpauth_url));
  if (!(parsed instanceof TOTP)) throw new Error('not a TOTP address');
  return parsed;
}
const codeOf = (app: TOTP): string => app.generate({ timestamp: t.clock.now().getTime() });
function nextStep(): void {
  const ms = t.clock.now().getTime();
  t.clock.advance((PERIOD_MS - (ms % PERIOD_MS)) / 1000);
}

const refresh = async (session: SignedIn): Promise<SignedIn> => {
  const res = await post(t.app, '/api/token-refresh', { refresh_token: session.refresh_token });
  expect(res.statusCode).toBe(200);
  return res.json<SignedIn>();
};

interface Covered {
  who: string;
  email: string;
  /** The role's own profile reads (with what its form needs), and a call of its work. */
  profile: string[];
  work: string;
  require: (on: boolean) => Promise<boolean>;
}

const COVERED: Covered[] = [
  { who: 'an agency', email: 'agency@demo.test', profile: ['/api/agency/getprofile'], work: '/api/agency/nms/dashboard/counts', require: (on) => requireFor.agency('agency@demo.test', on) },
  { who: 'an electrician company', email: 'electrician@demo.test', profile: ['/api/electrician/getprofile', '/api/aggregators/get-list'], work: '/api/electrician/devices/all', require: (on) => requireFor.electrician('electrician@demo.test', on) },
  {
    who: 'a multi-site company (its account admin)',
    email: 'mscc@demo.test',
    profile: ['/api/mscc/nms/profile/get'],
    work: '/api/mscc/nms/dashboard/counts',
    require: async (on) => requireFor.company((await userRow('mscc@demo.test'))?.company_id ?? 0, on),
  },
  {
    who: 'a multi-site company (a site manager of it)',
    email: 'sm@demo.test',
    profile: ['/api/sm/nms/profile/get'],
    work: '/api/sm/nms/dashboard/counts',
    require: async (on) => requireFor.company(await companyOfSiteManager('sm@demo.test'), on),
  },
];

describe.each(COVERED)('a user of $who that requires a second factor', ({ email, profile, work, require }) => {
  it('signs in to a session that can only set one up; the authenticator turned on opens everything', async () => {
    // from no requirement anywhere (an electrician of an agency is that agency's user too)
    await t.db.query('UPDATE agencies SET second_factor_required = false');
    await t.db.query('UPDATE electricians SET second_factor_required = false');
    await t.db.query('UPDATE multi_site_companies SET second_factor_required = false');
    expect((await signIn(t.app, email)).info).not.toHaveProperty('second_factor_setup');
    expect(await require(true)).toBe(true);

    const session = await signIn(t.app, email);
    expect(session.info).toMatchObject({ second_factor_setup: true });
    const refused = await call(session.token, work);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ status: false, code: 'mfa.setupRequired', message: 'Set up two-step sign-in to continue: your organisation requires it' });
    for (const allowed of ['/api/profile/mfa', ...profile, '/api/profile/sessions', '/api/profile/passkeys']) expect([allowed, (await call(session.token, allowed)).statusCode]).toEqual([allowed, 200]);

    // a refresh keeps the flag, and the new token is held to it too
    const renewed = await refresh(session);
    expect(renewed.info).toMatchObject({ second_factor_setup: true });
    expect((await call(renewed.token, work)).statusCode).toBe(403);

    const setup = await call(renewed.token, '/api/profile/mfa/totp/setup', 'POST');
    expect(setup.statusCode).toBe(200);
    const app = authenticatorOf(setup);
    expect((await call(renewed.token, '/api/profile/mfa/totp/enable', 'POST', { code: codeOf(app) })).statusCode).toBe(200);
    expect((await call(renewed.token, work)).statusCode).toBe(200);
    const opened = await refresh(renewed);
    expect(opened.info).not.toHaveProperty('second_factor_setup');

    // the only factor of a covered user stays: turning it off is refused and changes nothing
    nextStep();
    const off = await call(opened.token, '/api/profile/mfa/totp/disable', 'POST', { password: DEMO_PASSWORD, code: codeOf(app) });
    expect(off.statusCode).toBe(409);
    expect(off.body).toMatchObject({ code: 'mfa.requiredKept', message: 'Your organisation requires two-step sign-in: keep at least one authenticator or passkey' });
    expect((await call(opened.token, '/api/profile/mfa')).body.info).toMatchObject({ totp: true });
  });
});

describe('a session waiting for its second factor', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('gets no live socket, and works again once the organisation no longer requires it (at its refresh)', async () => {
    // a second agency user: the agency's own sign-in turned the authenticator on above
    const email = 'agency-second@demo.test';
    const agencyId = (await userRow('agency@demo.test'))?.agency_id;
    await t.db.query(
      `INSERT INTO users (email, password_hash, user_type, status, email_verified_at, agency_id)
       SELECT $1, password_hash, 'Agency', 'active', now(), $2 FROM users WHERE email = 'agency@demo.test'`,
      [email, agencyId],
    );
    expect(await requireFor.agency('agency@demo.test', true)).toBe(true);
    const session = await signIn(t.app, email);
    expect(session.info).toMatchObject({ second_factor_setup: true });

    const live = await listenLive(base, session.token);
    const closed = await new Promise<number>((resolve) => live.socket.on('close', (code) => resolve(code)));
    // not 4401: the console would renew and try again; 4403 ends its retries until the token changes
    expect(closed).toBe(4403);

    expect(await requireFor.agency('agency@demo.test', false)).toBe(false);
    const renewed = await refresh(session);
    expect(renewed.info).not.toHaveProperty('second_factor_setup');
    expect((await call(renewed.token, '/api/agency/nms/dashboard/counts')).statusCode).toBe(200);
  });

  it('cannot be given by an agency: only Admin ticks the box of a multi-site company', async () => {
    // the agency's second sign-in of the test before (its own has the authenticator on)
    const agency = await signIn(t.app, 'agency-second@demo.test');
    const companyId = (await userRow('mscc@demo.test'))?.company_id ?? 0;
    const res = await call(agency.token, '/api/nms/multi-site-company/update', 'PUT', { id: companyId, company_name: 'Any', company_address: 'Any street 1', second_factor_required: false });
    expect([403, 404]).toContain(res.statusCode);
    expect(await t.db.query('SELECT second_factor_required FROM multi_site_companies WHERE id = $1', [companyId])).toMatchObject({ rows: [{ second_factor_required: true }] });
  });
});

describe("Admin accounts (Admin's setting)", () => {
  it('default from configuration: required outside the demo and tests, ADMIN_SECOND_FACTOR decides', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).adminSecondFactor).toBe('required');
    expect(loadConfig({ NODE_ENV: 'development' }).adminSecondFactor).toBe('required');
    expect(loadConfig({ NODE_ENV: 'development', FLEET_DEMO: '1' }).adminSecondFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test' }).adminSecondFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIN_SECOND_FACTOR: 'optional' }).adminSecondFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_SECOND_FACTOR: 'required' }).adminSecondFactor).toBe('required');
    expect(() => loadConfig({ ADMIN_SECOND_FACTOR: 'sometimes' })).toThrow('ADMIN_SECOND_FACTOR must be required or optional');
  });

  it('the configured default holds until Admin sets it; the PUT is Admin only and audited', async () => {
    expect((await asAdmin('/api/admin/second-factor-policy')).body.info).toEqual({ admin_required: false });
    t.config.adminSecondFactor = 'required';
    try {
      expect((await asAdmin('/api/admin/second-factor-policy')).body.info).toEqual({ admin_required: true });
      const pending = await signIn(t.app, 'admin@demo.test');
      expect(pending.info).toMatchObject({ second_factor_setup: true });
      expect((await call(pending.token, '/api/admin/second-factor-policy')).body).toMatchObject({ code: 'mfa.setupRequired' });
      expect((await call(pending.token, '/api/profile')).statusCode).toBe(200);

      const customer = await signIn(t.app, 'customer@demo.test');
      const refused = await call(customer.token, '/api/admin/second-factor-policy', 'PUT', { admin_required: false });
      expect(refused.statusCode).toBe(403);
      expect(await t.db.query('SELECT 1 FROM second_factor_policy')).toMatchObject({ rows: [] });
      expect((await asAdmin('/api/admin/second-factor-policy', 'PUT', { admin_required: 'no' })).statusCode).toBe(400);

      const saved = await asAdmin('/api/admin/second-factor-policy', 'PUT', { admin_required: false });
      expect(saved).toMatchObject({ statusCode: 200, body: { info: { admin_required: false }, message: 'Two-step sign-in for Admin accounts saved' } });
      const entry = await t.db.query<{ action: string; entity: string }>("SELECT action, entity FROM audit_entries WHERE route = 'PUT /api/admin/second-factor-policy'");
      expect(entry.rows).toEqual([{ action: 'update', entity: 'other' }]);
      expect((await signIn(t.app, 'admin@demo.test')).info).not.toHaveProperty('second_factor_setup');
    } finally {
      t.config.adminSecondFactor = 'optional';
    }
  });
});
