/**
 * Brute-force limits of sign-in, counted in the database (so they hold across restarts and
 * instances): per account (the normalised email, known or not) and per client address. Slowed
 * after `slowAfter` failures, refused with 429 from `blockAfter`, whatever the address says.
 */
import { tooManyRequests } from '../../server/errors';
import type { AppContext } from '../../server/context';
import { say } from '../../server/messages';

const TOO_MANY_ATTEMPTS = say('auth.tooManyFailures');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Refuses (429) or slows the attempt; call before checking a password or code. `email` null: a call
 * that names no account (a passkey's options), where only the address counts.
 */
export async function guardSignIn(ctx: AppContext, email: string | null, address: string): Promise<void> {
  const limits = ctx.config.signIn;
  const now = ctx.config.now().getTime();
  const windowStart = new Date(now - limits.windowSeconds * 1000).toISOString();
  const hourStart = new Date(now - 3600 * 1000).toISOString();
  const { rows } = await ctx.db.query<{ account_window: number; account_hour: number; address_window: number }>(
    `SELECT
       (SELECT count(*) FROM auth_failures WHERE email = $1 AND created_at > $3) AS account_window,
       (SELECT count(*) FROM auth_failures WHERE email = $1 AND created_at > $4) AS account_hour,
       (SELECT count(*) FROM auth_failures WHERE address = $2 AND created_at > $3) AS address_window`,
    [email, address, windowStart, hourStart],
  );
  const c = rows[0] ?? { account_window: 0, account_hour: 0, address_window: 0 };
  if (
    Number(c.account_window) >= limits.blockAfter ||
    Number(c.account_hour) >= limits.hourlyMax ||
    Number(c.address_window) >= limits.addressBlockAfter
  ) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS, limits.windowSeconds);
  }
  if (Number(c.account_window) >= limits.slowAfter && limits.slowDelayMs > 0) {
    await sleep(limits.slowDelayMs);
  }
}

export async function recordFailure(
  ctx: AppContext,
  email: string,
  address: string,
  kind: 'password' | 'otp' | 'passkey',
): Promise<void> {
  await ctx.db.query('INSERT INTO auth_failures (email, address, kind, created_at) VALUES ($1, $2, $3, $4)', [
    email,
    address,
    kind,
    ctx.config.now().toISOString(),
  ]);
}

export const TOO_MANY_REQUESTS = say('auth.tooManyRequests');

/**
 * Sign-up and reset requests per client address: at most `requestLimits.perAddress` of a kind in
 * the window, then 429. Each allowed request is counted.
 */
export async function guardAddressRequests(ctx: AppContext, kind: 'signup' | 'reset', address: string): Promise<void> {
  const { perAddress, windowSeconds } = ctx.config.requestLimits;
  const now = ctx.config.now();
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const { rows } = await ctx.db.query<{ n: number }>(
    'SELECT count(*) AS n FROM address_requests WHERE address = $1 AND kind = $2 AND created_at > $3',
    [address, kind, since],
  );
  if (Number(rows[0]?.n ?? 0) >= perAddress) throw tooManyRequests(TOO_MANY_REQUESTS, windowSeconds);
  await ctx.db.query('INSERT INTO address_requests (address, kind, created_at) VALUES ($1, $2, $3)', [address, kind, now.toISOString()]);
}
