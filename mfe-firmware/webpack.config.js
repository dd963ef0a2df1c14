// mfe-firmware: firmwares and OTA packs, OTA push and history, rules, groups (docs/architecture.md, the remote contract).
const { createRemoteConfig } = require('@fleet/federation-config');

const remoteConfig = createRemoteConfig({
  name: 'mfe-firmware',
  dir: __dirname,
  exposes: {
    './description': './src/description.ts',
    './app': './src/app.tsx',
  },
  port: 8082,
  standaloneEntry: './src/standalone/index.ts',
  title: 'Fleet console · mfe-firmware',
});

// Alone, every screen lives under /admin/...: with the page's relative script URLs a reload of
// /admin/rules asked for /admin/main.js (404). Absolute URLs from the site root fix deep links.
// (Belongs in federation-config's standalone page; reported.)
module.exports = (env = {}, argv = {}) => {
  const config = remoteConfig(env, argv);
  for (const plugin of config.plugins) {
    if (plugin.constructor && plugin.constructor.name === 'HtmlWebpackPlugin') plugin.options.publicPath = '/';
  }
  return config;
};
