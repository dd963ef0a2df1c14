// mfe-auth: the public sign-in screens and the six profiles (docs/architecture.md, the remote contract).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({
  name: 'mfe-auth',
  dir: __dirname,
  description: './src/description.ts',
  exposes: { './app': './src/app.tsx' },
  port: 8081,
  standaloneEntry: './src/standalone/index.ts',
  title: 'Fleet console · mfe-auth',
});
