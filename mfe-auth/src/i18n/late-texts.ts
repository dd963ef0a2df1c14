import { useAuthTranslation } from '../forms/form-helpers';
import { AUTH_NAMESPACE } from './bundles';

/** Texts of a screen that are not in en.ts/hi.ts (those come with /login): its own file, its languages. */
export interface LateTexts {
  en: object;
  hi: object;
}

/**
 * The `auth` translation with a lazily loaded screen's texts joined to the page's namespace (deep: the
 * rest stays), added the first time one of its screens renders; `probe` is one of its keys.
 */
export function useLateTexts(texts: LateTexts, probe: string) {
  const translation = useAuthTranslation();
  const { i18n } = translation;
  if (i18n.getResource('en', AUTH_NAMESPACE, probe) === undefined) {
    i18n.addResourceBundle('en', AUTH_NAMESPACE, texts.en, true, false);
    i18n.addResourceBundle('hi', AUTH_NAMESPACE, texts.hi, true, false);
  }
  return translation;
}
