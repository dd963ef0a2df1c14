// The Hindi server sentences are a chunk of their own: when it cannot load (a deploy replaced it, the
// network dropped), the page still switches to Hindi and shows the servers' English.
import i18next from 'i18next';
import { changeLanguage, initI18n } from './i18n';

jest.mock('./server-hi', () => {
  throw new Error('Loading chunk server-hi failed');
});

it('switches to Hindi even when its server sentences cannot load', async () => {
  initI18n();
  await changeLanguage('hi');
  expect(i18next.language).toBe('hi');
  expect(i18next.hasResourceBundle('hi', 'server')).toBe(false);
  await changeLanguage('en');
});
