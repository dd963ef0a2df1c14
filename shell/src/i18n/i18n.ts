// The shell owns the page's i18next instance (the module is a federation singleton): remotes add
// their own namespaces with `i18next.addResourceBundle(lng, ns, texts)` and use react-i18next.
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { addUiBundles, initReactI18next } from '@fleet/shared-ui';
import { LANGUAGES, type Language } from '@fleet/shared-api';
import { en } from './en';
import { hi } from './hi';

export const LANGUAGE_KEY = 'i18nextLng';
// one list with the remote contract: every description's menu words are in each of these
export { LANGUAGES, type Language };
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

function remember(lng: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // not remembered; still switched
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Initialises the shared instance once, in the language remembered under `i18nextLng` (en otherwise). */
export function initI18n(): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: storedLanguage(),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['shell'],
      defaultNS: 'shell',
      resources: { en: { shell: en }, hi: { shell: hi } },
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
      // a remote adding its bundle re-renders the menus that use its labels
      react: { bindI18nStore: 'added' },
      returnNull: false,
    });
    // shared-ui's own texts (table, pager, filters, dialogs, validation) in the same languages
    addUiBundles(i18next);
    i18next.on('languageChanged', remember);
  }
  remember(i18next.language);
  return i18next;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await i18next.changeLanguage(lng);
}
