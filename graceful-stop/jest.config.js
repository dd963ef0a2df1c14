module.exports = require('../jest.base.js').jestConfig({ dir: __dirname, environment: 'node' });
