// The one webpack 5 + Module Federation configuration of the console. Every remote's
// webpack.config.js is `module.exports = createRemoteConfig({...})`; the shell's is
// `module.exports = createShellConfig({...})`. The `shared` policy lives here and nowhere else.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadListPlugin, PRELOAD_FILE } = require('./preload-list');

const repoRoot = path.resolve(__dirname, '..');
const apiUrl = process.env.FLEET_API_URL || 'http://localhost:3000';

/**
 * The singletons of the page. The host provides them; remotes consume them (`import: false`) so
 * a second copy cannot sneak in. @chakra-ui/react, react-i18next, react-router-dom and @tanstack/react-query
 * are deliberately absent: a shared module cannot be tree-shaken, so Chakra and the i18next React bindings
 * reach remotes only through @fleet/shared-ui, the router only through @fleet/shared-api and TanStack Query
 * only through @fleet/shared-api/query (one copy of each in the page, only the parts in use; see
 * ARCHITECTURE.md and docs/architecture.md).
 */
const SHARED_SINGLETONS = [
  'react',
  // subpaths are separate share keys: without them a remote bundles its own react-dom renderer
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@emotion/react',
  'zustand',
  'i18next',
  '@fleet/shared-ui',
  // share keys of their own, so the sign-in page does not download dialogs, tables and charts
  '@fleet/shared-ui/overlays',
  '@fleet/shared-ui/tables',
  '@fleet/shared-ui/charts',
  '@fleet/shared-ui/fields',
  '@fleet/shared-api',
  // likewise: list state and filters, dates, the live socket
  '@fleet/shared-api/lists',
  '@fleet/shared-api/dates',
  '@fleet/shared-api/live',
  // TanStack Query through the names the console uses (a shared package is provided whole)
  '@fleet/shared-api/query',
];

/**
 * Libraries several share keys use, each kept in one named chunk (optimization.splitChunks below), with
 * the share key it serves: the bench counts the chunk with that share key.
 */
const SHARED_VENDOR_CHUNKS = {
  // with the share key's own module (shared-api's query.ts, the names it gives), so the key is one file
  'tanstack-query': { test: /[\\/](node_modules[\\/]@tanstack[\\/]|shared-api[\\/]src[\\/]query\.ts$)/, shareKey: '@fleet/shared-api/query' },
  // with what only Emotion uses (its CSS parser, and the statics hoisting of withEmotionCache)
  emotion: { test: /[\\/]node_modules[\\/](@emotion|stylis|hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]/, shareKey: '@emotion/react' },
};

/**
 * The share keys every page loads at first paint, each kept in one async chunk of the host named for it: left
 * to the defaults, webpack cuts a share key's modules by the other share keys that use them too (shared-ui's
 * core by overlays, tables and fields; shared-api's client by lists and live), and /login downloaded eight
 * files for these two keys where two do. The later share keys then load only their own modules beside them.
 */
const FIRST_PAINT_CHUNKS = {
  'shared-ui': { shareKey: '@fleet/shared-ui', priority: -5 },
  'shared-api': { shareKey: '@fleet/shared-api', priority: -6 },
};

/** `react-dom/client` -> `react-dom`, `@scope/pkg/sub` -> `@scope/pkg`. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A container name must be a JS identifier (the remote entry declares a `var`): mfe-auth -> mfe_auth. */
function containerName(name) {
  return name.replace(/[^A-Za-z0-9_$]/g, '_');
}

