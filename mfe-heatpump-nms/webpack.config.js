// mfe-heatpump-nms: heat-pump devices, faulty systems (Attention), fault history and the live feed
// (docs/architecture.md). The entry points are the conventional ones (src/description.ts, src/app.tsx,
// src/standalone/index.ts).
const { createRemoteConfig } = require('@fleet/federation-config');

module.exports = createRemoteConfig({ name: 'mfe-heatpump-nms', dir: __dirname, port: 8084 });
