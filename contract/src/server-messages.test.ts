import { placeholdersOf, SERVER_MESSAGES, serverMessageCode, serverMessageText, type ServerMessageCode } from './server-messages';

const entries = Object.entries(SERVER_MESSAGES) as [string, string][];
const codeOf = (key: string) => key.replace(/_(one|other)$/, '') as ServerMessageCode;

describe('the catalogue of fleet-api sentences', () => {
  it('has each sentence once (a text finds one code)', () => {
    const seen = new Map<string, string>();
    const twice = entries.filter(([key, text]) => seen.has(text) || !seen.set(text, key));
    expect(twice).toEqual([]);
  });

  it('has readable codes: an area and a name, camelCase, plural forms only as _one/_other pairs', () => {
    for (const [key] of entries) expect(key).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z0-9]*)+(_one|_other)?$/);
    const plural = entries.map(([key]) => key).filter((key) => /_(one|other)$/.test(key));
    for (const key of plural) {
      expect(Object.keys(SERVER_MESSAGES)).toContain(`${codeOf(key)}_one`);
      expect(Object.keys(SERVER_MESSAGES)).toContain(`${codeOf(key)}_other`);
      expect(Object.keys(SERVER_MESSAGES)).not.toContain(codeOf(key));
      expect(placeholdersOf(SERVER_MESSAGES[key as keyof typeof SERVER_MESSAGES])).toContain('count');
    }
  });

  it('writes placeholders the i18next way, each named once, and no other braces', () => {
    for (const [key, text] of entries) {
      const names = placeholdersOf(text);
      expect([key, new Set(names).size]).toEqual([key, names.length]);
      expect([key, text.replace(/\{\{\w+\}\}/g, '')]).not.toEqual([key, expect.stringMatching(/[{}]|\$\{/)]);
    }
  });

  it('finds the code of every fixed sentence', () => {
    for (const [key, text] of entries.filter(([, t]) => placeholdersOf(t).length === 0)) expect([text, serverMessageCode(text)]).toEqual([text, { code: codeOf(key) }]);
  });

  it('finds the code and params of every templated sentence it rendered (the most specific template wins)', () => {
    for (const [key, text] of entries.filter(([, t]) => placeholdersOf(t).length > 0)) {
      const params = Object.fromEntries(placeholdersOf(text).map((name, i) => [name, name === 'count' && key.endsWith('_one') ? 1 : name === 'count' ? 7 + i : `v${i}x`]));
      const english = (serverMessageText as (code: string, p: object) => string)(codeOf(key), params);
      expect([key, english]).not.toEqual([key, expect.stringContaining('{{')]);
      expect([english, serverMessageCode(english)]).toEqual([english, { code: codeOf(key), params }]);
    }
  });

  it('renders a code with its params in English, the plural form by count', () => {
    expect(serverMessageText('nms.assigned', { count: 3 })).toBe('3 heat pumps assigned');
    expect(serverMessageText('ota.pushSent', { count: 1 })).toBe('Firmware update sent to 1 device');
    expect(serverMessageText('ota.pushSent', { count: 2 })).toBe('Firmware update sent to 2 devices');
    expect(serverMessageText('agencies.notFound')).toBe('Agency not found');
    expect(serverMessageCode('Firmware update sent to 12 devices')).toEqual({ code: 'ota.pushSent', params: { count: 12 } });
    expect(serverMessageCode('filter[2].key is required')).toEqual({ code: 'lists.filterKeyRequired', params: { index: 2 } });
    expect(serverMessageCode('email is required')).toEqual({ code: 'requests.fieldRequired', params: { field: 'email' } });
  });

  it('has no code for a sentence it does not hold', () => {
    expect(serverMessageCode('name must be string')).toBeNull();
    expect(serverMessageCode('')).toBeNull();
  });
});
