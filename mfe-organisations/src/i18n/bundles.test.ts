import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('organisations bundles', () => {
  it('holds the spec texts exactly', () => {
    expect(i18next.getFixedT('en', 'organisations')('retailers.nameRequired')).toBe('Retailer Name is required');
  });

  it('Hindi has every key of English, with the same placeholders (a missing key fails here)', () => {
    expectSameTexts(en, hi);
  });
});
