// An authenticator app in a few lines (RFC 6238 as fleet-api uses it: SHA-1, 6 digits, 30 s steps), so
// a journey computes the codes from the secret the profile shows.
import { createHmac } from 'node:crypto';

const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The time step a code belongs to (the server accepts one step of drift either way). */
export function totpStep(at = Date.now()): number {
  return Math.floor(at / 1000 / STEP_SECONDS);
}

function base32Bytes(secret: string): Buffer {
  const bits = [...secret.replace(/[\s=]/g, '').toUpperCase()]
    .map((char) => {
      const value = BASE32.indexOf(char);
      if (value < 0) throw new Error(`"${secret}" is not a base32 secret`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** The 6-digit code of `step` (RFC 4226's dynamic truncation of HMAC-SHA-1 over the step). */
export function totpCode(secret: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String(mac.readUInt32BE(offset) % 2 ** 31 % 1_000_000).padStart(6, '0');
}
