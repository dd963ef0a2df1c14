// QA override: point one remote at another manifest (a developer's server) without a second shell.
//   ?remote-override=mfe-auth=http://localhost:8081/mf-manifest.json   (several: repeat the parameter)
//   ?remote-override=clear                                              (forget every override)
//   ?remote-override=mfe-auth=                                          (forget that one)
// Overrides are remembered in local storage under `fleet:remote-overrides` ({"mfe-auth": "<url>"}).
import type { Registry } from './registry';

export const OVERRIDES_KEY = 'fleet:remote-overrides';
const OVERRIDE_PARAM = 'remote-override';

export type Overrides = Record<string, string>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value, 'http://placeholder.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readOverrides(storage: Pick<Storage, 'getItem'> | null): Overrides {
  try {
    const raw = storage?.getItem(OVERRIDES_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const overrides: Overrides = {};
    for (const [name, url] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof url === 'string' && isHttpUrl(url)) overrides[name] = url;
    }
    return overrides;
  } catch {
    return {};
  }
}

export function writeOverrides(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, overrides: Overrides): void {
  try {
    if (Object.keys(overrides).length === 0) storage?.removeItem(OVERRIDES_KEY);
    else storage?.setItem(OVERRIDES_KEY, JSON.stringify(overrides));
  } catch {
    // storage refused: the override then lasts for this page only
  }
}

/** Applies the `remote-override` parameters of a query string to the stored overrides. */
export function applyOverrideParams(search: string, stored: Overrides): { overrides: Overrides; changed: boolean } {
  const values = new URLSearchParams(search).getAll(OVERRIDE_PARAM);
  if (values.length === 0) return { overrides: stored, changed: false };
  let overrides: Overrides = { ...stored };
  for (const value of values) {
    if (value === 'clear') {
      overrides = {};
      continue;
    }
    const at = value.indexOf('=');
    if (at <= 0) continue;
    const name = value.slice(0, at).trim();
    const url = value.slice(at + 1).trim();
    if (url === '') delete overrides[name];
    else if (isHttpUrl(url)) overrides[name] = url;
  }
  return { overrides, changed: true };
}

/** The registry with overridden manifests (an override may also add a remote the registry lacks). */
export function applyOverrides(registry: Registry, overrides: Overrides): Registry {
  const result: Registry = { ...registry };
  for (const [name, manifest] of Object.entries(overrides)) {
    result[name] = { manifest, version: registry[name]?.version ?? 'override' };
  }
  return result;
}

/** The query string without the override parameters (the shell tidies the address bar). */
export function withoutOverrideParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(OVERRIDE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
