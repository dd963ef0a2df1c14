// `preload.json` beside a build: which files a page needs before a piece of it can run, so the console
// server can name them in the page it sends (`<link rel="preload">`, shell/server/console-server.mjs)
// instead of the browser discovering them one step at a time (page, shell, remote entry, exposed
// module, the shared chunks it consumes). Written from webpack's own chunk graph:
//   shared:  share key -> the chunks the federation runtime loads for it (what this build provides);
//   lazy:    an own module loaded by import() (path from the package folder) -> { files, shared keys it
//            consumes } (the shell's bootstrap, its signed-in frame, ...);
//   exposes: an exposed module ('./app') -> { files, shared keys it consumes } (a remote).
// Only the chunks a piece needs before it runs: its own async imports are left out.
const path = require('node:path');
const webpack = require('webpack');

const PRELOAD_FILE = 'preload.json';
const NAME = 'FleetPreloadListPlugin';

const isJs = (file) => file.endsWith('.js');

class PreloadListPlugin {
  /** @param {{ dir: string }} options the package folder (lazy modules are named from it) */
  constructor({ dir }) {
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const list = preloadList(compilation, this.dir);
        compilation.emitAsset(PRELOAD_FILE, new webpack.sources.RawSource(`${JSON.stringify(list, null, 2)}\n`));
      });
    });
  }
}

function preloadList(compilation, dir) {
  const { chunkGraph, moduleGraph } = compilation;
  const kind = (module) => module.constructor.name;
  // the chunks a block loads, without those its page already has (the entry's)
  const blockChunks = (block) => [...(chunkGraph.getBlockChunkGroup(block)?.chunks ?? [])].filter((chunk) => !chunk.canBeInitial());
  const files = (chunks) => [...new Set(chunks.flatMap((chunk) => [...chunk.files].filter(isJs)))].sort();
  // share keys whose consuming module sits in these chunks: the runtime fetches them before the chunks run
  const consumed = (chunks) =>
    [
      ...new Set(
        chunks.flatMap((chunk) =>
          [...chunkGraph.getChunkModulesIterable(chunk)].filter((m) => kind(m) === 'ConsumeSharedModule').map((m) => m.options.shareKey),
        ),
      ),
    ].sort();
  const piece = (block) => {
    const chunks = blockChunks(block);
    return { files: files(chunks), shared: consumed(chunks) };
  };

  const provided = new Map(); // share key -> its own chunks
  const lazy = {};
  const exposes = {};
  for (const module of compilation.modules) {
    if (kind(module) === 'ProvideSharedModule') {
      const chunks = module.blocks.flatMap(blockChunks);
      if (chunks.length > 0) provided.set(module._name, chunks);
    } else if (kind(module) === 'ContainerEntryModule') {
      for (const block of module.blocks) exposes[block.loc?.name ?? '?'] = piece(block);
    } else {
      // (a concatenated module carries the import() blocks of the modules inside it)
      for (const block of module.blocks) {
        const target = block.dependencies[0] && moduleGraph.getModule(block.dependencies[0]);
        const resource = target?.resource ?? target?.rootModule?.resource;
        if (!resource || !resource.startsWith(dir + path.sep) || resource.includes(`${path.sep}node_modules${path.sep}`)) continue;
        lazy[path.relative(dir, resource).split(path.sep).join('/')] = piece(block);
      }
    }
  }
  // a share key's chunks consume other keys (react-dom/client: react-dom), fetched before they run too
  const shared = {};
  for (const key of provided.keys()) {
    const keys = new Set([key]);
    for (const k of keys) for (const next of consumed(provided.get(k) ?? [])) keys.add(next);
    shared[key] = files([...keys].flatMap((k) => provided.get(k) ?? []));
  }
  const sortedKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return { shared: sortedKeys(shared), lazy: sortedKeys(lazy), exposes: sortedKeys(exposes) };
}

module.exports = { PreloadListPlugin, PRELOAD_FILE };
