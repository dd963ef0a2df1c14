import type { Configuration } from 'webpack';
import type {} from 'webpack-dev-server';

/** The singletons of the page (the shared policy). */
export declare const SHARED_SINGLETONS: readonly string[];
/** The packages behind them (subpaths folded): what descriptions `require` and the shell provides. */
export declare const SHARED_PACKAGES: readonly string[];
/** Libraries several share keys use, each in one named chunk, with the share key it serves (the bench counts it there). */
export declare const SHARED_VENDOR_CHUNKS: Readonly<Record<string, { test: RegExp; shareKey: string }>>;
/** The share keys every page loads at first paint, each in one async chunk of the host named for it (the bench counts it there). */
export declare const FIRST_PAINT_CHUNKS: Readonly<Record<string, { shareKey: string; priority: number }>>;

export interface RemoteConfigOptions {
  /** The remote's registry name, e.g. `mfe-auth` (its container is `mfe_auth`). */
  name: string;
  /** The remote package folder (`__dirname` of its webpack.config.js). */
  dir: string;
  /**
   * The module exporting `description` (routes, menu, requires): it imports types, and at run time
   * `@fleet/shared-api/remote-contract` alone (the route table helpers). The build
   * publishes it as `description.json` beside `mf-manifest.json`; the shell reads that, never the entry.
   * Defaults to `./src/description.ts`.
   */
  description?: string;
  /** `./app`: the single-spa lifecycles (the remote contract). Defaults to `./src/app.tsx`. */
  exposes?: { './app': string } & Record<string, string>;
  /** Dev-server port when the remote runs alone (mfe-auth: 8081). */
  port: number;
  /** Entry of the remote's own page, used by `--env standalone`. Defaults to `./src/standalone/index.ts`. */
  standaloneEntry?: string;
  /** Title of the standalone page. */
  title?: string;
}

export interface ShellConfigOptions {
  dir: string;
  /** Dev-server port (8090). */
  port?: number;
  /** Defaults to `./src/index.ts`. */
  entry?: string;
  /** An html template; a minimal page with `<div id="root">` otherwise. */
  template?: string;
}

export type WebpackEnv = Record<string, string | boolean | undefined>;
export type WebpackArgv = { mode?: 'production' | 'development' | 'none' };
export type ConfigFactory = (env?: WebpackEnv, argv?: WebpackArgv) => Configuration;

/** `description.json`: the file a remote's build publishes beside its manifest. */
export declare const DESCRIPTION_FILE: string;
/** `preload.json`: what a build's pieces need before they run (shell/server/console-server.mjs names them in the page). */
export declare const PRELOAD_FILE: string;
/** A piece of a build (a module loaded by import(), an exposed module): its chunks and the share keys they consume. */
export interface PreloadPiece {
  files: string[];
  shared: string[];
}
/** The content of `preload.json`. */
export interface PreloadList {
  /** share key -> the chunks the runtime loads for it, with those of the keys they consume (what the build provides) */
  shared: Record<string, string[]>;
  /** a module loaded by import(), by its path from the package folder (`src/bootstrap.tsx`) */
  lazy: Record<string, PreloadPiece>;
  /** an exposed module (`./app`) */
  exposes: Record<string, PreloadPiece>;
}
/** Compiles and evaluates a description module with the given constants (what the build publishes). */
export declare function evaluateDescription(file: string, constants: Record<string, unknown>): unknown;
/** The constants a remote's bundle gets from the DefinePlugin: FLEET_REMOTE_NAME, _VERSION, FLEET_REQUIRES, FLEET_STANDALONE. */
export declare function remoteBuildConstants(options: { name: string; dir: string; standalone?: boolean }): Record<string, unknown>;
/** For a remote's jest setup: defines those constants as globals, as the build would. */
export declare function defineRemoteConstants(name: string, dir: string): void;
/** A remote's webpack configuration; `--env standalone` makes it a page of its own. */
export declare function createRemoteConfig(options: RemoteConfigOptions): ConfigFactory;
/** The shell's webpack configuration: a host with no remote in its build. */
export declare function createShellConfig(options: ShellConfigOptions): ConfigFactory;
/** `mfe-auth` -> `mfe_auth`: the federation container name of a registry name. */
export declare function containerName(name: string): string;
/** The global array a remote's webpack chunks register in (`fleetChunks_mfe_auth`). */
export declare function chunkLoadingGlobal(name: string): string;
/** The ranges a package declares for the shared singletons (what its description `requires`). */
export declare function requiredShared(dir: string): Record<string, string>;
/** The versions installed for a package's shared singletons (what the host provides). */
export declare function providedShared(dir: string): Record<string, string>;
export declare function sharedPolicy(options: { dir: string; role: 'host' | 'remote' }): Record<string, unknown>;
