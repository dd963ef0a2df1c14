import { useAuthTranslation } from '../forms/form-helpers';
import { AUTH_NAMESPACE } from './bundles';

// The code screen's words when the password step asked for the authenticator (issue 24): loaded with
// that screen, not with /login (issue 21's weight budget). It adds them itself rather than through
// late-texts.ts: a module shared with the profile's sections became a chunk of its own, whose name
// and hash /login's files then carried.

const enTexts = {
  otp: {
    totpIntro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    totpInvalid: 'Enter 6 digits or a recovery code',
  },
};

const hiTexts: typeof enTexts = {
  otp: {
    totpIntro: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड, या अपना कोई रिकवरी कोड दर्ज करें।',
    totpInvalid: '6 अंक या रिकवरी कोड दर्ज करें',
  },
};

export const CODE_SCREEN_TEXTS = { en: enTexts, hi: hiTexts };

/** The `auth` translation with the code screen's authenticator words in it (added at its first render). */
export function useCodeScreenTranslation() {
  const translation = useAuthTranslation();
  const { i18n } = translation;
  if (i18n.getResource('en', AUTH_NAMESPACE, 'otp.totpIntro') === undefined) {
    i18n.addResourceBundle('en', AUTH_NAMESPACE, enTexts, true, false);
    i18n.addResourceBundle('hi', AUTH_NAMESPACE, hiTexts, true, false);
  }
  return translation;
}
