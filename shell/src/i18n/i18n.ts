// The shell owns the page's i18next instance (the module is a federation singleton): remotes add
// their own namespaces with `i18next.addResourceBundle(lng, ns, texts)` and use react-i18next.
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { addUiBundles, initReactI18next } from '@fleet/shared-ui';
import { LANGUAGES, setServerTextTranslator, type Language, type ServerMessageKey, type ServerMessageParams } from '@fleet/shared-api';
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

/**
 * fleet-api's sentences by code (namespace `server`, flat keys such as `agencies.notFound`): a bundle
 * per language that has one, imported when that language is chosen, so the first page carries none.
 * English has none: the answer's `message` is the English (shared-api's serverText falls back to it).
 */
const SERVER_NS = 'server';
const SERVER_TEXTS: Partial<Record<Language, () => Promise<Record<ServerMessageKey, string>>>> = {
  hi: () => import(/* webpackChunkName: "server-hi" */ './server-hi').then((m) => m.serverHi),
};

/**
 * Loads the server sentences of `lng` (once), for the toasts and messages after the switch. A chunk
 * that fails to load leaves them English (the answers' messages) and never blocks the switch; the
 * next switch tries again.
 */
async function loadServerTexts(lng: string): Promise<void> {
  const load = isLanguage(lng) ? SERVER_TEXTS[lng] : undefined;
  if (!load || i18next.hasResourceBundle(lng, SERVER_NS)) return;
  try {
    i18next.addResourceBundle(lng, SERVER_NS, await load());
  } catch {
    // shown in English until the next switch
  }
}

/** How a code reads in the page's language; null without a translation (then the English message shows). */
function translateServerText(code: string, params: ServerMessageParams): string | null {
  // flat keys ('agencies.notFound'); a count picks the plural form (`_one`/`_other`)
  const options = { ...params, ns: SERVER_NS, keySeparator: false as const };
  return i18next.exists(code, options) ? i18next.t(code, options) : null;
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
    i18next.on('languageChanged', (lng: string) => void loadServerTexts(lng));
    setServerTextTranslator(translateServerText);
    void loadServerTexts(i18next.language);
  }
  remember(i18next.language);
  return i18next;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}

/** Switches the page's language, its server sentences loaded first (a toast right after is already in it). */
export async function changeLanguage(lng: Language): Promise<void> {
  await loadServerTexts(lng);
  await i18next.changeLanguage(lng);
}
