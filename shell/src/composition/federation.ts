// The federation runtime behind one small interface, so composition can be tested with a fake loader.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { entryUrl } from '../registry/registry';

export interface RemoteLoader {
  /** Registers (or, with force, re-registers and forgets the cached entry of) remotes by manifest URL (their entry beside it). */
  register(remotes: Array<{ name: string; manifest: string }>, force?: boolean): void;
  /** Loads `<remote>/<expose>`; rejects when the manifest, the entry or the module cannot be had. */
  load<T>(remote: string, expose: string): Promise<T>;
}

/** A registry name as a container name (federation-config does the same): mfe-auth -> mfe_auth. */
function containerName(name: string): string {
  return name.replace(/[^A-Za-z0-9_$]/g, '_');
}

/** federation-config names each remote's chunk registry so (`output.chunkLoadingGlobal`). */
function chunkLoadingGlobal(name: string): string {
  return `fleetChunks_${containerName(name)}`;
}

export interface LoadFailure {
  remote: string;
  lifecycle: string;
  error: unknown;
}

/**
 * Fetch failures happen inside the runtime, where no React error boundary can see them; this plugin
 * reports them (for the remote's area and the console) and lets loadRemote reject.
 */
function faultReportingPlugin(report: (failure: LoadFailure) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'fleet-fault-reporting',
    async errorLoadRemote({ id, error, lifecycle, remote }) {
      report({ remote: remote?.name ?? id.split('/')[0] ?? id, lifecycle, error });
      return undefined; // no fallback module: the caller shows the error panel with Retry
    },
  };
}

export function federationLoader(report: (failure: LoadFailure) => void): RemoteLoader {
  registerPlugins([faultReportingPlugin(report)]);
  return {
    register(remotes, force = false) {
      if (force) {
        // A new entry of the same remote would find the old build's chunks in the shared chunk
        // array and run the old code again: forget them, so Retry really loads the fixed build.
        for (const r of remotes) delete (globalThis as Record<string, unknown>)[chunkLoadingGlobal(r.name)];
      }
      registerRemotes(
        remotes.map((r) => ({ name: containerName(r.name), entry: entryUrl(r.manifest, globalThis.location.href) })),
        { force },
      );
    },
    async load<T>(remote: string, expose: string): Promise<T> {
      const exposed = await loadRemote<T>(`${containerName(remote)}/${expose.replace(/^\.\//, '')}`);
      if (exposed === null || exposed === undefined) throw new Error(`${remote} did not provide ${expose}`);
      return exposed;
    },
  };
}
