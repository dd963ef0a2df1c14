import type { i18n as I18n } from 'i18next';
import { en } from './en';
import { hi } from './hi';

export const DEVICES_NAMESPACE = 'devices';

/** Adds this remote's texts to the page's one i18next instance (initialised by the shell, or standalone). */
export function addDevicesBundles(i18n: I18n): void {
  // deep + overwrite: a remounted or redeployed remote replaces its own texts, never another namespace.
  i18n.addResourceBundle('en', DEVICES_NAMESPACE, en, true, true);
  i18n.addResourceBundle('hi', DEVICES_NAMESPACE, hi, true, true);
}
