// The console's twin of fleet-api's tariff rules (spec 5): the same cases as
// fleet-api/test/tariffs/rules.test.ts, plus the post codes of an uploaded CSV.
import {
  dayAfter,
  dayCoversDay,
  dayMinutes,
  duplicateTypeIndexes,
  firstSlotNamed,
  postCodesOfCsv,
  seasonDays,
  seasonsCoverYear,
  slotMinutes,
  yearLength,
  type Day,
} from './tariff-rules';

const slot = (startTime: string, endTime: string, name = '') => ({ startTime, endTime, name });
const day = (parts: Partial<Day>): Day => ({ peak: [], offPeak: [], shoulder: [], other: [], ...parts });
const WEEKDAY = day({
  peak: [slot('14:00', '20:00', 'Peak')],
  shoulder: [slot('07:00', '14:00', 'Shoulder'), slot('20:00', '22:00')],
  offPeak: [slot('22:00', '07:00', 'Off Peak')],
});

describe('post codes of an uploaded CSV', () => {
  it('reads commas, lines, quotes and a header; unique, in their order', () => {
    expect(postCodesOfCsv('2000,2010\n2000\r\n"0800";3000\t4000\n')).toEqual(['2000', '2010', '0800', '3000', '4000']);
    expect(postCodesOfCsv('\uFEFFPost Code\n2150\n2151')).toEqual(['2150', '2151']);
    expect(postCodesOfCsv('800, 2000 ,')).toEqual(['800', '2000']);
  });

  it('refuses a file without post codes or with anything else', () => {
    expect(postCodesOfCsv('')).toBeNull();
    expect(postCodesOfCsv('Post Code\n')).toBeNull();
    expect(postCodesOfCsv('2000,Sydney')).toBeNull();
    expect(postCodesOfCsv('2000\n20000')).toBeNull();
    expect(postCodesOfCsv('\u0000\u0001binary')).toBeNull();
  });
});

describe('a day of slots', () => {
  it('counts past midnight, and a slot that ends when it starts as the whole day', () => {
    expect(slotMinutes(slot('22:00', '07:00'))).toBe(540);
    expect(slotMinutes(slot('00:00', '00:00'))).toBe(1440);
    expect(slotMinutes(slot('', '07:00'))).toBe(0);
    expect(dayMinutes(WEEKDAY)).toBe(1440);
  });

  it('needs exactly 1440 minutes, each minute once', () => {
    expect(dayCoversDay(WEEKDAY)).toBe(true);
    expect(dayCoversDay(day({ peak: [slot('14:00', '20:00', 'P')], offPeak: [slot('21:00', '14:00', 'O')] }))).toBe(false);
    expect(dayCoversDay(day({ peak: [slot('13:00', '20:00', 'P')], offPeak: [slot('21:00', '14:00', 'O')] }))).toBe(false);
    expect(dayCoversDay(day({ peak: [slot('00:00', '00:00', 'P')], other: [slot('01:00', '02:00', 'X')] }))).toBe(false);
    expect(dayCoversDay(day({}))).toBe(false);
  });

  it('needs a name on the first slot of a kind only', () => {
    expect(firstSlotNamed([])).toBe(true);
    expect(firstSlotNamed(WEEKDAY.shoulder)).toBe(true);
    expect(firstSlotNamed([slot('07:00', '14:00', ' '), slot('20:00', '22:00', 'Evening')])).toBe(false);
  });
});

describe('seasons', () => {
  it('count both ends; a year is 365 days, 366 when it holds a 29 February', () => {
    expect(seasonDays({ from: '2026-01-01', to: '2026-01-31' })).toBe(31);
    expect(seasonDays({ from: '2026-02-01', to: '2026-01-31' })).toBeNull();
    expect(yearLength('2026-01-01')).toBe(365);
    expect(yearLength('2028-01-01')).toBe(366);
    expect(yearLength('2027-03-01')).toBe(366);
    expect(yearLength('2028-03-01')).toBe(365);
  });

  it('cover one year from the first start, in any order, without gap or overlap', () => {
    expect(seasonsCoverYear([{ from: '2026-11-01', to: '2027-03-31' }, { from: '2026-04-01', to: '2026-10-31' }])).toBe(true);
    expect(seasonsCoverYear([{ from: '2028-01-01', to: '2028-12-31' }])).toBe(true);
    expect(seasonsCoverYear([{ from: '2028-01-01', to: '2028-12-30' }])).toBe(false);
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-07-02', to: '2027-01-01' }])).toBe(false);
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2026-07-01' }, { from: '2026-07-01', to: '2026-12-30' }])).toBe(false);
    expect(seasonsCoverYear([])).toBe(false);
  });

  it('starts a next season the day after one ends', () => {
    expect(dayAfter('2026-10-31')).toBe('2026-11-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('')).toBe('');
  });
});

it('finds the later of two types of the same name, case and spaces aside', () => {
  expect(duplicateTypeIndexes(['Flat Rate', 'Time of Use', ' flat rate ', 'Demand', 'TIME OF USE'])).toEqual([2, 4]);
});
