import '@testing-library/jest-dom';
// Chakra (zag.js) calls browser APIs jsdom lacks; shared-ui keeps the one set of polyfills (tests only).
import { installJsdomPolyfills } from '@fleet/shared-ui/src/jsdom-polyfills';

installJsdomPolyfills();
