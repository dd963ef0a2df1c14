// Counting the copies of React in a page. Three independent witnesses:
// - every react-dom copy registers itself once with the DevTools hook (we install a counting hook
//   before any script runs), handing over the internals object of the React copy it renders with;
// - every react-dom copy tags the DOM nodes it renders with its own random key (`__reactFiber$<key>`),
//   so the keys found on the page say how many copies actually rendered something;
// - the federation runtime's share scope says which versions of react / react-dom were loaded.
import type { BrowserContext, Page } from 'playwright-core';

interface CountingHook {
  renderers: Map<number, { version?: string; currentDispatcherRef?: object; reconcilerVersion?: string }>;
}

declare global {
  interface Window {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: CountingHook & Record<string, unknown>;
    __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, SharedEntry>>>> };
  }
}

interface SharedEntry {
  loaded?: boolean;
  loading?: unknown;
  lib?: unknown;
  from?: string;
  useIn?: string[];
}

export interface ReactCopies {
  /** react-dom copies that initialised in the page. */
  rendererCount: number;
  renderersVersions: string[];
  /** distinct React internals the react-dom copies render with (one per React copy in use). */
  reactInternalsCount: number;
  /** distinct react-dom keys on rendered DOM nodes. */
  domKeys: number;
  /** DOM containers of React roots (shell + each mounted remote). */
  rootContainers: number;
  /** loaded versions per shared package, from the federation share scope, e.g. { react: ['19.2.0@shell'] }. */
  sharedLoaded: Record<string, string[]>;
}

/** Must run before the page's first script: install with context.addInitScript. */
export async function installReactCounter(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const renderers = new Map<number, object>();
    let id = 0;
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(internals: object) {
        id += 1;
        renderers.set(id, internals);
        return id;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
    } as unknown as CountingHook & Record<string, unknown>;
  });
}

export async function countReactCopies(page: Page): Promise<ReactCopies> {
  return page.evaluate(() => {
    const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    const renderers = hook ? [...hook.renderers.values()] : [];
    const internals = new Set(renderers.map((r) => r.currentDispatcherRef).filter(Boolean));
    const keys = new Set<string>();
    let rootContainers = 0;
    for (const el of [document.documentElement, ...document.querySelectorAll('*')]) {
      for (const prop of Object.keys(el)) {
        const fiber = /^__reactFiber\$(.+)$/.exec(prop);
        if (fiber) keys.add(fiber[1]!);
        if (prop.startsWith('__reactContainer$')) rootContainers += 1;
      }
    }
    const sharedLoaded: Record<string, string[]> = {};
    const share = window.__FEDERATION__?.__SHARE__ ?? {};
    for (const scopes of Object.values(share)) {
      for (const pkgs of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(pkgs)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded || entry.lib) {
              const label = `${version}@${entry.from ?? '?'}`;
              sharedLoaded[pkg] = [...new Set([...(sharedLoaded[pkg] ?? []), label])];
            }
          }
        }
      }
    }
    return {
      rendererCount: renderers.length,
      renderersVersions: renderers.map((r) => String(r.version ?? r.reconcilerVersion ?? '?')),
      reactInternalsCount: internals.size,
      domKeys: keys.size,
      rootContainers,
      sharedLoaded,
    };
  });
}
