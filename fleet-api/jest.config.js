// fleet-api runs in node. Database suites open their own PGlite (a few seconds to start on a busy
// 2-core machine) or a PostgreSQL database via TEST_DATABASE_URL, hence the longer per-test budget.
const path = require('node:path');

const base = require('../jest.base.js').jestConfig({ dir: __dirname, environment: 'node', setupFiles: ['<rootDir>/test/support/setup.ts'] });

module.exports = {
  ...base,
  testTimeout: 30000,
  transform: {
    // PGlite's CJS build uses dynamic import() of node built-ins; see the transform's comment.
    '[/\\\\]@electric-sql[/\\\\]pglite[/\\\\]dist[/\\\\].*\\.cjs$': path.join(__dirname, 'test/support/pglite-jest-transform.js'),
    ...base.transform,
  },
  transformIgnorePatterns: [
    ...base.transformIgnorePatterns.map((p) => p.replace('(?!(', '(?!(@electric-sql/pglite|')),
  ],
};
