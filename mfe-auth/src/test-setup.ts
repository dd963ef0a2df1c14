// jest setup: jest-dom matchers, the browser APIs Chakra needs, the page's i18next instance (as the
// shell initialises it) with this remote's bundles, and the constants webpack defines in a build.
import '@testing-library/jest-dom';
import { defineRemoteConstants } from '@fleet/federation-config';
import { initTestI18n, installJsdomPolyfills } from '@fleet/shared-ui/testing';
import path from 'node:path';
import { addAuthBundles } from './i18n/bundles';

installJsdomPolyfills();
defineRemoteConstants('mfe-auth', path.join(__dirname, '..'));
initTestI18n(addAuthBundles);
