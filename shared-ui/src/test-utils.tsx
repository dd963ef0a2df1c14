// Renders inside FleetUiProvider; other packages' tests use it too (`@fleet/shared-ui/src/test-utils`).
import { configure, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import i18next, { type i18n } from 'i18next';
import { FleetUiProvider } from './FleetUiProvider';
import { initReactI18next } from './i18n';
import { addUiBundles } from './texts/ui-texts';

// findBy/waitFor give up after 1 s by default: a Chakra dialog's first render under jsdom takes longer
// than that on a busy 2-core machine (CI runs two workers there), so a correct screen failed at random.
// Every package's screen tests import this file; no test asserts on time.
configure({ asyncUtilTimeout: 5000 });

function Wrapper({ children }: { children: ReactNode }) {
  return <FleetUiProvider>{children}</FleetUiProvider>;
}

export function renderWithUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return render(ui, { wrapper: Wrapper, ...options });
}

export { installJsdomPolyfills } from './jsdom-polyfills';

/**
 * The page's i18next instance as the shell initialises it (English, synchronous), with the given
 * shared-ui's and the given namespaces added: a remote's jest setup calls it with its own bundles.
 */
export function initTestI18n(...addBundles: Array<(instance: i18n) => void>): void {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    resources: {},
    interpolation: { escapeValue: false },
  });
  addUiBundles(i18next);
  for (const add of addBundles) add(i18next);
}
