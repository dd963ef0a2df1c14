// Sign-in with password + mailed code for every demo role, and the code's rules (SECURITY.md 9-11).
import { answersAlike, bearer, DEMO_ACCOUNTS, DEMO_PASSWORD, latestOtp, mailsTo, post, signIn, appForFile } from './support/app';

const t = appForFile();

const PROFILE_URL: Record<string, string> = {
  Admin: '/api/profile',
  Agency: '/api/agency/getprofile',
  Electrician: '/api/electrician/getprofile',
  Customer: '/api/nms/customer/profile',
  mscc: '/api/mscc/nms/profile/get',
  sm: '/api/sm/nms/profile/get',
};

describe('every demo account', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.userType, a.email]))('%s signs in through login + OTP', async (userType, email) => {
    const login = await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ status: true, message: 'An OTP has been sent to your email', code: 'auth.otpSent', info: { otp_required: true } });
    expect(login.body).not.toMatch(/\d{6}/);

    const otp = await latestOtp(t.app, email);
    const res = await post(t.app, '/api/authenticate/login-otp', { email: ` ${email.toUpperCase()} `, otp });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: 'Login successful', code: 'auth.signedIn', info: { user_type: userType } });
    expect(body.info.userInfo).toMatchObject({ email });
    expect(Object.keys(body.info.userInfo).sort()).toEqual(
      ['agency_id', 'agency_name', 'company_id', 'company_name', 'customer_id', 'electrician_id', 'email', 'first_name', 'id', 'last_name', 'site_manager_id'].sort(),
    );
    expect(res.body).not.toMatch(/password|\$argon2/);

    const url = PROFILE_URL[userType];
    if (url) {
      const profile = await t.app.inject({ url, headers: bearer(body.token) });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ status: true, info: { email } });
    }
  });

  it('userInfo names the organisation of agency and mscc users', async () => {
    const agency = await signIn(t.app, 'agency@demo.test');
    expect(agency.info.userInfo).toMatchObject({ agency_name: 'Sunrise Installers' });
    expect(agency.info.userInfo.agency_id).toEqual(expect.any(Number));
    const mscc = await signIn(t.app, 'mscc@demo.test');
    expect(mscc.info.userInfo).toMatchObject({ company_name: 'Northbridge Aged Care Group' });
  });
});

