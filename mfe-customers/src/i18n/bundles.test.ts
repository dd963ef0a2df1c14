import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('customers bundles', () => {
  it('holds the spec texts exactly', () => {
    const t = i18next.getFixedT('en', 'customers');
    expect(t('list.autoSyncTip')).toBe('Click here to view Auto Sync History');
    expect(t('validation.phoneLength')).toBe('Phone Number must be 8 to 13 characters.');
    expect(t('validation.discountOverCharge')).toBe('Discount value must be less than unit charge');
    expect(t('validation.postalCodeInvalid')).toBe('Valid postal code is required');
  });

  it('Hindi has every key of English, with the same placeholders (a missing key fails here)', () => {
    expectSameTexts(en, hi);
  });
});
