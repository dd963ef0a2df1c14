// Runtime composition: registry -> each remote's description.json -> version check
// -> route table and menus -> one single-spa application per remote. Every remote is confined to its
// own state: a remote that cannot be fetched, is refused, or breaks while mounting has an error of its
// own and a retry, while the rest of the page keeps working.
import { createStore, type StoreApi } from 'zustand';
import type { RemoteDescription } from '@fleet/shared-api';
import type { Registry } from '../registry/registry';
import type { RemoteLoader } from './federation';
import { refusalMessage, unmetRequirements } from './versions';

/** describing: description.json on its way; ready: registered with single-spa; failed: could not be
 * fetched; refused: its shared versions cannot be satisfied. */
type RemoteStatus = 'describing' | 'ready' | 'failed' | 'refused';

export interface RemoteState {
  name: string;
  manifest: string;
  version: string;
  status: RemoteStatus;
  description: RemoteDescription | null;
  /** why describing failed or the remote was refused */
  message: string | null;
  /** the single-spa side: why its ./app could not be loaded or mounted */
  appError: string | null;
  /** single-spa's status of its application (NOT_LOADED, MOUNTED, LOAD_ERROR, ...) */
  appStatus: string | null;
}

export interface CompositionState {
  phase: 'registry' | 'composed' | 'registry-failed';
  registryError: string | null;
  remotes: Record<string, RemoteState>;
}

/** The single-spa functions composition needs (the real module, or a fake in tests). */
export interface SpaApi {
  registerApplication(config: {
    name: string;
    app: () => Promise<object>;
    activeWhen: (location: Location) => boolean;
    customProps: (name: string) => Record<string, unknown>;
  }): void;
  unregisterApplication(name: string): Promise<unknown>;
  getAppStatus(name: string): string | null;
  getAppNames(): string[];
  triggerAppChange(): Promise<unknown>;
}

export interface CompositionDeps {
  loader: RemoteLoader;
  spa: SpaApi;
  /** the versions the shell shares (federation-config's FLEET_SHARED_VERSIONS) */
  provided: Record<string, string>;
  readRegistry: () => Promise<Registry>;
  /** the remote's published description (description.json beside its manifest); no remote code runs */
  readDescription: (name: string, manifest: string) => Promise<unknown>;
  /** should this remote be mounted at this location (guards + route table) */
  isActive: (remote: string, location: Location) => boolean;
  /** props for the remote's mount beyond domElement (the shell passes an error boundary) */
  extraProps?: (remote: string) => Record<string, unknown>;
  /** try an unreachable remote again by itself, backing off from firstMs to maxMs */
  autoRetry?: { firstMs: number; maxMs: number };
}

