import type { i18n as I18n } from 'i18next';
import { en } from './en';
import { hi } from './hi';

export const AUTH_NAMESPACE = 'auth';

/** Adds this remote's texts to the page's one i18next instance (initialised by the shell, or standalone). */
export function addAuthBundles(i18n: I18n): void {
  // deep + overwrite: a remounted or redeployed remote replaces its own texts, never another namespace.
  i18n.addResourceBundle('en', AUTH_NAMESPACE, en, true, true);
  i18n.addResourceBundle('hi', AUTH_NAMESPACE, hi, true, true);
}
