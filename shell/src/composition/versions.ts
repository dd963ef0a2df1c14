// A remote declares the ranges of the shared singletons it was built against (`description.requires`);
// the shell refuses a remote it cannot satisfy, with a message, instead of half-loading it.
import { satisfy } from '@module-federation/enhanced/runtime';

export interface UnmetRequirement {
  pkg: string;
  range: string;
  /** What the shell provides, or null when it does not share that package at all. */
  provided: string | null;
}

export function unmetRequirements(
  requires: Record<string, string>,
  provided: Record<string, string>,
): UnmetRequirement[] {
  const unmet: UnmetRequirement[] = [];
  for (const [pkg, range] of Object.entries(requires)) {
    const version = provided[pkg];
    if (version === undefined) {
      unmet.push({ pkg, range, provided: null });
      continue;
    }
    let ok = false;
    try {
      ok = satisfy(version, range);
    } catch {
      ok = false; // an unreadable range cannot be satisfied
    }
    if (!ok) unmet.push({ pkg, range, provided: version });
  }
  return unmet;
}

/** The sentence shown in the refused remote's area. */
export function refusalMessage(remote: string, unmet: UnmetRequirement[]): string {
  const parts = unmet.map((u) =>
    u.provided === null ? `${u.pkg} ${u.range} (the console does not provide it)` : `${u.pkg} ${u.range} (the console has ${u.provided})`,
  );
  return `${remote} was not loaded: it needs ${parts.join(', ')}.`;
}
