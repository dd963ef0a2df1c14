import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { addSecondFactorTexts, SECOND_FACTOR_TEXTS } from './second-factor';

it('the Hindi of the two-step sign-in and sessions texts has every English key, with the same placeholders', () => {
  expectSameTexts(SECOND_FACTOR_TEXTS.en, SECOND_FACTOR_TEXTS.hi);
});

it("joins the page's auth namespace without dropping its texts", () => {
  addSecondFactorTexts(i18next);
  expect(i18next.getFixedT('hi', 'auth')('mfa.codesLeft', { count: 3 })).toBe('3 रिकवरी कोड बचे हैं');
  expect(i18next.getFixedT('en', 'auth')('otp.totpIntro')).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
  // the bundle's own otp texts are still there
  expect(i18next.getFixedT('en', 'auth')('otp.title')).toBe('Verify OTP');
});
