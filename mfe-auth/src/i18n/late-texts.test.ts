import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { renderHook } from '@testing-library/react';
import { CODE_SCREEN_TEXTS, useCodeScreenTranslation } from './code-screen';
import { SECOND_FACTOR_TEXTS, useSecondFactorTranslation } from './second-factor';

it('the Hindi of the two-step sign-in, sessions and code screen texts has every English key, with the same placeholders', () => {
  expectSameTexts(SECOND_FACTOR_TEXTS.en, SECOND_FACTOR_TEXTS.hi);
  expectSameTexts(CODE_SCREEN_TEXTS.en, CODE_SCREEN_TEXTS.hi);
});

it("joins the page's auth namespace when a screen first uses them, without dropping its texts", () => {
  expect(i18next.exists('auth:otp.totpIntro')).toBe(false);
  renderHook(() => useCodeScreenTranslation());
  renderHook(() => useSecondFactorTranslation());
  expect(i18next.getFixedT('hi', 'auth')('mfa.codesLeft', { count: 3 })).toBe('3 रिकवरी कोड बचे हैं');
  expect(i18next.getFixedT('en', 'auth')('otp.totpIntro')).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
  // the bundle's own otp texts are still there
  expect(i18next.getFixedT('en', 'auth')('otp.title')).toBe('Verify OTP');
});
