module.exports = require('../jest.base.js').jestConfig({
  dir: __dirname,
  // jsdom plus Node's fetch family: shared-api's ky client needs it
  environment: require.resolve('@fleet/shared-api/jest/jsdom-with-fetch.js'),
  setupFiles: ['<rootDir>/src/test-setup.ts'],
});
