import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('firmware bundles', () => {
  it('holds the spec texts exactly', () => {
    const t = i18next.getFixedT('en', 'firmware');
    expect(t('validation.versionInvalid')).toBe('Invalid firmware version');
    expect(t('validation.targetRequired')).toBe('Please select Target Version before sending Firmware Update');
    expect(t('firmwares.deleteTitle')).toBe('DELETE FIRMWARE');
    expect(t('firmwares.deleteText')).toBe('Are you sure you want to delete this Firmware?');
    expect(t('groups.deleteTitle')).toBe('DELETE GROUP');
    expect(t('groupDetails.deleteTitle')).toBe('DELETE DEVICE');
    expect(t('common.selectAll', { total: 120 })).toBe('Select All 120 Devices');
    expect(t('firmwareDialog.packTitle')).toBe('Firmware OTA Pack');
  });

  it('translates only keys that exist in English, and falls back to English for the rest', async () => {
    const english = new Set(keys(en));
    for (const key of keys(hi)) expect(english.has(key)).toBe(true);
    await i18next.changeLanguage('hi');
    expect(i18next.t('firmware:menu.rules')).toBe('नियम');
    expect(i18next.t('firmware:validation.versionInvalid')).toBe('Invalid firmware version');
    await i18next.changeLanguage('en');
  });
});