/** The global array a remote's chunks register in: `fleetChunks_mfe_auth`. */
function chunkLoadingGlobal(name) {
  return `fleetChunks_${containerName(name)}`;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The version of `pkg` that `dir` would get from node_modules (walks up like Node's resolver). */
function installedVersion(pkg, dir) {
  let current = dir;
  for (;;) {
    const candidate = path.join(current, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return readJson(candidate).version;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The range a package declares for `pkg` (dependencies, then peer, then dev). */
function declaredRange(pkgJson, pkg) {
  return (
    (pkgJson.dependencies && pkgJson.dependencies[pkg]) ||
    (pkgJson.peerDependencies && pkgJson.peerDependencies[pkg]) ||
    (pkgJson.devDependencies && pkgJson.devDependencies[pkg]) ||
    undefined
  );
}

/**
 * The `shared` section.
 * - host: provides every singleton at the version installed for it.
 * - remote in the page: `import: false` (never bundles them) and `strictVersion`, so a remote whose
 *   range the host cannot satisfy fails to load with a federation error instead of half-loading
 *   (the shell checks `description.requires` first and shows a readable message).
 * - remote alone (`--env standalone`): provides them itself, like the host.
 */
function sharedPolicy({ dir, role }) {
  const pkgJson = readJson(path.join(dir, 'package.json'));
  const shared = {};
  for (const request of SHARED_SINGLETONS) {
    const pkg = packageOf(request);
    const range = declaredRange(pkgJson, pkg);
    const version = installedVersion(pkg, dir);
    if (!range && !version) continue; // this package does not use it
    const requiredVersion = range && !range.startsWith('workspace:') ? range : version ? `^${version}` : false;
    if (role === 'remote') {
      shared[request] = { singleton: true, import: false, requiredVersion, strictVersion: true };
    } else {
      shared[request] = { singleton: true, requiredVersion, ...(version ? { version } : {}), ...ownWorkspaceImport(request, dir) };
    }
  }
  return shared;
}

/**
 * The federation plugin provides a package-name share key only when the host's own code imports it, so a
 * subpath the shell never uses (`@fleet/shared-ui/tables`) would be missing from the page. Our own
 * workspaces are therefore provided by path, always. (Third-party singletons stay matched by name: Node's
 * resolver and webpack's pick different builds of some of them, which would make two copies.)
 */
function ownWorkspaceImport(request, dir) {
  if (!request.startsWith('@fleet/')) return {};
  return { import: require.resolve(request, { paths: [dir] }) };
}

/** What a remote declares it needs of the host: `{ react: '^19.2.0', ... }` (for its description). */
const SHARED_PACKAGES = [...new Set(SHARED_SINGLETONS.map(packageOf))];

function requiredShared(dir) {
  const pkgJson = readJson(path.join(dir, 'package.json'));
  const requires = {};
  for (const pkg of SHARED_PACKAGES) {
    const range = declaredRange(pkgJson, pkg);
    if (range) requires[pkg] = range;
  }
  return requires;
}

/** The versions the host provides: `{ react: '19.2.1', ... }`. */
function providedShared(dir) {
  const provided = {};
  for (const pkg of SHARED_PACKAGES) {
    const version = installedVersion(pkg, dir);
    if (version) provided[pkg] = version;
  }
  return provided;
}

/**
 * webpack's filesystem cache for production builds, so a later `npm start` or `npm run build` rebuilds
 * only what changed. One cache per package and variant (a standalone remote is another build); webpack
 * itself checks the config files named here and the installed packages' versions.
 */
function productionCache(dir, variant) {
  return {
    type: 'filesystem',
    name: `production-${variant}`,
    cacheDirectory: path.join(repoRoot, '.cache', 'webpack', path.basename(dir)),
    buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')].filter((f) => fs.existsSync(f)) },
  };
}

function baseConfig({ dir, production, variant = 'page' }) {
  return {
    context: dir,
    // dev servers keep their cache in memory
    ...(production ? { cache: productionCache(dir, variant) } : {}),
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map', // no eval: the console's CSP has no 'unsafe-eval'
    // 'fleet-source': a workspace package built for Node (@fleet/contract) is read from its TypeScript
    // source here, as the console's own packages are, so a change there needs no build before this one
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], conditionNames: ['fleet-source', '...'] },
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          // our own workspaces (shared-api, shared-ui) ship TypeScript sources: compile them too
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                // always the production JSX runtime (react/jsx-runtime, shared): a remote's dev server
                // overriding a remote in the built console then uses the page's React consistently
                transform: { react: { runtime: 'automatic', development: false } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
      ],
    },
    performance: { hints: false },
    // No separate vendor chunk: it would hold Chakra apart from shared-ui and keep the unused theme
    // recipes from being dropped (shared-ui is 113 KB gzipped that way, 92 KB without; shared-ui/README.md).
    optimization: {
      minimize: production,
      // swc's minifier instead of webpack's default terser: the same size within 1 %, a fraction of the
      // time (the production build of eight packages is most of `npm start` on a fresh clone)
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
      splitChunks: {
        cacheGroups: {
          defaultVendors: false,
          // Libraries several share keys use, each in one chunk of its own: left to the defaults, webpack
          // splits TanStack Query's modules between the share keys that use them (four small files, all on
          // the first page, 2.4 KB gzipped heavier than one) and copies Emotion's helpers into both the
          // @emotion/react and the shared-ui chunks. Async chunks only: a page's first bundle stays whole.
          ...Object.fromEntries(
            Object.entries(SHARED_VENDOR_CHUNKS).map(([name, { test }]) => [name, { test, name, chunks: 'async', enforce: true }]),
          ),
        },
      },
    },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

function dataDir() {
  return process.env.FLEET_DATA_DIR ? path.resolve(process.env.FLEET_DATA_DIR) : path.join(repoRoot, '.data');
}

function apiProxy() {
  return [
    { context: ['/api'], target: apiUrl, changeOrigin: true },
    { context: ['/ws'], target: apiUrl, changeOrigin: true, ws: true },
  ];
}

/**
 * The remote's description (routes, menu entries, required shared ranges) published as
 * `description.json` beside `mf-manifest.json`, so the shell composes its routes and menus without
 * loading a single remote entry: a remote's code is fetched only when one of its routes is visited.
 * The module is TypeScript importing types and, at run time, the remote contract alone (its route
 * table helpers: no imports of their own, no React, no screens); it is compiled and evaluated here
 * with the same constants the DefinePlugin gives the bundle, and any other runtime import fails the build.
 */
const DESCRIPTION_FILE = 'description.json';
const CONTRACT_MODULE = '@fleet/shared-api/remote-contract';

/** Compiles a TypeScript module to CommonJS and runs it in `context`; `load` answers its imports. */
function runModule(file, context, load) {
  const { transformSync } = require('@swc/core');
  const vm = require('node:vm');
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  // one line of wrapper, so errors keep the module's line numbers
  vm.runInContext(`(function (module, exports, require) {${code}\n})`, context, { filename: file })(module, module.exports, load);
  return module.exports;
}

function evaluateDescription(file, constants) {
  const vm = require('node:vm');
  const refuseImports = (from) => (request) => {
    throw new Error(`${path.basename(from)} may import types and '${CONTRACT_MODULE}' only (it imports '${request}' at run time)`);
  };
  const context = vm.createContext({ ...constants });
  let contract;
  const load = (request) => {
    if (request !== CONTRACT_MODULE) return refuseImports(file)(request);
    if (!contract) {
      const contractFile = require.resolve(CONTRACT_MODULE, { paths: [path.dirname(file), __dirname] });
      contract = runModule(contractFile, context, refuseImports(contractFile));
    }
    return contract;
  };
  const description = runModule(file, context, load).description;
  if (!description || typeof description !== 'object') throw new Error(`${file} must export a description`);
  return description;
}

class RemoteDescriptionPlugin {
  constructor(file, constants) {
    this.file = file;
    this.constants = constants;
  }

  apply(compiler) {
    const name = 'FleetRemoteDescriptionPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(this.file); // the dev server rebuilds when it changes
        try {
          const description = evaluateDescription(this.file, this.constants);
          compilation.emitAsset(DESCRIPTION_FILE, new webpack.sources.RawSource(`${JSON.stringify(description, null, 2)}\n`));
        } catch (err) {
          compilation.errors.push(new webpack.WebpackError(`description: ${err.message}`));
        }
      });
    });
  }
}

