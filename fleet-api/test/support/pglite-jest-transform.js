// PGlite's CommonJS build loads node built-ins with `await import("fs")`. Jest's CommonJS runtime
// refuses dynamic import without --experimental-vm-modules, so for jest only we turn each
// `import("<literal>")` into a plain require of the same module.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a jest transformer is loaded as CommonJS
const crypto = require('node:crypto');

module.exports = {
  process(source) {
    const code =
      'const __pgliteRequire = require;\n' +
      source.replace(/\bimport\(("[^"]+")\)/g, 'Promise.resolve(__pgliteRequire($1))');
    return { code };
  },
  getCacheKey(source) {
    return crypto.createHash('sha1').update('pglite-jest-transform-1').update(source).digest('hex');
  },
};
