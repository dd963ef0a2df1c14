import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionKeepAlive } from '@fleet/shared-api';
import { addUiBundles, initReactI18next } from '@fleet/shared-ui';

export interface StandaloneStart {
  /** The remote's namespace (i18next's default one on this page). */
  namespace: string;
  addBundles: (instance: I18n) => void;
  page: ReactElement;
}

/**
 * Starts a remote as a page of its own (`npm start -w <remote>`). Alone, the page plays the shell's
 * part: it initialises the page's i18next (en fallback, the language kept under i18nextLng) and adds
 * shared-ui's and the remote's texts before rendering, and keeps the session renewed.
 */
export async function startStandalone({ namespace, addBundles, page }: StandaloneStart): Promise<void> {
  const stored = localStorage.getItem('i18nextLng');
  await i18next.use(initReactI18next).init({
    lng: stored === 'hi' ? 'hi' : 'en',
    fallbackLng: 'en',
    defaultNS: namespace,
    resources: {},
    interpolation: { escapeValue: false },
  });
  addUiBundles(i18next);
  addBundles(i18next);
  const root = document.getElementById('root');
  if (!root) throw new Error(`${namespace} standalone: #root is missing`);
  createRoot(root).render(<StrictMode>{page}</StrictMode>);
  // as in the console: the session renews itself while the QA user is active
  sessionKeepAlive.start();
}
