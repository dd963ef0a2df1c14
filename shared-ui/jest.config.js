// jsdom plus Node's fetch family (shared-api's environment): the remote kit and its test support call
// the real @fleet/shared-api client.
module.exports = require('../jest.base.js').jestConfig({
  dir: __dirname,
  environment: require.resolve('@fleet/shared-api/jest/jsdom-with-fetch.js'),
  setupFiles: ['<rootDir>/jest.setup.ts'],
});
