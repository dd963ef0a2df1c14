// mfe-firmware: firmwares and OTA packs, OTA push and history, rules, groups (docs/architecture.md, the remote contract).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({
  name: 'mfe-firmware',
  dir: __dirname,
  description: './src/description.ts',
  exposes: { './app': './src/app.tsx' },
  port: 8082,
  standaloneEntry: './src/standalone/index.ts',
  title: 'Fleet console · mfe-firmware',
});
