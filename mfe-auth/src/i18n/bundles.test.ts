import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('auth bundles', () => {
  it('holds the spec section 5 messages exactly in English', () => {
    const t = i18next.getFixedT('en', 'auth');
    expect(t('validation.emailRequired')).toBe('Email is required');
    expect(t('validation.emailInvalid')).toBe('Invalid email address');
    expect(t('validation.signupEmailInvalid')).toBe('Entered Email address is invalid');
    expect(t('validation.abnRequired')).toBe('ABN is required');
    expect(t('validation.abnInvalid')).toBe('Invalid ABN');
    expect(t('validation.phoneLength')).toBe('Phone Number must be 8 to 13 characters.');
    expect(t('validation.termsRequired')).toBe('Please accept our Terms and Conditions & Privacy Policy');
    expect(t('validation.passwordMismatch')).toBe('Password doesnot match');
    expect(t('validation.postcodeRequired')).toBe('Valid Postal code is required');
    expect(t('validation.firstNameLength')).toBe('First Name should be less than 200 character');
  });

  it('translates every key into Hindi', () => {
    expectSameTexts(en, hi);
    const t = i18next.getFixedT('hi', 'auth');
    expect(t('login.submit')).toBe('लॉगिन');
    expect(t('otp.resendIn', { seconds: 5 })).toBe('5 सेकंड में ओटीपी दोबारा भेजें');
  });

  it('follows a language change of the page', async () => {
    await i18next.changeLanguage('hi');
    expect(i18next.t('auth:login.submit')).toBe('लॉगिन');
    await i18next.changeLanguage('en');
    expect(i18next.t('auth:login.submit')).toBe('Login');
  });
});
