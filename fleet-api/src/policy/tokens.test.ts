import { createHmac } from 'node:crypto';
import { TokenService } from './tokens';

const secret = 'unit-test-secret-0123456789abcdef0123456789';
const tokens = new TokenService(secret);
const now = 1_800_000_000;
const claims = { sub: '7', sid: 'session-1', tv: 0, iat: now, exp: now + 900 };

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
function hand(header: unknown, payload: unknown, key = secret): string {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
const payload = { iss: 'fleet-api', aud: 'fleet-console', typ: 'access', jti: 'x', ...claims };

describe('TokenService', () => {
  it('verifies its own access token and refuses it as a refresh token', () => {
    const t = tokens.sign({ ...claims, typ: 'access' });
    expect(tokens.verify(t, 'access', now)).toMatchObject({ sub: '7', sid: 'session-1', typ: 'access' });
    expect(tokens.verify(t, 'refresh', now)).toBeNull();
  });

  it('refuses expired tokens', () => {
    const t = tokens.sign({ ...claims, typ: 'access' });
    expect(tokens.verify(t, 'access', now + 900)).toBeNull();
  });

  it('refuses alg none, other algorithms, bad signatures, wrong issuer or audience', () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(tokens.verify(unsigned, 'access', now)).toBeNull();
    expect(tokens.verify(hand({ alg: 'HS512', typ: 'JWT' }, payload), 'access', now)).toBeNull();
    expect(tokens.verify(hand({ alg: 'HS256', typ: 'JWT' }, payload, 'another-secret-0123456789abcdef012345'), 'access', now)).toBeNull();
    expect(tokens.verify(hand({ alg: 'HS256', typ: 'JWT' }, { ...payload, iss: 'other' }), 'access', now)).toBeNull();
    expect(tokens.verify(hand({ alg: 'HS256', typ: 'JWT' }, { ...payload, aud: 'other' }), 'access', now)).toBeNull();
    // The same claims signed correctly pass, so the refusals above are about the one change each.
    expect(tokens.verify(hand({ alg: 'HS256', typ: 'JWT' }, payload), 'access', now)).not.toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const t of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(5000)]) expect(tokens.verify(t, 'access', now)).toBeNull();
  });
});
