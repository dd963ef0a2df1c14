import { parseOptions } from '@node-rs/argon2';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('Demo-pass-2026');
  });

  it('stores argon2id with m=19456, t=2, p=1', () => {
    expect(stored.startsWith('$argon2id$')).toBe(true);
    const opts = parseOptions(stored);
    expect(opts.memoryCost).toBe(19456);
    expect(opts.timeCost).toBe(2);
    expect(opts.parallelism).toBe(1);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Demo-pass-2026')).not.toBe(stored);
  });

  it('accepts the right password and refuses others', async () => {
    expect(await verifyPassword(stored, 'Demo-pass-2026')).toBe(true);
    expect(await verifyPassword(stored, 'demo-pass-2026')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('refuses a malformed hash without throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'Demo-pass-2026')).toBe(false);
    expect(await verifyPassword('$argon2id$broken', 'Demo-pass-2026')).toBe(false);
  });
});
