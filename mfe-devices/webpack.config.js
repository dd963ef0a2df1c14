// mfe-devices: device lists, details, edit and histories of every line but heat pump (docs/architecture.md).
// The entry points are the conventional ones (src/description.ts, src/app.tsx, src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-devices', dir: __dirname, port: 8083 });
