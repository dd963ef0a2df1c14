/**
 * HS256 JWTs with node's crypto: the algorithm is pinned (a header naming anything else, `none`
 * included, is refused before the signature is looked at), issuer, audience, type and expiry are
 * checked, the signature is compared in constant time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ISSUER = 'fleet-api';
const AUDIENCE = 'fleet-console';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  iss: string;
  aud: string;
  sub: string;
  typ: TokenType;
  /** The session (refresh family) the token belongs to. */
  sid: string;
  /** users.token_version when issued; a reset bumps it. */
  tv: number;
  /** auth_sessions.generation when issued; each refresh bumps it (absent in older tokens: 0). */
  gen?: number;
  iat: number;
  exp: number;
  jti: string;
}

const b64url = (buf: Buffer): string => buf.toString('base64url');
const HEADER = b64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

export class TokenService {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The JWT secret must be at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(claims: Omit<TokenClaims, 'iss' | 'aud' | 'jti'>): string {
    const full: TokenClaims = { iss: ISSUER, aud: AUDIENCE, jti: b64url(randomBytes(12)), ...claims };
    const body = `${HEADER}.${b64url(Buffer.from(JSON.stringify(full)))}`;
    return `${body}.${b64url(createHmac('sha256', this.key).update(body).digest())}`;
  }

  /** The claims of a valid token of that type at `nowSeconds`, or null. Never throws. */
  verify(token: string, typ: TokenType, nowSeconds: number): TokenClaims | null {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, p, s] = parts as [string, string, string];
    const header = parseJson(h);
    if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) return null;
    if (header.crit !== undefined || header.jku !== undefined || header.jwk !== undefined) return null;
    const expected = createHmac('sha256', this.key).update(`${h}.${p}`).digest();
    let given: Buffer;
    try {
      given = Buffer.from(s, 'base64url');
    } catch {
      return null;
    }
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const c = parseJson(p);
    if (!c) return null;
    if (c.iss !== ISSUER) return null;
    const aud = c.aud;
    if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
    if (c.typ !== typ) return null;
    if (typeof c.exp !== 'number' || c.exp <= nowSeconds) return null;
    if (typeof c.iat !== 'number' || c.iat > nowSeconds + 60) return null;
    if (typeof c.sub !== 'string' || !/^[0-9]{1,15}$/.test(c.sub)) return null;
    if (typeof c.sid !== 'string' || typeof c.tv !== 'number' || typeof c.jti !== 'string') return null;
    if (c.gen !== undefined && !Number.isInteger(c.gen)) return null;
    return c as unknown as TokenClaims;
  }
}

function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Opaque random tokens (reset and verification links): 32 bytes, url-safe. */
export const randomToken = (): string => b64url(randomBytes(32));

/** How every token is stored: sha256 hex. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
