// The remote registry: GET /remotes.json -> { "<name>": { manifest, version } } (docs/architecture.md).
// The shell has no remote URL in its build; this document is the only place remotes come from.

interface RegistryEntry {
  /** URL of the remote's mf-manifest.json, absolute or relative to the page. */
  manifest: string;
  version: string;
}

export type Registry = Record<string, RegistryEntry>;

const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/** Keeps the well-formed entries of a registry document; anything else is dropped, not trusted. */
export function parseRegistry(document: unknown): Registry {
  const registry: Registry = {};
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return registry;
  for (const [name, value] of Object.entries(document as Record<string, unknown>)) {
    if (!REMOTE_NAME.test(name) || typeof value !== 'object' || value === null) continue;
    const { manifest, version } = value as { manifest?: unknown; version?: unknown };
    if (typeof manifest !== 'string' || manifest.trim() === '') continue;
    registry[name] = { manifest: manifest.trim(), version: typeof version === 'string' ? version : '' };
  }
  return registry;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/** Reads /remotes.json without the browser cache: a deployment changes it while the shell stays. */
export async function fetchRegistry(fetchFn: FetchLike = (i, init) => fetch(i, init)): Promise<Registry> {
  const response = await fetchFn('/remotes.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The remote registry could not be read (HTTP ${response.status})`);
  return parseRegistry(await response.json());
}

/** A manifest URL made absolute against the page, so the federation runtime and the CSP agree on it. */
export function absoluteUrl(url: string, base: string): string {
  return new URL(url, base).toString();
}

/** Where a remote publishes its description: `description.json` beside its `mf-manifest.json`. */
export function descriptionUrl(manifest: string, base: string): string {
  return new URL('description.json', new URL(manifest, base)).toString();
}

/**
 * A remote's entry, `remoteEntry.js` beside its manifest (federation-config names it so). The page loads
 * the entry directly: one request less before a remote's code, and the federation runtime without its
 * manifest and snapshot machinery (federation-config `disableSnapshot`, 8 KB gzipped of the first page).
 */
export function entryUrl(manifest: string, base: string): string {
  return new URL('remoteEntry.js', new URL(manifest, base)).toString();
}

/**
 * Reads a remote's description (routes, menu entries, required ranges) without loading its entry, so
 * that composing the page costs one small JSON per remote and a remote's code loads only on its routes.
 * `no-cache`: a redeployed version is seen at once; an unchanged one answers 304.
 */
export async function fetchDescription(manifest: string, base: string, fetchFn: FetchLike = (i, init) => fetch(i, init)): Promise<unknown> {
  const url = descriptionUrl(manifest, base);
  const response = await fetchFn(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.json();
}

/** The id of the JSON block the console server writes into the page (shell/server/console-server.mjs). */
export const COMPOSITION_ELEMENT_ID = 'fleet-composition';

/**
 * What the console server put into the page: the registry, and the descriptions of the remotes it
 * serves itself. Each is used once, for the first composition: a retry or a redeployment fetches.
 */
export class InlineComposition {
  private registry: unknown;
  private readonly descriptions = new Map<string, { manifest: string; description: unknown }>();

  constructor(document: unknown) {
    const data = typeof document === 'object' && document !== null ? (document as { registry?: unknown; descriptions?: unknown }) : {};
    this.registry = data.registry;
    if (typeof data.descriptions === 'object' && data.descriptions !== null) {
      for (const [name, value] of Object.entries(data.descriptions as Record<string, unknown>)) {
        const { manifest, description } = (typeof value === 'object' && value !== null ? value : {}) as { manifest?: unknown; description?: unknown };
        if (typeof manifest === 'string' && description !== undefined) this.descriptions.set(name, { manifest, description });
      }
    }
  }

  /** The page's JSON block; an absent or unreadable one is nothing inline (everything is fetched). */
  static fromPage(doc: Pick<Document, 'getElementById'> = document): InlineComposition {
    const text = doc.getElementById(COMPOSITION_ELEMENT_ID)?.textContent;
    try {
      return new InlineComposition(text ? JSON.parse(text) : null);
    } catch {
      return new InlineComposition(null);
    }
  }

  /** The inline descriptions, as written into the page (unchecked: the first request's lookup reads them). */
  inlineDescriptions(): unknown[] {
    return [...this.descriptions.values()].map(({ description }) => description);
  }

  /** The inline registry the first time, fetched after that (a Retry must see a fixed registry). */
  async registryOnce(fetchRegistryFn: () => Promise<Registry>): Promise<Registry> {
    const inline = this.registry;
    this.registry = undefined;
    return inline === undefined ? fetchRegistryFn() : parseRegistry(inline);
  }

  /**
   * The inline description of `name` the first time, if it was published for this very manifest (a QA
   * override points elsewhere and is fetched); fetched otherwise.
   */
  async descriptionOnce(name: string, manifest: string, base: string, fetchDescriptionFn: () => Promise<unknown>): Promise<unknown> {
    const inline = this.descriptions.get(name);
    this.descriptions.delete(name);
    return inline && absoluteUrl(inline.manifest, base) === manifest ? inline.description : fetchDescriptionFn();
  }
}
