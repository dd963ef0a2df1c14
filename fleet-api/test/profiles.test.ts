// The six profiles (spec 7, Profiles): read, update with the spec's validation, 403 for other roles,
// the sign-in email never changes, a new password ends the other sessions.
import { serverMessageCode } from '@fleet/contract';
import { bearer, DEMO_PASSWORD, post, signIn, appForFile, tokensFor } from './support/app';
import { formData } from './support/form-data';

const t = appForFile();
const tokens = tokensFor(t);

const get = (url: string, role: string) => t.app.inject({ url, headers: bearer(tokens[role] ?? '') });
const put = (url: string, role: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(tokens[role] ?? ''), payload });

describe('Admin profile', () => {
  it('reads and updates names; password and confirmation must match', async () => {
    expect((await get('/api/profile', 'Admin')).json().info).toEqual({ first_name: 'Alex', last_name: 'Morgan', email: 'admin@demo.test' });
    const ok = await put('/api/profile/update', 'Admin', { first_name: ' Alexandra ', last_name: 'Morgan' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, message: 'Profile updated successfully', code: 'profile.updated' });
    expect((await get('/api/profile', 'Admin')).json().info.first_name).toBe('Alexandra');
    const mismatch = await put('/api/profile/update', 'Admin', { first_name: 'A', last_name: 'B', password: 'Strong-pass-1', confirm_password: 'Strong-pass-2', current_password: DEMO_PASSWORD });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Password doesnot match');
  });

  it.each([
    [{ first_name: 'x'.repeat(200), last_name: 'B' }, 'First Name should be less than 200 character'],
    [{ first_name: '', last_name: 'B' }, 'First Name is required'],
    [{ last_name: 'B' }, 'First Name is required'],
    [{ first_name: 'A', last_name: 'B', password: 'weakpass', confirm_password: 'weakpass' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
    [{ first_name: 'A', last_name: 'B', email: 'new@demo.test' }, 'email is not an accepted field'],
  ])('refuses %j', async (body, message) => {
    const res = await put('/api/profile/update', 'Admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message, ...serverMessageCode(message) });
  });

  it('a new password needs the current one: missing or wrong is a 400 and changes nothing', async () => {
    const before = (await get('/api/profile', 'Admin')).json().info;
    const change = { first_name: 'Mallory', last_name: 'Taken', password: 'Stolen-pass-1', confirm_password: 'Stolen-pass-1' };
    const missing = await put('/api/profile/update', 'Admin', change);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: false, message: 'Enter your current password to set a new one', code: 'profile.currentPasswordRequired' });
    const wrong = await put('/api/profile/update', 'Admin', { ...change, current_password: 'Not-the-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: false, message: 'Current password is incorrect', code: 'profile.currentPasswordWrong' });
    expect((await get('/api/profile', 'Admin')).json().info).toEqual(before);
    await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
  });

  it('a new password keeps this session and ends the others', async () => {
    const other = await signIn(t.app, 'admin@demo.test');
    const res = await put('/api/profile/update', 'Admin', { first_name: 'Alex', last_name: 'Morgan', password: 'Changed-pass-1', confirm_password: 'Changed-pass-1', current_password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/profile', 'Admin')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(other.token) })).statusCode).toBe(401);
    expect((await post(t.app, '/api/authenticate/login', { email: 'admin@demo.test', password: DEMO_PASSWORD }, { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
    await signIn(t.app, 'admin@demo.test', 'Changed-pass-1');
  });
});

describe('Agency profile', () => {
  it('a new password from the multipart form needs the current one too', async () => {
    const form = formData({ agency_name: 'Hijacked', postcode: '2150', contact_first_name: 'Sarah', contact_last_name: 'Mitchell', contact: '0298765432', password: 'Stolen-pass-1', current_password: 'Wrong-pass-1' });
    const res = await t.app.inject({ method: 'POST', url: '/api/agency/editprofile', headers: { ...bearer(tokens.Agency ?? ''), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect');
    expect((await get('/api/agency/getprofile', 'Agency')).json().info.agency_name).toBe('Sunrise Installers');
  });

  it('reads the agency and updates it from multipart form data', async () => {
    const before = (await get('/api/agency/getprofile', 'Agency')).json();
    expect(before.info).toEqual({
      agency_name: 'Sunrise Installers', email: 'agency@demo.test', postcode: '2150', contact_first_name: 'Sarah',
      contact_last_name: 'Mitchell', contact: '0298765432', abn_no: '51824753556',
    });
    const form = formData({ agency_name: 'Sunrise Installers', postcode: '2151', contact_first_name: 'Sara', contact_last_name: 'Mitchell', contact: '+61298765432' });
    const res = await t.app.inject({ method: 'POST', url: '/api/agency/editprofile', headers: { ...bearer(tokens.Agency ?? ''), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/agency/getprofile', 'Agency')).json().info).toMatchObject({ postcode: '2151', contact_first_name: 'Sara', contact: '+61298765432', email: 'agency@demo.test' });
  });

  it.each([
    [{ postcode: '21' }, 'Valid Postal code is required'],
    [{ contact: '1234567' }, 'Contact Number must be 8 to 13 characters.'],
    [{ contact: '0412-345-67x' }, 'Contact Number can only contain digits, spaces, brackets, hyphens and a leading +'],
    [{ contact: '0412-345-67-' }, 'Contact Number must start with + or a digit and end with a digit'],
    [{ email: 'other@demo.test' }, 'email is not an accepted field'],
    [{ agency_id: '2' }, 'agency_id is not an accepted field'],
  ])('refuses %j', async (change, message) => {
    const form = formData({ agency_name: 'Sunrise Installers', postcode: '2150', contact_first_name: 'Sarah', contact_last_name: 'Mitchell', contact: '0298765432', ...change });
    const res = await t.app.inject({ method: 'POST', url: '/api/agency/editprofile', headers: { ...bearer(tokens.Agency ?? ''), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message, ...serverMessageCode(message) });
  });

  it('refuses a file part', async () => {
    const boundary = 'b0undary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/agency/editprofile', headers: { ...bearer(tokens.Agency ?? ''), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe(false);
  });
});

describe('Electrician profile', () => {
  it('reads with the aggregator name and updates', async () => {
    const info = (await get('/api/electrician/getprofile', 'Electrician')).json().info;
    expect(info).toMatchObject({ email: 'electrician@demo.test' });
    const aggregators = (await get('/api/aggregators/get-list', 'Electrician')).json().info as Array<{ id: number; name: string }>;
    expect(aggregators.length).toBeGreaterThan(0);
    const target = aggregators[aggregators.length - 1];
    const body = {
      postcode: '3000', first_name: 'Ella', last_name: 'Sparks', company_name: 'Sparks Electrical', phone_no: '0411222333',
      address: '1 Main Street', abn_number: '11222333444', aggregator_id: target?.id,
    };
    expect((await put('/api/electrician/editprofile', 'Electrician', body)).statusCode).toBe(200);
    expect((await get('/api/electrician/getprofile', 'Electrician')).json().info).toMatchObject({ ...body, aggregator_name: target?.name });
    const bad = await put('/api/electrician/editprofile', 'Electrician', { ...body, aggregator_id: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Aggregator not found');
    const noAgg = await put('/api/electrician/editprofile', 'Electrician', { ...body, aggregator_id: undefined });
    expect(noAgg.json().message).toBe('Aggregator is required');
  });
});

describe('Customer, mscc and sm profiles', () => {
  it('customer reads and updates names and phone', async () => {
    expect((await get('/api/nms/customer/profile', 'Customer')).json().info).toMatchObject({ email: 'customer@demo.test' });
    const res = await put('/api/nms/customer/profile/update', 'Customer', { first_name: 'Chris', last_name: 'Demo', phone_no: '0400111222' });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/nms/customer/profile', 'Customer')).json().info).toEqual({ email: 'customer@demo.test', first_name: 'Chris', last_name: 'Demo', phone_no: '0400111222' });
    expect((await put('/api/nms/customer/profile/update', 'Customer', { first_name: 'Chris', last_name: 'Demo', phone_no: '04' })).statusCode).toBe(400);
  });

  it('mscc reads and updates its company details', async () => {
    const info = (await get('/api/mscc/nms/profile/get', 'mscc')).json().info;
    expect(info).toMatchObject({ email: 'mscc@demo.test', company_name: 'Northbridge Aged Care Group', company_address: '1 Miller Street, North Sydney NSW 2060' });
    const body = { first_name: 'Fiona', last_name: 'Grant', contact_no: '0294561200', company_name: 'Northbridge Aged Care Group', company_address: '2 Miller Street, North Sydney NSW 2060' };
    expect((await put('/api/mscc/nms/profile/update', 'mscc', body)).statusCode).toBe(200);
    expect((await get('/api/mscc/nms/profile/get', 'mscc')).json().info).toMatchObject({ ...body, email: 'mscc@demo.test' });
  });

  it('sm reads and updates names', async () => {
    expect((await get('/api/sm/nms/profile/get', 'sm')).json().info).toEqual({ first_name: 'Helen', last_name: 'Carmody', email: 'sm@demo.test' });
    expect((await put('/api/sm/nms/profile/update', 'sm', { first_name: 'Helena', last_name: 'Carmody' })).statusCode).toBe(200);
    expect((await get('/api/sm/nms/profile/get', 'sm')).json().info.first_name).toBe('Helena');
  });
});

describe('other roles', () => {
  it.each([
    ['/api/agency/getprofile', 'Admin'],
    ['/api/profile', 'Agency'],
    ['/api/electrician/getprofile', 'Customer'],
    ['/api/nms/customer/profile', 'User'],
    ['/api/mscc/nms/profile/get', 'sm'],
    ['/api/sm/nms/profile/get', 'mscc'],
    ['/api/aggregators/get-list', 'Customer'],
  ])('%s with a %s token is 403 and holds no profile field', async (url, role) => {
    const res = await get(url, role);
    expect(res.statusCode).toBe(403);
    expect(Object.keys(res.json())).toEqual(['status', 'message', 'code']);
  });
});
