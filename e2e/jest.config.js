// Browser journeys: node environment (Chromium is driven from node), one stack per worker for the
// whole run (started in globalSetup), long timeouts because every journey signs in through the real
// OTP flow.
module.exports = {
  ...require('../jest.base.js').jestConfig({ dir: __dirname, environment: 'node', setupFiles: ['<rootDir>/support/worker-stack.ts'] }),
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/bench/'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 120_000,
  // the accessibility journeys run three passes side by side (test.concurrent): browser contexts keep
  // both cores busy while one waits for the network; other journeys run their tests one by one
  maxConcurrency: 3,
};
