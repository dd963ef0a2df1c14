// The real wiring: federation runtime + single-spa + the guards, for the page (tests build a
// Composition with fakes instead).
import * as singleSpa from 'single-spa';
import { createElement } from 'react';
import { homePath, sessionStore, useSelectedProduct as useProduct } from '@fleet/shared-api';
import type { UserType } from '@fleet/shared-api';
import { Composition } from './composition';
import type { SpaApi } from './composition';
import { federationLoader } from './federation';
import { applyOverrides, applyOverrideParams, readOverrides, withoutOverrideParams, writeOverrides } from '../registry/overrides';
import { absoluteUrl, fetchDescription, fetchRegistry, InlineComposition } from '../registry/registry';
import type { Registry } from '../registry/registry';
import { buildRouteTable } from '../routing/route-table';
import { decide } from '../routing/guards';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads ?remote-override=..., remembers it, and tidies the address bar. */
function takeOverridesFromUrl(): Record<string, string> {
  const store = storage();
  const { overrides, changed } = applyOverrideParams(window.location.search, readOverrides(store));
  if (changed) {
    writeOverrides(store, overrides);
    const url = `${window.location.pathname}${withoutOverrideParams(window.location.search)}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }
  return overrides;
}

function viewerType(): UserType | null {
  const s = sessionStore.getState();
  return s.accessToken && s.loginUserInfo ? s.loginUserInfo.user_type : null;
}

export function createPageComposition(provided: Record<string, string>): Composition {
  const overrides = takeOverridesFromUrl();
  let composition: Composition | null = null;

  const loader = federationLoader(({ remote, lifecycle, error }) => {
    console.warn(`[fleet] ${remote} failed to load (${lifecycle})`, error);
  });

  // the registry and descriptions the console server put into the page: no request before composing
  const inline = InlineComposition.fromPage();
  const readRegistry = async (): Promise<Registry> => {
    const registry = applyOverrides(await inline.registryOnce(() => fetchRegistry()), overrides);
    const absolute: Registry = {};
    for (const [name, entry] of Object.entries(registry)) {
      absolute[name] = { ...entry, manifest: absoluteUrl(entry.manifest, window.location.href) };
    }
    return absolute;
  };

  // cached per remotes-state object so activeWhen stays cheap on every reroute
  let cachedFor: unknown = null;
  let cachedTable = buildRouteTable([]);
  const table = () => {
    const state = composition?.store.getState().remotes;
    if (state !== cachedFor && composition) {
      cachedFor = state;
      cachedTable = buildRouteTable(composition.descriptions());
    }
    return cachedTable;
  };

  const spa: SpaApi = {
    registerApplication: (config) =>
      singleSpa.registerApplication({
        name: config.name,
        // the remote's ./app module is its lifecycles (bootstrap, mount, unmount)
        app: config.app as () => Promise<singleSpa.LifeCycles>,
        activeWhen: config.activeWhen,
        customProps: (name) => config.customProps(name),
      }),
    unregisterApplication: (name) => singleSpa.unregisterApplication(name),
    getAppStatus: (name) => singleSpa.getAppStatus(name),
    getAppNames: () => singleSpa.getAppNames(),
    triggerAppChange: () => singleSpa.triggerAppChange(),
  };

  composition = new Composition({
    loader,
    spa,
    provided,
    readRegistry,
    readDescription: (name, manifest) =>
      inline.descriptionOnce(name, manifest, window.location.href, () => fetchDescription(manifest, window.location.href)),
    autoRetry: { firstMs: 10_000, maxMs: 60_000 },
    isActive: (remote, location) => {
      const viewer = { userType: viewerType(), product: useProduct.getState().product, secondFactorSetup: sessionStore.getState().secondFactorSetup() };
      const decision = decide(location.pathname, viewer, table(), homePath);
      return decision.kind === 'remote' && decision.match.remote === remote;
    },
    // a render error inside the remote's own root: report it, the shell shows the panel with Retry
    extraProps: (remote) => ({
      errorBoundary: (error: unknown) => {
        queueMicrotask(() => composition?.reportCrash(remote, error));
        return createElement('div', { role: 'alert' });
      },
    }),
  });

  const page = composition;
  singleSpa.addErrorHandler((err) => {
    const name = (err as { appOrParcelName?: string }).appOrParcelName;
    console.error('[fleet] remote error', err);
    if (name) page.reportAppError(name, err);
  });
  window.addEventListener('single-spa:app-change', () => page.syncStatuses());
  window.addEventListener('single-spa:no-app-change', () => page.syncStatuses());
  // signing in or out, or another product, changes which remote may be mounted
  sessionStore.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken || s.loginUserInfo !== prev.loginUserInfo) void singleSpa.triggerAppChange();
  });
  useProduct.subscribe(() => void singleSpa.triggerAppChange());
  singleSpa.start({ urlRerouteOnly: true });
  return page;
}
