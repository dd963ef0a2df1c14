// One jest setup for every package: swc transforms TypeScript/TSX (fast on 2 cores; type-checking is
// its own step, `npm run typecheck`). ESM-only packages (ky) are transformed too.
const path = require('node:path');

const esmPackages = ['ky'];

/** @param {{ dir: string, environment?: 'node' | 'jsdom', setupFiles?: string[] }} opts */
function jestConfig({ dir, environment = 'node', setupFiles = [] }) {
  return {
    rootDir: dir,
    testEnvironment: environment,
    // 5 s by default: a screen test that waits for a Chakra dialog (up to 5 s, test-utils' asyncUtilTimeout)
    // on a busy 2-core machine needs more. No test asserts on time.
    testTimeout: 30_000,
    testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'scripts/jest-style-stub.js'),
      // the contract's source, as webpack reads it (its dist is for Node: fleet-api's build and start)
      '^@fleet/contract$': path.join(__dirname, 'contract/src/index.ts'),
    },
    setupFilesAfterEnv: setupFiles,
  };
}

module.exports = { jestConfig };
