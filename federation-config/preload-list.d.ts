import type { Compiler } from 'webpack';

/** `preload.json`, written beside a build. */
export declare const PRELOAD_FILE: string;
/** Writes `preload.json` (`PreloadList` in index.d.ts) from the build's chunk graph. */
export declare class PreloadListPlugin {
  /** dir: the package folder; lazy modules are named by their path from it. */
  constructor(options: { dir: string });
  apply(compiler: Compiler): void;
}
