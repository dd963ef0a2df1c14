// One lint setup for the whole monorepo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'bench/results/**', 'coverage/**', '.test-results/**', 'e2e/bench/baseline/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only (STYLE.md 10).' },
        // compiled to CommonJS (fleet-api's dist), a local `exports` hides the module's own exports
        { selector: 'VariableDeclarator[id.name=/^(exports|module|require)$/]', message: 'A variable named exports, module or require breaks the CommonJS build.' },
      ],
    },
  },
  {
    files: ['**/*.config.js', '**/*.config.mjs', 'jest.base.js', 'scripts/**', 'federation-config/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    // A remote never imports another remote, and reaches Chakra only through shared-ui.
    files: ['mfe-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@fleet/mfe-*', '../mfe-*', '../../mfe-*'], message: 'A remote never imports another remote.' },
        { group: ['@chakra-ui/*'], message: 'Remotes reach Chakra only through @fleet/shared-ui.' },
        { group: ['@fleet/shell', '../shell/*'], message: 'A remote never imports the shell.' },
        { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
        { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
        { group: ['react-i18next'], message: 'useTranslation and I18nextProvider come from @fleet/shared-ui (one copy in the page, tree-shaken).' },
      ] }],
    },
  },
  {
    // fleet-api's server/ is the mechanism every module uses (listing, schemas, timeline, errors): it never
    // reaches into a module; a module registers its own service instead (docs/architecture.md).
    files: ['fleet-api/src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../modules/*', '../../modules/*', '**/modules/*'], message: 'server/ imports nothing from modules/: move the shared piece into server/ or let the module register it.' },
      ] }],
    },
  },
  {
    // The router reaches every package through @fleet/shared-api, and the i18next React bindings through
    // @fleet/shared-ui: neither is a share key of its own (docs/architecture.md, page weight).
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
        { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
        { group: ['react-i18next'], message: 'useTranslation and I18nextProvider come from @fleet/shared-ui (one copy in the page, tree-shaken).' },
      ] }],
    },
  },
  {
    files: ['shared-ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        // a share key that imports itself by name waits on its own loading forever (a blank page)
        paths: [{ name: '@fleet/shared-ui', message: 'Inside a shared-ui share key, import its modules relatively.' }],
        patterns: [
          { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
          { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
        ],
      }],
    },
  },
  {
    // The remote kit is bundled by each remote: it reaches the design system by package name, so the
    // page keeps one copy of Chakra, its contexts and the texts.
    files: ['shared-ui/src/remote/**/*.{ts,tsx}', 'shared-ui/src/standalone/**/*.{ts,tsx}', 'shared-ui/src/remote.ts', 'shared-ui/src/standalone.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
        { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
        { group: ['@chakra-ui/*', 'react-i18next', '../*', '!../remote', '!../standalone'], message: 'The remote kit imports the design system as @fleet/shared-ui (one copy in the page).' },
      ] }],
    },
  },
  {
    // The charts share key reaches the design system and the tables through their own share keys (by
    // package name, as the remote kit does): relative imports would split Chakra's parts out of the first
    // paint's chunk into chunks shared with the charts (a heavier /login). It never imports itself.
    files: ['shared-ui/src/charts/**/*.{ts,tsx}', 'shared-ui/src/charts.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@fleet/shared-ui/charts', message: 'A share key that imports itself by name waits on its own loading forever.' }],
        patterns: [
          { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
          { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
          { group: ['@chakra-ui/*', 'react-i18next', '../*'], message: 'The charts import the design system as @fleet/shared-ui and @fleet/shared-ui/tables.' },
        ],
      }],
    },
  },
  // The later shared-ui share keys (overlays, tables, fields) reach the first paint's parts as
  // @fleet/shared-ui, as the charts do: a module that a later key also imports relatively cannot be
  // concatenated into the first paint's chunk (15.8 KB gzipped more on /login). Each key never imports
  // itself by name (it would wait on its own loading forever).
  ...[
    ['overlays', ['dialogs', 'filters', 'text']],
    ['tables', ['lists', 'table']],
    ['fields', ['dates', 'files']],
  ].map(([key, folders]) => ({
    files: [...folders.map((f) => `shared-ui/src/${f}/**/*.{ts,tsx}`), `shared-ui/src/${key}.ts`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: `@fleet/shared-ui/${key}`, message: 'A share key that imports itself by name waits on its own loading forever.' }],
        patterns: [
          { group: ['react-router-dom', 'react-router'], message: 'The router comes from @fleet/shared-api (one copy in the page, tree-shaken).' },
          { group: ['@tanstack/react-query'], message: 'Server state comes from @fleet/shared-api/query (one QueryClient context in the page, tree-shaken).' },
        ],
      }],
    },
  })),
  {
    files: ['shared-api/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@fleet/shared-api'], message: 'shared-api is a share key: importing itself by name waits on its own loading forever (a blank page).' },
      ] }],
    },
  },
  {
    // The lists and live share keys (and the mutation helper beside the client) reach the index's parts
    // as @fleet/shared-api, for the same reason as shared-ui's later keys; each never imports itself.
    files: ['shared-api/src/list-state/**/*.{ts,tsx}', 'shared-api/src/exports/**/*.{ts,tsx}', 'shared-api/src/live-updates/**/*.{ts,tsx}', 'shared-api/src/client/mutation.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: '@fleet/shared-api/lists', message: 'A share key that imports itself by name waits on its own loading forever.' },
        { name: '@fleet/shared-api/live', message: 'A share key that imports itself by name waits on its own loading forever.' },
      ] }],
    },
  },
  {
    // Type-aware: a promise nobody awaits, catches or marks `void` is a failure nobody sees. Product code
    // only (tests await what they check), through each package's tsconfig.json.
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-*.{ts,tsx}', '**/testing.tsx', '**/generated/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate() answers a promise only for its data routers, which the console does not use
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
