// jsdom lacks a few browser APIs that Chakra (zag.js) calls; these polyfills make its components behave in tests.
import '@testing-library/jest-dom';
import { installJsdomPolyfills } from './src/jsdom-polyfills';

installJsdomPolyfills();
import { initTestI18n } from './src/test-utils';

initTestI18n();
