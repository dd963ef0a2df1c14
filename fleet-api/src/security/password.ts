/**
 * Password hashing: argon2id at m=19456 KiB, t=2, p=1 (SECURITY.md 13; the OWASP minimum).
 * One hash costs about 50 ms of CPU on this machine, so callers that need many identical hashes
 * (the demo seed, tests) hash once and reuse the result.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { say } from '../server/messages';

// `Algorithm` is a const enum in the typings, which isolatedModules cannot inline: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash that is not an argon2 string (never throws on those). */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return false;
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

export const COMMON_PASSWORD_MESSAGE = say('auth.passwordTooCommon');

let commonPasswords: Set<string> | null = null;

/**
 * The ~49,000 most common passwords of @zxcvbn-ts/language-common (a maintained list, loaded once,
 * on first use). Compared case-insensitively: "Password1" passes the spec's rule but is on the list.
 */
export function isCommonPassword(plain: string): boolean {
  if (!commonPasswords) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    commonPasswords = new Set((dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()));
  }
  return commonPasswords.has(plain.toLowerCase());
}
