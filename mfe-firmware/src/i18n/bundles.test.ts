import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('firmware bundles', () => {
  it('holds the spec texts exactly', () => {
    const t = i18next.getFixedT('en', 'firmware');
    expect(t('validation.versionInvalid')).toBe('Invalid firmware version');
    expect(t('validation.targetRequired')).toBe('Please select Target Version before sending Firmware Update');
    expect(t('firmwares.deleteTitle')).toBe('DELETE FIRMWARE');
    expect(t('firmwares.deleteText')).toBe('Are you sure you want to delete this Firmware?');
    expect(t('groups.deleteTitle')).toBe('DELETE GROUP');
    expect(t('groupDetails.deleteTitle')).toBe('DELETE DEVICE');
    expect(i18next.getFixedT('en', 'ui')('selection.selectAll', { total: 120 })).toBe('Select All 120 Devices');
    expect(t('firmwareDialog.packTitle')).toBe('Firmware OTA Pack');
  });

  it('Hindi has every key of English, with the same placeholders (a missing key fails here)', async () => {
    expectSameTexts(en, hi);
    await i18next.changeLanguage('hi');
    expect(i18next.t('firmware:rules.title')).toBe(hi.rules.title);
    expect(i18next.t('firmware:validation.versionInvalid')).toBe('अमान्य फ़र्मवेयर संस्करण');
    await i18next.changeLanguage('en');
  });
});
