import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { useDeviceFilterFields } from '../lists/deviceFilterFields';
import { initTestI18n } from '../test-utils';
import { ENUM_TEXTS, enumText, useEnumText } from './enums';
import { englishUiT } from './ui-texts';

beforeAll(() => initTestI18n());

describe('enum values', () => {
  it('gives each value its text, "-" for none and an unknown value as it came', () => {
    expect(enumText(englishUiT, 'connection_type', 'Bluetooth')).toBe('Bluetooth');
    expect(enumText(englishUiT, 'installed_via', 'Installer App')).toBe('Installer App');
    expect(enumText(englishUiT, 'product_line', 'ihd')).toBe('Electricity Advisor');
    expect(enumText(englishUiT, 'product_line', 'bulb')).toBe('Lighting');
    expect(enumText(englishUiT, 'connection_type', null)).toBe('-');
    expect(enumText(englishUiT, 'connection_type', 'Zigbee')).toBe('Zigbee');
  });

  it('speaks Hindi in cells and in the filter drawer alike (one mapping per enum)', async () => {
    await act(async () => {
      await i18next.changeLanguage('hi');
    });
    try {
      const { result } = renderHook(() => ({ text: useEnumText(), fields: useDeviceFilterFields(['connection_type']) }));
      expect(result.current.text('connection_type', 'Bluetooth')).toBe('ब्लूटूथ');
      expect(result.current.text('ota_state', 'failed')).toBe('विफल');
      expect(result.current.text('installed_via', 'Console')).toBe('कंसोल');
      const options = result.current.fields[0]?.options ?? [];
      expect(options.map((o) => o.value)).toEqual(Object.keys(ENUM_TEXTS.connection_type));
      for (const option of options) expect(option.label).toBe(result.current.text('connection_type', option.value));
      expect(options.map((o) => o.label)).toEqual(['ब्लूटूथ', 'एपी']);
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });
});