function describeError(err: unknown): string {
  const text = err instanceof Error && err.message ? err.message : String(err);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function isDescription(value: unknown): value is RemoteDescription {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<RemoteDescription>;
  return typeof d.name === 'string' && Array.isArray(d.routes) && Array.isArray(d.menu) && typeof d.requires === 'object';
}

export class Composition {
  readonly store: StoreApi<CompositionState>;
  private readonly elements = new Map<string, HTMLElement>();
  private readonly retryTimers = new Map<string, { timer: ReturnType<typeof setTimeout>; delay: number }>();
  private readonly deps: CompositionDeps;

  constructor(deps: CompositionDeps) {
    this.deps = deps;
    this.store = createStore<CompositionState>()(() => ({ phase: 'registry', registryError: null, remotes: {} }));
  }

  private patch(name: string, change: Partial<RemoteState>): void {
    this.store.setState((s) => {
      const current = s.remotes[name];
      if (!current) return s;
      return { remotes: { ...s.remotes, [name]: { ...current, ...change } } };
    });
  }

  remote(name: string): RemoteState | undefined {
    return this.store.getState().remotes[name];
  }

  /** The element a remote mounts into; the layout moves it into whichever area is showing. */
  element(name: string): HTMLElement {
    let el = this.elements.get(name);
    if (!el) {
      el = document.createElement('div');
      el.dataset.remote = name;
      el.className = 'fleet-remote';
      this.elements.set(name, el);
    }
    return el;
  }

  /** Reads the registry and describes every remote; resolves when each remote has settled. */
  async start(): Promise<void> {
    this.store.setState({ phase: 'registry', registryError: null });
    let registry: Registry;
    try {
      registry = await this.deps.readRegistry();
    } catch (err) {
      this.store.setState({ phase: 'registry-failed', registryError: describeError(err) });
      return;
    }
    const remotes: Record<string, RemoteState> = {};
    for (const [name, entry] of Object.entries(registry)) {
      remotes[name] = {
        name,
        manifest: entry.manifest,
        version: entry.version,
        status: 'describing',
        description: null,
        message: null,
        appError: null,
        appStatus: null,
      };
    }
    // a remote that was registered before (a registry retry) keeps its single-spa app
    const known = this.store.getState().remotes;
    for (const [name, state] of Object.entries(known)) if (state.status === 'ready' && remotes[name]) remotes[name] = state;
    this.store.setState({ phase: 'composed', remotes });
    const fresh = Object.values(remotes).filter((r) => r.status === 'describing');
    this.deps.loader.register(fresh.map((r) => ({ name: r.name, manifest: r.manifest })));
    await Promise.all(fresh.map((r) => this.describe(r.name)));
  }

  /** Reads the description, checks the versions, and registers the application. */
  private async describe(name: string): Promise<void> {
    let description: unknown;
    const manifest = this.remote(name)?.manifest ?? '';
    try {
      description = await this.deps.readDescription(name, manifest);
      if (!isDescription(description)) throw new Error(`${name} has no valid description`);
    } catch (err) {
      console.warn(`[fleet] ${name}: description.json failed`, err);
      this.patch(name, { status: 'failed', message: `${name} could not be fetched from ${manifest}` });
      this.scheduleAutoRetry(name);
      return;
    }
    const unmet = unmetRequirements(description.requires, this.deps.provided);
    if (unmet.length > 0) {
      this.patch(name, { status: 'refused', description, message: refusalMessage(name, unmet) });
      return;
    }
    this.patch(name, { status: 'ready', description, message: null });
    this.registerApp(name);
    await this.deps.spa.triggerAppChange();
  }

  private registerApp(name: string): void {
    this.deps.spa.registerApplication({
      name,
      app: () => this.deps.loader.load<object>(name, './app'),
      activeWhen: (location) => this.deps.isActive(name, location),
      customProps: () => ({ domElement: this.element(name), ...(this.deps.extraProps?.(name) ?? {}) }),
    });
  }

  /** single-spa's error handler calls this (LOAD_ERROR, SKIP_BECAUSE_BROKEN, a throwing lifecycle). */
  reportAppError(name: string, err: unknown): void {
    if (!this.remote(name)) return;
    const appStatus = this.deps.spa.getAppStatus(name);
    this.patch(name, { appError: describeError(err), appStatus });
    if (appStatus === 'LOAD_ERROR') this.scheduleAutoRetry(name);
  }

  /**
   * An unreachable remote (its manifest, entry or chunk could not be fetched) is tried again quietly,
   * with a capped backoff: the panel stays until a probe succeeds, then the area recovers by itself.
   * A remote that crashed or was refused waits for Retry (trying the same build again cannot help).
   */
  private scheduleAutoRetry(name: string): void {
    const options = this.deps.autoRetry;
    if (!options) return;
    const previous = this.retryTimers.get(name);
    if (previous) clearTimeout(previous.timer);
    const delay = previous ? Math.min(previous.delay * 2, options.maxMs) : options.firstMs;
    const timer = setTimeout(() => void this.quietRetry(name), delay);
    this.retryTimers.set(name, { timer, delay });
  }

  private cancelAutoRetry(name: string): void {
    const pending = this.retryTimers.get(name);
    if (pending) clearTimeout(pending.timer);
    this.retryTimers.delete(name);
  }

  private async quietRetry(name: string): Promise<void> {
    const state = this.remote(name);
    const unreachable = state?.status === 'failed' || (state?.status === 'ready' && state.appStatus === 'LOAD_ERROR');
    if (!state || !unreachable) {
      this.retryTimers.delete(name);
      return;
    }
    const manifest = (await this.latestManifest(name)) ?? state.manifest;
    try {
      // a remote without a description needs only the JSON back; one whose ./app failed, the runtime's entry
      if (state.status === 'failed') await this.deps.readDescription(name, manifest);
      else {
        this.deps.loader.register([{ name, manifest }], true);
        await this.deps.loader.load(name, './app');
      }
    } catch {
      // still away: the panel stays, the next probe comes later
      if (this.retryTimers.has(name)) this.scheduleAutoRetry(name);
      return;
    }
    if (!this.retryTimers.has(name)) return; // a Retry click got there first
    await this.retry(name);
  }

  /** Stops the quiet retries (tests, and a page going away). */
  dispose(): void {
    for (const name of [...this.retryTimers.keys()]) this.cancelAutoRetry(name);
  }

  /** A remote's render crashed inside its own root (the error boundary we pass as a mount prop). */
  reportCrash(name: string, err: unknown): void {
    this.reportAppError(name, err);
  }

  /** Called after every single-spa reroute. */
  syncStatuses(): void {
    const { remotes } = this.store.getState();
    for (const r of Object.values(remotes)) {
      if (r.status !== 'ready') continue;
      const appStatus = this.deps.spa.getAppStatus(r.name);
      if (appStatus !== r.appStatus) this.patch(r.name, { appStatus });
    }
  }

  /** The remote's manifest in the registry as it is now (a fix is often a new deployment). */
  private async latestManifest(name: string): Promise<string | null> {
    try {
      return (await this.deps.readRegistry())[name]?.manifest ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Retry, for every kind of failure: read the registry again, forget the federation runtime's cached
   * entry, throw the single-spa application away, and describe, register and mount it afresh.
   */
  async retry(name: string): Promise<void> {
    const state = this.remote(name);
    if (!state) return;
    this.cancelAutoRetry(name);
    this.patch(name, { status: 'describing', message: null, appError: null, appStatus: null });
    const manifest = (await this.latestManifest(name)) ?? state.manifest;
    if (this.deps.spa.getAppNames().includes(name)) {
      try {
        await this.deps.spa.unregisterApplication(name);
      } catch {
        // a broken application may refuse to unload; it is replaced below either way
      }
    }
    const old = this.elements.get(name);
    const fresh = document.createElement('div');
    fresh.dataset.remote = name;
    fresh.className = 'fleet-remote';
    old?.replaceWith(fresh);
    this.elements.set(name, fresh);
    this.patch(name, { manifest });
    this.deps.loader.register([{ name, manifest }], true);
    await this.describe(name);
  }

  /** Descriptions of the remotes whose routes the shell knows (ready and refused ones). */
  descriptions(): RemoteDescription[] {
    return Object.values(this.store.getState().remotes)
      .filter((r) => r.description !== null && (r.status === 'ready' || r.status === 'refused'))
      .map((r) => r.description as RemoteDescription);
  }
}
