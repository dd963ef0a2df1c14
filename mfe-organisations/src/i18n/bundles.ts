import type { i18n as I18n } from 'i18next';
import { en } from './en';
import { hi } from './hi';

export const ORGANISATIONS_NAMESPACE = 'organisations';

/** Adds this remote's texts to the page's one i18next instance (initialised by the shell, or standalone). */
export function addOrganisationsBundles(i18n: I18n): void {
  // deep + overwrite: a remounted or redeployed remote replaces its own texts, never another namespace.
  i18n.addResourceBundle('en', ORGANISATIONS_NAMESPACE, en, true, true);
  i18n.addResourceBundle('hi', ORGANISATIONS_NAMESPACE, hi, true, true);
}
