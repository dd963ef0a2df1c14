// The shared patterns against their samples as a form checks them (trimmed first) and as the server's
// schema pattern does (untrimmed, `trimmedPattern`). Both sides' own tests send the same samples
// through their real rules: fleet-api/test/contract/pattern-samples.test.ts and shared-api's.
import {
  EMAIL_PATTERN,
  EMAIL_SAMPLES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULE,
  PASSWORD_SAMPLES,
  PHONE_CHARACTERS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PHONE_PATTERN,
  PHONE_SAMPLES,
  trimmedPattern,
} from './index';

const email = (value: string) => EMAIL_PATTERN.test(value.trim());
const phone = (value: string) => {
  const v = value.trim();
  return PHONE_CHARACTERS.test(v) && PHONE_PATTERN.test(v) && v.length >= PHONE_MIN_LENGTH && v.length <= PHONE_MAX_LENGTH;
};
const password = (value: string) => PASSWORD_RULE.test(value) && value.length <= PASSWORD_MAX_LENGTH;

it.each([
  ['email', EMAIL_SAMPLES, email],
  ['phone', PHONE_SAMPLES, phone],
  ['password', PASSWORD_SAMPLES, password],
] as const)('%s: takes its accepted samples and refuses its refused ones', (_field, samples, check) => {
  expect(samples.accepted.filter((value) => !check(value))).toEqual([]);
  expect(samples.refused.filter((value) => check(value))).toEqual([]);
});

it('gives the server the same rule with spaces allowed around it (it trims after validating)', () => {
  const server = new RegExp(trimmedPattern(EMAIL_PATTERN), 'u');
  for (const value of EMAIL_SAMPLES.accepted) expect(server.test(value)).toBe(true);
  for (const value of EMAIL_SAMPLES.refused) expect(server.test(value)).toBe(false);
  expect(trimmedPattern(PHONE_PATTERN)).toBe(`^\\s*(?:${PHONE_PATTERN.source.slice(1, -1)})\\s*$`);
});
