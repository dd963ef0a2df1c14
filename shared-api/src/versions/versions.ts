/**
 * Firmware versions compare by number, part by part (1.0.9 < 1.0.10 < 1.0.27 < 2.1 < 2.1.0; `*` is
 * highest): the same rule as fleet-api's `fleet_version_key`, so a list the server sorted and a
 * select the console sorted agree.
 */
function parts(version: string): number[] {
  return version.split('.').map((part) => {
    if (part === '*') return 999_999;
    const digits = part.replace(/[^0-9]/g, '');
    return digits === '' ? -1 : Number(digits.slice(0, 15));
  });
}

/** Negative when `a` is older than `b`, positive when newer, 0 when equal as numbers (then by text). */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (pa.length !== pb.length) return pa.length - pb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first: the order of every version select. */
export function newestFirst(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => compareVersions(b, a));
}
