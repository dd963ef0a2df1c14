import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('devices bundles', () => {
  it('holds the spec texts exactly', () => {
    const t = i18next.getFixedT('en', 'devices');
    expect(t('list.title', { line: t('lines.bulb') })).toBe('Devices [Lighting]');
    expect(t('list.noProperty')).toBe('No Property Exist');
    expect(t('edit.impulseInvalid')).toBe('Please enter a valid impulse rate');
  });

  it('Hindi has every key of English, with the same placeholders (a missing key fails here)', () => {
    expectSameTexts(en, hi);
  });
});
