// mfe-auth: the public sign-in screens and the six profiles (docs/architecture.md, the remote contract).
const { createRemoteConfig } = require('@fleet/federation-config');

const remoteConfig = createRemoteConfig({
  name: 'mfe-auth',
  dir: __dirname,
  exposes: {
    './description': './src/description.ts',
    './app': './src/app.tsx',
  },
  port: 8081,
  standaloneEntry: './src/standalone/index.ts',
  title: 'Fleet console · mfe-auth',
});

module.exports = (env, argv) => {
  const config = remoteConfig(env, argv);
  // The standalone page is served for nested paths too (/msc/login, /admin/profile): its scripts
  // must load from the root, not relative to the path (output.publicPath is 'auto' for federation).
  for (const plugin of config.plugins) {
    if (plugin.constructor.name === 'HtmlWebpackPlugin') plugin.options.publicPath = '/';
  }
  return config;
};
