// mfe-organisations: the organisations and reference lists Admin manages (docs/architecture.md).
// The entry points are the conventional ones (src/description.ts, src/app.tsx, src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-organisations', dir: __dirname, port: 8086 });
