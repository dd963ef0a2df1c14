module.exports = require('../jest.base.js').jestConfig({
  dir: __dirname,
  environment: require.resolve('./jest/jsdom-with-fetch.js'),
  setupFiles: [require.resolve('./jest/setup.ts')],
});
