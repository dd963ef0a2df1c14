/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file that jest loads directly */
// jsdom lacks fetch, Request, Response, streams and TextEncoder, and ky needs them (it even builds a
// Request at import time). This environment is jsdom plus Node's own fetch family, so code that calls
// the server through @fleet/shared-api can be tested in jsdom with `global.fetch = jest.fn(...)`.
// Other packages use it too: `environment: require.resolve('@fleet/shared-api/jest/jsdom-with-fetch.js')`.
const { TestEnvironment } = require('jest-environment-jsdom');

// Node's Request checks its signal with Node's own EventTarget helpers, so the abort pair comes from
// Node as well. FormData, Blob and File stay jsdom's: forms and file inputs build those.
const FROM_NODE = [
  'fetch', 'Request', 'Response', 'Headers',
  'ReadableStream', 'WritableStream', 'TransformStream',
  'TextEncoder', 'TextDecoder', 'structuredClone',
  'AbortController', 'AbortSignal',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
module.exports.TestEnvironment = JsdomWithFetchEnvironment;
