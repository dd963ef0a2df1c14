import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from '@fleet/shared-ui';
import { addAuthBundles } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

// Alone, this page plays the shell's part: it initialises the page's i18next (en fallback, the
// language kept under i18nextLng) before adding this remote's bundles.
async function start() {
  const stored = localStorage.getItem('i18nextLng');
  await i18next.use(initReactI18next).init({
    lng: stored === 'hi' ? 'hi' : 'en',
    fallbackLng: 'en',
    defaultNS: 'auth',
    resources: {},
    interpolation: { escapeValue: false },
  });
  addAuthBundles(i18next);
  const root = document.getElementById('root');
  if (!root) throw new Error('mfe-auth standalone: #root is missing');
  createRoot(root).render(
    <StrictMode>
      <StandalonePage />
    </StrictMode>,
  );
}

void start();
