const { createShellConfig } = require('@fleet/federation-config');

module.exports = createShellConfig({ dir: __dirname, port: 8090 });