function definePlugin(extra) {
  return new webpack.DefinePlugin(
    Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, JSON.stringify(v)])),
  );
}

/** The constants a remote's bundle gets from the DefinePlugin (and its description is evaluated with). */
function remoteBuildConstants({ name, dir, standalone = false }) {
  return {
    FLEET_REMOTE_NAME: name,
    FLEET_REMOTE_VERSION: readJson(path.join(dir, 'package.json')).version,
    FLEET_REQUIRES: requiredShared(dir),
    FLEET_STANDALONE: standalone,
  };
}

/** For a remote's jest setup: the same constants as globals, as the build would define them. */
function defineRemoteConstants(name, dir) {
  Object.assign(globalThis, remoteBuildConstants({ name, dir }));
}

/**
 * @param {import('./index').RemoteConfigOptions} options
 */
// A remote's files by convention (docs/new-remote.md): its contract, its lifecycles, its standalone page.
const REMOTE_CONVENTIONS = {
  description: './src/description.ts',
  exposes: { './app': './src/app.tsx' },
  standaloneEntry: './src/standalone/index.ts',
};

function createRemoteConfig({
  name,
  dir,
  port,
  title = `Fleet console · ${name}`,
  description = REMOTE_CONVENTIONS.description,
  exposes = REMOTE_CONVENTIONS.exposes,
  standaloneEntry = REMOTE_CONVENTIONS.standaloneEntry,
}) {
  if (!name || !dir || !port) throw new Error('createRemoteConfig needs name, dir and port');
  return (env = {}, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const standalone = Boolean(env.standalone || process.env.FLEET_STANDALONE);
    const config = baseConfig({ dir, production, variant: standalone ? 'standalone' : 'page' });
    const remoteConstants = remoteBuildConstants({ name, dir, standalone });
    const entry = {};
    if (standalone) {
      if (!standaloneEntry) throw new Error(`${name}: --env standalone needs standaloneEntry`);
      entry.main = standaloneEntry;
    }
    return {
      ...config,
      name,
      entry,
      output: {
        path: path.join(dir, 'dist'),
        // the federation runtime breaks on hashed entries: name entries, hash the chunks
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
        publicPath: 'auto',
        uniqueName: containerName(name),
        // named so the shell can forget a broken build's chunks before loading a fixed one (Retry)
        chunkLoadingGlobal: chunkLoadingGlobal(name),
        clean: true,
      },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName(name),
          filename: 'remoteEntry.js',
          exposes,
          // in the page the host provides the singletons; alone the remote provides them itself
          shared: standalone ? sharedPolicy({ dir, role: 'host' }) : sharedPolicy({ dir, role: 'remote' }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // in the page the entry uses the shell's federation runtime instead of carrying its own
          // the browser build of the runtime only: no Node script loader in a remote entry
          // a remote never loads another remote (lint forbids it): its entry carries no remote-loading code
          experiments: { ...(standalone ? {} : { externalRuntime: true }), optimization: { target: 'web', disableSnapshot: true, disableRemote: true } },
        }),
        definePlugin(remoteConstants),
        new RemoteDescriptionPlugin(path.resolve(dir, description), remoteConstants),
        // what ./app needs before it runs, for the console server's preload links
        new PreloadListPlugin({ dir }),
        ...(standalone
          ? [
              // The page is served for nested paths too (/msc/login, /admin/rules): its scripts load from
              // the site root, not relative to the path (output.publicPath stays 'auto' for federation).
              new HtmlWebpackPlugin({ title: title || name, templateContent: htmlPage(title || name), publicPath: '/' }),
            ]
          : []),
      ],
      devServer: {
        port: port || 8081,
        historyApiFallback: true,
        // the console (another origin) fetches mf-manifest.json when QA overrides this remote
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: apiProxy(),
        client: { overlay: { runtimeErrors: false } },
        hot: false,
      },
    };
  };
}

