import {
  DECIMAL,
  DIGITS_ONLY,
  EMAIL_PATTERN,
  MAX_UPLOAD_BYTES,
  PAGE_SIZES,
  PASSWORD_RULE,
  PHONE_CHARACTERS,
  PHONE_PATTERN,
  URL_PATTERN,
  USERNAME_PATTERN,
  alphanumericOnly,
  goToPageError,
  parseGoToPage,
} from './patterns';

test('email: one at-sign, text both sides, a dot in the domain', () => {
  for (const ok of ['a@b.co', 'first.last+tag@mail.example.com.au']) expect(EMAIL_PATTERN.test(ok)).toBe(true);
  for (const bad of ['ab.co', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a@@b.co', 'a b@c.co', 'a@b@c.co']) expect(EMAIL_PATTERN.test(bad)).toBe(false);
});

test('password: 8+ with upper, lower and digit', () => {
  expect(PASSWORD_RULE.test('Passw0rd')).toBe(true);
  for (const bad of ['Pass0rd', 'password1', 'PASSWORD1', 'Password']) expect(PASSWORD_RULE.test(bad)).toBe(false);
});

test('phone: starts with plus or digit, ends with digit', () => {
  for (const ok of ['+61412345678', '0412 345 678', '1']) expect(PHONE_PATTERN.test(ok)).toBe(true);
  for (const bad of ['+', 'a0412345678', '0412345678x', '-0412']) expect(PHONE_PATTERN.test(bad)).toBe(false);
});

test('phone characters: digits, spaces, brackets and hyphens after an optional plus', () => {
  for (const ok of ['+61 (4) 1234-5678', '0412345678', '-0412', '']) expect(PHONE_CHARACTERS.test(ok)).toBe(true);
  for (const bad of ['0412abc678', '0412.345.678', '04+12345678', '++61412345678']) expect(PHONE_CHARACTERS.test(bad)).toBe(false);
});

test('username, digits, decimal and URL patterns', () => {
  expect(USERNAME_PATTERN.test('agent_01.x-y')).toBe(true);
  expect(USERNAME_PATTERN.test('agent 01')).toBe(false);
  expect(DIGITS_ONLY.test('0123')).toBe(true);
  expect(DIGITS_ONLY.test('12a')).toBe(false);
  for (const ok of ['12', '12.5', '12.', '.5']) expect(DECIMAL.test(ok)).toBe(true);
  for (const bad of ['1.2.3', 'a', '', '.']) expect(DECIMAL.test(bad)).toBe(false);
  expect(URL_PATTERN.test('https://fleet.example.com/x?y=1')).toBe(true);
  expect(URL_PATTERN.test('ftp://fleet.example.com')).toBe(false);
  expect(URL_PATTERN.test('fleet.example.com')).toBe(false);
});

test('limits of spec 9', () => {
  expect(MAX_UPLOAD_BYTES).toBe(52428800);
  expect(PAGE_SIZES).toEqual([25, 50, 100, 200]);
  expect(alphanumericOnly('AB:12-cd')).toBe('AB12cd');
});

describe('go-to-page rules', () => {
  test('digits only, not 0, not above ceil(total/limit)', () => {
    expect(goToPageError('3', 60, 25)).toBeNull();
    expect(goToPageError('4', 60, 25)).toBe('Page number cannot be greater than 3');
    expect(goToPageError('0', 60, 25)).toBe('Page number cannot be 0');
    expect(goToPageError('1a', 60, 25)).toBe('Please enter digits only');
    expect(goToPageError('-1', 60, 25)).toBe('Please enter digits only');
    expect(goToPageError('2.0', 60, 25)).toBe('Please enter digits only');
    expect(goToPageError('', 60, 25)).toBeNull();
  });

  test('an empty list still has page 1', () => {
    expect(goToPageError('1', 0, 25)).toBeNull();
    expect(goToPageError('2', 0, 25)).not.toBeNull();
  });

  test('parseGoToPage gives the page or null', () => {
    expect(parseGoToPage(' 2 ', 60, 25)).toBe(2);
    expect(parseGoToPage('9', 60, 25)).toBeNull();
    expect(parseGoToPage('', 60, 25)).toBeNull();
  });
});
