// jest setup: jest-dom matchers, the browser APIs Chakra needs, the page's i18next instance (as the
// shell initialises it) with this remote's bundles, and the constants webpack defines in a build.
import '@testing-library/jest-dom';
import { defineRemoteConstants } from '@fleet/federation-config';
import { initTestI18n, installJsdomPolyfills } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { addHeatPumpBundles } from './i18n/bundles';

installJsdomPolyfills();
defineRemoteConstants('mfe-heatpump-nms', path.join(__dirname, '..'));
initTestI18n(addHeatPumpBundles);

// Chakra's dialogs and drawers under jsdom are slow on a shared 2-core machine: a screen test that
// opens a dialog and types into it can take several seconds. No test asserts on time.
jest.setTimeout(30_000);
