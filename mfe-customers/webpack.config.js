// mfe-customers: customers, their properties, members, tariffs and histories (docs/architecture.md).
// The entry points are the conventional ones (src/description.ts, src/app.tsx, src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-customers', dir: __dirname, port: 8085 });
