import type { i18n as I18n } from 'i18next';
import { en } from './en';
import { hi } from './hi';

export const HEAT_PUMP_NAMESPACE = 'heatpump';

/** Adds this remote's texts to the page's one i18next instance (initialised by the shell, or standalone). */
export function addHeatPumpBundles(i18n: I18n): void {
  // deep + overwrite: a remounted or redeployed remote replaces its own texts, never another namespace.
  i18n.addResourceBundle('en', HEAT_PUMP_NAMESPACE, en, true, true);
  i18n.addResourceBundle('hi', HEAT_PUMP_NAMESPACE, hi, true, true);
}
