import type { TFunction } from 'i18next';
import { planLabel } from './tariff-text';

// the plans of a structure are the tariff's slot kinds (mfe-organisations' tariff form): each has a text
const t = ((key: string) => `text of ${key}`) as unknown as TFunction;

it('names the four slot kinds in the page language and any other plan as it is named', () => {
  expect(['peak', 'shoulder', 'offPeak', 'other'].map((key) => planLabel(t, key))).toEqual([
    'text of tariff.plans.peak',
    'text of tariff.plans.shoulder',
    'text of tariff.plans.offPeak',
    'text of tariff.plans.other',
  ]);
  expect(planLabel(t, 'Controlled load')).toBe('Controlled load');
});
