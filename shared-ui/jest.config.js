module.exports = require('../jest.base.js').jestConfig({
  dir: __dirname,
  environment: 'jsdom',
  setupFiles: ['<rootDir>/jest.setup.ts'],
});
