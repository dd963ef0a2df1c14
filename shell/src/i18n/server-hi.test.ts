// Every sentence of fleet-api's catalogue has its Hindi, with the same placeholders (a new code
// without one fails here), and the bundle loads only when Hindi is chosen.
import { SERVER_MESSAGES } from '@fleet/contract';
import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { changeLanguage, initI18n } from './i18n';
import { serverHi } from './server-hi';

/** `{'agencies.notFound': x}` as `{agencies: {notFound: x}}`, the shape expectSameTexts walks. */
function nested(flat: Record<string, string>): object {
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    const leaf = parts.pop() ?? key;
    let node = out;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    node[leaf] = text;
  }
  return out;
}

describe("fleet-api's sentences in Hindi", () => {
  it('has every code of the catalogue, with the same placeholders', () => {
    expectSameTexts(nested(SERVER_MESSAGES), nested(serverHi));
  });

  it('loads only when Hindi is chosen, then says a code with its params and plural form', async () => {
    initI18n();
    expect(i18next.hasResourceBundle('hi', 'server')).toBe(false);
    await changeLanguage('hi');
    try {
      expect(i18next.hasResourceBundle('hi', 'server')).toBe(true);
      const t = (code: string, params: object = {}) => i18next.t(code, { ...params, ns: 'server', keySeparator: false });
      expect(t('agents.inUse', { count: 1 })).toBe('इस इंस्टॉलेशन एजेंट ने 1 डिवाइस इंस्टॉल किया है; इसके बजाय इसे In-Active करें');
      expect(t('agents.inUse', { count: 4 })).toBe('इस इंस्टॉलेशन एजेंट ने 4 डिवाइस इंस्टॉल किए हैं; इसके बजाय इसे In-Active करें');
      expect(t('requests.fieldRequired', { field: 'email' })).toBe('email आवश्यक है');
    } finally {
      await changeLanguage('en');
    }
  });
});
