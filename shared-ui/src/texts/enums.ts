// Words the server sends for a few enums, each to its text in the `ui` namespace. One mapping per
// enum: the filter drawer's options and the table cells and detail pages read the same one, so a
// Hindi page never shows "Bluetooth" in a cell while the filter says "ब्लूटूथ".
import { useCallback } from 'react';
import { useUiTranslation, type UiT } from './ui-texts';

export const ENUM_TEXTS = {
  /** Spec 9: Connection Type Bluetooth, AP. */
  connection_type: { Bluetooth: 'deviceOptions.bluetooth', AP: 'deviceOptions.ap' },
  /** How a device joined the fleet (the installer app, the customer app, the console). */
  installed_via: { 'Installer App': 'enums.installerApp', 'Customer App': 'enums.customerApp', Console: 'enums.console' },
  /** A device's state in an OTA push (docs/ota-calls.md: queued -> downloading -> installed | failed). */
  ota_state: { queued: 'enums.queued', downloading: 'enums.downloading', installed: 'enums.installed', failed: 'enums.failed' },
  /** A device's line as the server names it (ihd is shown as Electricity
   * Advisor, ihd_livelink with Livelink as the device lists list it, bulb as Lighting). */
  product_line: {
    ihd: 'products.electricity-advisor',
    ihd_livelink: 'products.livelink',
    livelink: 'products.livelink',
    safelink: 'products.safelink',
    airlink: 'products.airlink',
    bulb: 'products.bulb',
    heat_pump: 'products.heat_pump',
  },
} as const satisfies Record<string, Record<string, string>>;

export type EnumName = keyof typeof ENUM_TEXTS;

/** A value of `name` in `t`'s language: '-' for none, the value itself when the mapping lacks it. */
export function enumText(t: UiT, name: EnumName, value: string | null | undefined): string {
  if (value == null || value === '') return '-';
  const texts: Readonly<Record<string, string>> = ENUM_TEXTS[name];
  return Object.hasOwn(texts, value) ? t(texts[value] as string) : value;
}

/** `enumText` in the page's language: `enumValue('connection_type', row.connection_type)`. */
export function useEnumText(): (name: EnumName, value: string | null | undefined) => string {
  const { t } = useUiTranslation();
  return useCallback((name: EnumName, value: string | null | undefined) => enumText(t as UiT, name, value), [t]);
}

/** The options of a filter on `name`: each value the server takes, labelled as the cells show it. */
export function enumOptions(t: UiT, name: EnumName): Array<{ value: string; label: string }> {
  return Object.keys(ENUM_TEXTS[name]).map((value) => ({ value, label: enumText(t, name, value) }));
}
