import type { i18n as I18n } from 'i18next';
import { en } from './en';
import { hi } from './hi';

export const CUSTOMERS_NAMESPACE = 'customers';

/** Adds this remote's texts to the page's one i18next instance (initialised by the shell, or standalone). */
export function addCustomersBundles(i18n: I18n): void {
  // deep + overwrite: a remounted or redeployed remote replaces its own texts, never another namespace.
  i18n.addResourceBundle('en', CUSTOMERS_NAMESPACE, en, true, true);
  i18n.addResourceBundle('hi', CUSTOMERS_NAMESPACE, hi, true, true);
}
