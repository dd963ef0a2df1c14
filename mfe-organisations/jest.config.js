// jsdom plus Node's fetch family (shared-api's environment), so screens call the real @fleet/shared-api
// client against a mocked global.fetch.
module.exports = require('../jest.base.js').jestConfig({
  dir: __dirname,
  environment: require.resolve('@fleet/shared-api/jest/jsdom-with-fetch.js'),
  setupFiles: ['<rootDir>/src/test-setup.ts'],
});
