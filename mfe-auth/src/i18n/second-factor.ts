import type { i18n as I18n } from 'i18next';
import { useAuthTranslation } from '../forms/form-helpers';
import { AUTH_NAMESPACE } from './bundles';

// Texts of issue 24's screens (the profile's two-step sign-in and sessions, the code screen's words for
// the authenticator). Kept out of en.ts/hi.ts, which come with ./app and so with /login (issue 21's
// weight budget): these load with the screens that import this file and join the `auth` namespace then.

const enTexts = {
  otp: {
    totpIntro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    totpInvalid: 'Enter 6 digits or a recovery code',
  },
  mfa: {
    title: 'Two-step sign-in',
    on: 'On: sign-in asks for a code from your authenticator app.',
    off: 'Off: sign-in asks for a code sent by e-mail.',
    codesLeft_one: '{{count}} recovery code left',
    codesLeft_other: '{{count}} recovery codes left',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    setupTitle: 'Turn on two-step sign-in',
    scan: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
    qrAlt: 'QR code for your authenticator app',
    secret: 'Or type this key into the app',
    copy: 'Copy',
    copied: 'Copied',
    code: 'Code from the app',
    codeRequired: 'Enter the code from your authenticator app',
    codeInvalid: 'The code is 6 digits',
    confirm: 'Turn on',
    codesTitle: 'Your recovery codes',
    codesIntro: 'Each code signs you in once if you lose your phone. Save them now: they are not shown again.',
    download: 'Download (.txt)',
    saved: 'I have saved them',
    offTitle: 'Turn off two-step sign-in',
    offIntro: 'Enter your current password and a code from your authenticator app or a recovery code.',
    offCode: 'Authenticator or recovery code',
    offCodeInvalid: 'Enter 6 digits or a recovery code',
    passwordRequired: 'Enter your current password',
    fileHeading: 'Fleet Console recovery codes for {{email}}. Each works once.',
  },
  sessions: {
    title: 'Signed-in sessions',
    intro: 'Where you are signed in. End any session you do not recognise.',
    browser: 'Browser',
    system: 'System',
    address: 'Address',
    started: 'Started',
    lastUsed: 'Last used',
    unknown: 'Unknown',
    current: 'This session',
    end: 'End',
    endLabel: 'End the session of {{browser}} on {{system}}',
    endOthers: 'End all other sessions',
    confirmOneTitle: 'End this session?',
    confirmOne: 'The browser signed in there is signed out at once.',
    confirmOthersTitle: 'End all other sessions?',
    confirmOthers: 'Every other browser signed in to your account is signed out at once. This one stays signed in.',
    none: 'No other sessions.',
    actions: 'Actions',
  },
};

/** The Hindi has every key of the English, with the same placeholders (its test checks). */
export type SecondFactorTexts = typeof enTexts;

const hiTexts: SecondFactorTexts = {
  otp: {
    totpIntro: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड, या अपना कोई रिकवरी कोड दर्ज करें।',
    totpInvalid: '6 अंक या रिकवरी कोड दर्ज करें',
  },
  mfa: {
    title: 'दो-चरणीय साइन-इन',
    on: 'चालू: साइन-इन आपके ऑथेंटिकेटर ऐप का कोड माँगता है।',
    off: 'बंद: साइन-इन ई-मेल से भेजा गया कोड माँगता है।',
    codesLeft_one: '{{count}} रिकवरी कोड बचा है',
    codesLeft_other: '{{count}} रिकवरी कोड बचे हैं',
    turnOn: 'चालू करें',
    turnOff: 'बंद करें',
    setupTitle: 'दो-चरणीय साइन-इन चालू करें',
    scan: 'यह QR कोड अपने ऑथेंटिकेटर ऐप से स्कैन करें, फिर ऐप में दिखा 6 अंकों का कोड दर्ज करें।',
    qrAlt: 'आपके ऑथेंटिकेटर ऐप के लिए QR कोड',
    secret: 'या यह कुंजी ऐप में टाइप करें',
    copy: 'कॉपी करें',
    copied: 'कॉपी हो गया',
    code: 'ऐप का कोड',
    codeRequired: 'अपने ऑथेंटिकेटर ऐप का कोड दर्ज करें',
    codeInvalid: 'कोड 6 अंकों का है',
    confirm: 'चालू करें',
    codesTitle: 'आपके रिकवरी कोड',
    codesIntro: 'फ़ोन खो जाने पर हर कोड आपको एक बार साइन इन कराता है। इन्हें अभी सहेजें: ये फिर नहीं दिखाए जाएँगे।',
    download: 'डाउनलोड करें (.txt)',
    saved: 'मैंने इन्हें सहेज लिया है',
    offTitle: 'दो-चरणीय साइन-इन बंद करें',
    offIntro: 'अपना वर्तमान पासवर्ड और ऑथेंटिकेटर ऐप का कोड या कोई रिकवरी कोड दर्ज करें।',
    offCode: 'ऑथेंटिकेटर या रिकवरी कोड',
    offCodeInvalid: '6 अंक या रिकवरी कोड दर्ज करें',
    passwordRequired: 'अपना वर्तमान पासवर्ड दर्ज करें',
    fileHeading: '{{email}} के लिए फ़्लीट कंसोल रिकवरी कोड। हर कोड एक बार काम करता है।',
  },
  sessions: {
    title: 'साइन-इन सत्र',
    intro: 'जहाँ आप साइन इन हैं। जिस सत्र को आप नहीं पहचानते, उसे समाप्त करें।',
    browser: 'ब्राउज़र',
    system: 'सिस्टम',
    address: 'पता',
    started: 'शुरू हुआ',
    lastUsed: 'अंतिम उपयोग',
    unknown: 'अज्ञात',
    current: 'यह सत्र',
    end: 'समाप्त करें',
    endLabel: '{{system}} पर {{browser}} का सत्र समाप्त करें',
    endOthers: 'बाकी सभी सत्र समाप्त करें',
    confirmOneTitle: 'यह सत्र समाप्त करें?',
    confirmOne: 'वहाँ साइन इन ब्राउज़र तुरंत साइन आउट हो जाता है।',
    confirmOthersTitle: 'बाकी सभी सत्र समाप्त करें?',
    confirmOthers: 'आपके खाते में साइन इन हर दूसरा ब्राउज़र तुरंत साइन आउट हो जाता है। यह साइन इन रहता है।',
    none: 'कोई अन्य सत्र नहीं।',
    actions: 'कार्रवाइयाँ',
  },
};

export const SECOND_FACTOR_TEXTS = { en: enTexts, hi: hiTexts };

/** Adds these texts to the page's `auth` namespace when it lacks them (deep: the rest stays). */
export function addSecondFactorTexts(i18n: I18n): void {
  if (i18n.getResource('en', AUTH_NAMESPACE, 'mfa.title') !== undefined) return;
  i18n.addResourceBundle('en', AUTH_NAMESPACE, enTexts, true, false);
  i18n.addResourceBundle('hi', AUTH_NAMESPACE, hiTexts, true, false);
}

/** The `auth` translation with these texts in it, for the screens of issue 24. */
export function useSecondFactorTranslation() {
  const translation = useAuthTranslation();
  addSecondFactorTexts(translation.i18n);
  return translation;
}