function htmlPage(title) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

/**
 * Cache groups putting every module a first-paint share key uses into that key's one chunk
 * (FIRST_PAINT_CHUNKS), whichever other share keys use it too. Before splitting, the key's module (shared-ui's
 * `src/index.ts`) sits in the key's own async chunk: a module is the key's when it shares a chunk with it.
 */
function firstPaintCacheGroups(dir) {
  return Object.fromEntries(
    Object.entries(FIRST_PAINT_CHUNKS).map(([name, { shareKey, priority }]) => {
      const keyModule = require.resolve(shareKey, { paths: [dir] });
      const servesKey = new WeakMap(); // chunk -> whether it holds the key's module
      const test = (module, { chunkGraph }) => {
        // source files only: the federation runtime loads consumed and provided modules with their own chunks
        if (!module.resource) return false;
        for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
          if (!servesKey.has(chunk)) {
            servesKey.set(chunk, [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.resource === keyModule));
          }
          if (servesKey.get(chunk)) return true;
        }
        return false;
      };
      // below the vendor chunks (priority 0): Emotion and TanStack Query stay in theirs
      return [name, { test, name, chunks: 'async', enforce: true, priority }];
    }),
  );
}

/**
 * @param {import('./index').ShellConfigOptions} options
 */
function createShellConfig({ dir, port, entry, template }) {
  if (!dir) throw new Error('createShellConfig needs dir');
  return (_env = {}, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const config = baseConfig({ dir, production });
    const { splitChunks } = config.optimization;
    return {
      ...config,
      optimization: {
        ...config.optimization,
        splitChunks: { ...splitChunks, cacheGroups: { ...splitChunks.cacheGroups, ...firstPaintCacheGroups(dir) } },
      },
      name: 'shell',
      entry: { main: entry || './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
        publicPath: '/',
        uniqueName: 'shell',
        clean: true,
      },
      plugins: [
        new ModuleFederationPlugin({
          name: 'shell',
          // no remotes here: the shell learns them at run time from /remotes.json
          remotes: {},
          shared: sharedPolicy({ dir, role: 'host' }),
          // a dead remote must not hold up the page: never load remote entries to compare versions
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          // the page's one federation runtime, its browser build only (no Node script loader), without the
          // manifest snapshot machinery: the shell loads each remote's remoteEntry.js directly
          experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
        }),
        // provideExternalRuntime injects the runtime through the plugin's CommonJS build, which would
        // bring a second, CommonJS copy of runtime-core beside the ESM one the shell already runs
        // (+24 KB gzipped): use the plugin's ESM build so that both are one module.
        new webpack.NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
          resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
        }),
        definePlugin({ FLEET_SHARED_VERSIONS: providedShared(dir) }),
        // the chunks of each share key and of the bootstrap, for the console server's preload links
        new PreloadListPlugin({ dir }),
        new HtmlWebpackPlugin(
          template ? { template } : { title: 'Fleet console', templateContent: htmlPage('Fleet console') },
        ),
      ],
      devServer: {
        port: port || 8090,
        historyApiFallback: true,
        // /remotes.json and /remotes/** come from the data folder, as on the console server
        static: [{ directory: dataDir(), publicPath: '/', watch: false }],
        proxy: apiProxy(),
        client: { overlay: { runtimeErrors: false } },
        hot: false,
      },
    };
  };
}

module.exports = {
  baseConfig,
  DESCRIPTION_FILE,
  PRELOAD_FILE,
  defineRemoteConstants,
  remoteBuildConstants,
  evaluateDescription,
  chunkLoadingGlobal,
  SHARED_SINGLETONS,
  SHARED_PACKAGES,
  SHARED_VENDOR_CHUNKS,
  FIRST_PAINT_CHUNKS,
  containerName,
  createRemoteConfig,
  createShellConfig,
  providedShared,
  requiredShared,
  sharedPolicy,
};
