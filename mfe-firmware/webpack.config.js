// mfe-firmware: firmwares and OTA packs, OTA push and history, rules, groups (docs/architecture.md).
// The entry points are the conventional ones (src/description.ts, src/app.tsx, src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-firmware', dir: __dirname, port: 8082 });
