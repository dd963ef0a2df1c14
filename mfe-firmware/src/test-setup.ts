// jest setup: jest-dom matchers, the browser APIs Chakra needs, the page's i18next instance (as the
// shell initialises it) with this remote's bundles, and the constants webpack defines in a build.
import '@testing-library/jest-dom';
import { installJsdomPolyfills } from '@fleet/shared-ui/src/test-utils';
import { requiredShared } from '@fleet/federation-config';
import i18next from 'i18next';
import { initReactI18next } from '@fleet/shared-ui';
import path from 'node:path';
import { addFirmwareBundles } from './i18n/bundles';

installJsdomPolyfills();

const globals = globalThis as unknown as Record<string, unknown>;
globals.FLEET_REMOTE_NAME = 'mfe-firmware';
// eslint-disable-next-line @typescript-eslint/no-require-imports
globals.FLEET_REMOTE_VERSION = (require('../package.json') as { version: string }).version;
globals.FLEET_REQUIRES = requiredShared(path.join(__dirname, '..'));
globals.FLEET_STANDALONE = false;

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
});
addFirmwareBundles(i18next);

// Chakra's dialogs and drawers under jsdom are slow on a shared 2-core machine: a screen test that
// opens a dialog and types into it can take several seconds. No test asserts on time.
jest.setTimeout(30_000);
