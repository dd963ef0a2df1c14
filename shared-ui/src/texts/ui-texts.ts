// shared-ui's own i18n namespace. The page has one i18next instance (the shell's, a federation
// singleton); whoever initialises it (the shell, a standalone page, a test setup) adds this namespace,
// and every remote's bootstrap adds it again (idempotent) so a remote never depends on the shell's age.
import type { ProductKey } from '@fleet/shared-api';
import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from './en';
import { hi } from './hi';

export const UI_NAMESPACE = 'ui';
export const UI_BUNDLES = { en, hi } as const;
export type { UiTexts } from './en';

export function addUiBundles(instance: I18n): void {
  for (const [lng, texts] of Object.entries(UI_BUNDLES)) {
    if (!instance.hasResourceBundle(lng, UI_NAMESPACE)) instance.addResourceBundle(lng, UI_NAMESPACE, texts, true, false);
  }
}

/** `t` of shared-ui's texts: `t('pager.showing', { from, to, total })`. */
export function useUiTranslation() {
  return useTranslation(UI_NAMESPACE);
}

/** The product names of the selector in the page's language: `productName('bulb')` is Lighting. */
export function useProductName(): (key: ProductKey) => string {
  const { t } = useUiTranslation();
  return useCallback((key: ProductKey) => t(`products.${key}`), [t]);
}

/** A `t` for functions outside components (validation helpers): the texts of `ui` in `t`'s language. */
export type UiT = (key: string, options?: Record<string, unknown>) => string;

/** English `t` over the `ui` texts, for helpers called without one (their default wording). */
export const englishUiT: UiT = (key, options = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined), en);
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
};
