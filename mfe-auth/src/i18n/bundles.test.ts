import { describeTextBundles } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

// the spec section 5 messages, exactly
describeTextBundles('auth', {
  en,
  hi,
  english: [
    ['validation.emailRequired', 'Email is required'],
    ['validation.emailInvalid', 'Invalid email address'],
    ['validation.signupEmailInvalid', 'Entered Email address is invalid'],
    ['validation.abnRequired', 'ABN is required'],
    ['validation.abnInvalid', 'Invalid ABN'],
    ['validation.phoneLength', 'Phone Number must be 8 to 13 characters.'],
    ['validation.termsRequired', 'Please accept our Terms and Conditions & Privacy Policy'],
    ['validation.passwordMismatch', 'Password doesnot match'],
    ['validation.postcodeRequired', 'Valid Postal code is required'],
    ['validation.firstNameLength', 'First Name should be less than 200 character'],
  ],
  hindi: [
    ['login.submit', 'लॉगिन'],
    ['otp.resendIn', '5 सेकंड में ओटीपी दोबारा भेजें', { seconds: 5 }],
  ],
});

it('follows a language change of the page', async () => {
  await i18next.changeLanguage('hi');
  expect(i18next.t('auth:login.submit')).toBe('लॉगिन');
  await i18next.changeLanguage('en');
  expect(i18next.t('auth:login.submit')).toBe('Login');
});
