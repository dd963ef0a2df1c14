import { expectSameTexts } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describe('shell texts', () => {
  it('has every English key in Hindi, with the same placeholders (a missing key fails here)', () => {
    expectSameTexts(en, hi);
  });
});