describe('password step', () => {
  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await post(t.app, '/api/authenticate/login', { email: 'admin@demo.test', password: 'Wrong-pass-1' }, { remoteAddress: '10.1.0.1' });
    const unknown = await post(t.app, '/api/authenticate/login', { email: 'nobody@demo.test', password: 'Wrong-pass-1' }, { remoteAddress: '10.1.0.1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: false, message: 'Invalid email or password', code: 'auth.invalidCredentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('sends no code for a wrong password', async () => {
    const before = (await mailsTo(t.app, 'electrician@demo.test')).length;
    await post(t.app, '/api/authenticate/login', { email: 'electrician@demo.test', password: 'Wrong-pass-1' }, { remoteAddress: '10.1.0.2' });
    expect((await mailsTo(t.app, 'electrician@demo.test')).length).toBe(before);
  });

  it('holds nothing usable between password and code', async () => {
    const login = await post(t.app, '/api/authenticate/login', { email: 'admin@demo.test', password: DEMO_PASSWORD });
    expect(Object.keys(login.json()).sort()).toEqual(['code', 'info', 'message', 'status']);
    expect(login.headers['set-cookie']).toBeUndefined();
  });
});

describe('OTP step', () => {
  const email = 'sm@demo.test';
  const addr = { remoteAddress: '10.2.0.1' };

  async function freshCode(): Promise<string> {
    const login = await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD }, addr);
    expect(login.statusCode).toBe(200);
    return latestOtp(t.app, email);
  }
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a wrong code and a code used twice', async () => {
    const code = await freshCode();
    const wrong = await post(t.app, '/api/authenticate/login-otp', { email, otp: wrongOf(code) }, addr);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: false, message: 'Invalid or expired OTP', code: 'auth.otpInvalid' });
    const ok = await post(t.app, '/api/authenticate/login-otp', { email, otp: code }, addr);
    expect(ok.statusCode).toBe(200);
    const again = await post(t.app, '/api/authenticate/login-otp', { email, otp: code }, addr);
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    const code = await freshCode();
    t.clock.advance(10 * 60 + 1);
    const res = await post(t.app, '/api/authenticate/login-otp', { email, otp: code }, addr);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or expired OTP');
  });

  it('accepts a code just before it expires', async () => {
    const code = await freshCode();
    t.clock.advance(9 * 60);
    const res = await post(t.app, '/api/authenticate/login-otp', { email, otp: code }, addr);
    expect(res.statusCode).toBe(200);
  });

  it('ties the code to its sign-in: a newer login replaces it', async () => {
    const first = await freshCode();
    t.clock.advance(61);
    const second = await freshCode();
    if (first !== second) {
      const old = await post(t.app, '/api/authenticate/login-otp', { email, otp: first }, addr);
      expect(old.statusCode).toBe(401);
    }
    const res = await post(t.app, '/api/authenticate/login-otp', { email, otp: second }, addr);
    expect(res.statusCode).toBe(200);
  });

  it('ends the challenge after 5 wrong codes, even for the right one', async () => {
    const code = await freshCode();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(t.app, '/api/authenticate/login-otp', { email, otp: wrongOf(code) }, { remoteAddress: `10.2.1.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const right = await post(t.app, '/api/authenticate/login-otp', { email, otp: code }, addr);
    expect(right.statusCode).toBe(401);
    // Let the failures of this test age out of the account's window for the next tests.
    t.clock.advance(16 * 60);
  });

  it('a code of one user does not sign in another', async () => {
    const code = await freshCode();
    const res = await post(t.app, '/api/authenticate/login-otp', { email: 'mscc@demo.test', otp: code }, addr);
    expect(res.statusCode).toBe(401);
  });
});

describe('resend-otp', () => {
  it('mails a new code for the open sign-in after the 60 s cooldown, 429 within it', async () => {
    const email = 'customer@demo.test';
    await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD });
    const first = await latestOtp(t.app, email);
    const early = await post(t.app, '/api/authenticate/resend-otp', { email });
    expect(early.statusCode).toBe(429);
    expect(early.json().status).toBe(false);
    t.clock.advance(61);
    const count = (await mailsTo(t.app, email)).length;
    const res = await post(t.app, '/api/authenticate/resend-otp', { email });
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(t.app, email)).length).toBe(count + 1);
    const second = await latestOtp(t.app, email);
    if (second !== first) {
      expect((await post(t.app, '/api/authenticate/login-otp', { email, otp: first })).statusCode).toBe(401);
    }
    expect((await post(t.app, '/api/authenticate/login-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('answers alike for unknown emails and sends nothing', async () => {
    t.clock.advance(61);
    await answersAlike(t.app, '/api/authenticate/resend-otp', 'admin@demo.test', 'ghost@demo.test');
    expect(await mailsTo(t.app, 'ghost@demo.test')).toEqual([]);
    // The cooldown holds for unknown addresses too, so it reveals nothing.
    expect((await post(t.app, '/api/authenticate/resend-otp', { email: 'ghost@demo.test' })).statusCode).toBe(429);
  });
});

describe('unverified agency', () => {
  it('learns about verification only after the right password', async () => {
    await t.db.query("UPDATE users SET email_verified_at = NULL WHERE email = 'agency@demo.test'");
    try {
      const right = await post(t.app, '/api/authenticate/login', { email: 'agency@demo.test', password: DEMO_PASSWORD });
      expect(right.statusCode).toBe(401);
      expect(right.json().message).toBe('Please verify your email address');
      const wrong = await post(t.app, '/api/authenticate/login', { email: 'agency@demo.test', password: 'Nope-pass-1' }, { remoteAddress: '10.3.0.1' });
      expect(wrong.json().message).toBe('Invalid email or password');
    } finally {
      await t.db.query("UPDATE users SET email_verified_at = now() WHERE email = 'agency@demo.test'");
    }
  });
});
