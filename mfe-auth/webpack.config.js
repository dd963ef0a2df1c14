// mfe-auth: the public sign-in screens and the six profiles (docs/architecture.md, the remote contract).
// The entry points are the conventional ones (src/description.ts, src/app.tsx, src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-auth', dir: __dirname, port: 8081 });
