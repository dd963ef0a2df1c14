// When an access token was issued and when it expires, read from its own claims (`iat`, `exp`: the
// server's seconds). The console never trusts these for access (the server decides); it only uses
// them to plan a renewal. The lifetime (exp - iat) is the server's own figure, so a wrong clock on
// this machine does not change it.

export interface TokenTiming {
  /** `iat`, ms since epoch (the server's clock). */
  issuedAt: number;
  /** `exp`, ms since epoch (the server's clock). */
  expiresAt: number;
  /** exp - iat, ms. */
  lifetimeMs: number;
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  return JSON.parse(atob(base64)) as unknown;
}

/** The timing of a JWT, or null for anything that is not one with numeric `iat` < `exp`. */
export function tokenTiming(token: string | null): TokenTiming | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = decodeSegment(payload) as { iat?: unknown; exp?: unknown };
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp <= claims.iat) return null;
    return { issuedAt: claims.iat * 1000, expiresAt: claims.exp * 1000, lifetimeMs: (claims.exp - claims.iat) * 1000 };
  } catch {
    return null;
  }
}
