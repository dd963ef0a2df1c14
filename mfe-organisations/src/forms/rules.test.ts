// The contract's samples (@fleet/contract pattern-samples) through this remote's yup rules, as the
// forms check a typed value: fleet-api's test sends the same samples through its body schemas
// (fleet-api/test/contract/pattern-samples.test.ts), so the two sides take and refuse the same.
import { EMAIL_SAMPLES, PASSWORD_SAMPLES, PHONE_SAMPLES, type FieldSamples } from '@fleet/contract';
import { email, password, phone } from './rules';

/** A yup rule as the form runs it on a typed value. */
interface FieldRule {
  isValidSync(value: unknown): boolean;
}

const takes = (rule: FieldRule, value: string) => rule.isValidSync(value);

it.each<[string, FieldRule, FieldSamples]>([
  ['email', email(), EMAIL_SAMPLES],
  ['phone', phone(), PHONE_SAMPLES],
  ['password', password(true), PASSWORD_SAMPLES],
])("%s: the form takes the contract's accepted samples and refuses its refused ones", (_field, rule, samples) => {
  expect(samples.accepted.filter((value) => !takes(rule, value))).toEqual([]);
  expect(samples.refused.filter((value) => takes(rule, value))).toEqual([]);
});
