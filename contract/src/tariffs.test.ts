// The tariff rules of spec 5 that the tariff form and fleet-api both apply (tariffs.ts): 1440 minutes
// a day, 365/366 days a year without gap or overlap, unique types, the first slot of each kind named,
// post codes from the uploaded CSV and as stored.
import {
  dayAfter,
  dayCoversDay,
  duplicateTypeIndexes,
  firstSlotNamed,
  planKeysOf,
  postCodesOfCsv,
  postCodesOfList,
  seasonDays,
  seasonsCoverYear,
  slotMinutes,
  TARIFF_MESSAGES,
  tariffProblem,
  type TariffRule,
  yearLength,
  type Day,
  type Tariff,
} from './tariffs';

const slot = (startTime: string, endTime: string, name = '') => ({ startTime, endTime, name });
const day = (parts: Partial<Day>): Day => ({ peak: [], offPeak: [], shoulder: [], other: [], ...parts });
const WEEKDAY = day({
  peak: [slot('14:00', '20:00', 'Peak')],
  shoulder: [slot('07:00', '14:00', 'Shoulder'), slot('20:00', '22:00')],
  offPeak: [slot('22:00', '07:00', 'Off Peak')],
});
const WEEKEND = day({ offPeak: [slot('00:00', '00:00', 'Off Peak')] });

function tariff(over: Partial<Tariff> = {}): Tariff {
  return {
    company: 'Harbour Grid',
    postCode: '2000,2010',
    typeTarrif: [
      { type: 'Flat Rate', flatRate: true, season: [] },
      {
        type: 'Time of Use',
        flatRate: false,
        season: [
          { from: '2026-04-01', to: '2026-10-31', same_as_weekdays: 0, weekdays: WEEKDAY, weekends: WEEKEND },
          { from: '2026-11-01', to: '2027-03-31', same_as_weekdays: 1, weekdays: WEEKDAY, weekends: null },
        ],
      },
    ],
    ...over,
  };
}

describe('a day of slots', () => {
  it('counts a slot to its end, past midnight, and a slot that ends when it starts as the whole day', () => {
    expect(slotMinutes(slot('07:00', '14:00'))).toBe(420);
    expect(slotMinutes(slot('22:00', '07:00'))).toBe(540);
    expect(slotMinutes(slot('20:00', '00:00'))).toBe(240);
    expect(slotMinutes(slot('00:00', '00:00'))).toBe(1440);
    expect(slotMinutes(slot('06:30:00', '07:00:00'))).toBe(30);
  });

  it('needs exactly 1440 minutes, each minute once', () => {
    expect(dayCoversDay(WEEKDAY)).toBe(true);
    expect(dayCoversDay(WEEKEND)).toBe(true);
    // a gap of an hour
    expect(dayCoversDay(day({ peak: [slot('14:00', '20:00', 'P')], offPeak: [slot('21:00', '14:00', 'O')] }))).toBe(false);
    // 1440 minutes in total, but one hour twice and another not at all
    expect(dayCoversDay(day({ peak: [slot('13:00', '20:00', 'P')], offPeak: [slot('21:00', '14:00', 'O')] }))).toBe(false);
    // more than a day
    expect(dayCoversDay(day({ peak: [slot('00:00', '00:00', 'P')], other: [slot('01:00', '02:00', 'X')] }))).toBe(false);
    expect(dayCoversDay(day({}))).toBe(false);
    expect(dayCoversDay(day({ peak: [slot('25:00', '01:00', 'P')] }))).toBe(false);
  });

  it('needs a name on the first slot of a kind only', () => {
    expect(firstSlotNamed([])).toBe(true);
    expect(firstSlotNamed([slot('07:00', '14:00', 'Shoulder'), slot('20:00', '22:00')])).toBe(true);
    expect(firstSlotNamed([slot('07:00', '14:00', '  '), slot('20:00', '22:00', 'Evening')])).toBe(false);
  });
});

describe('seasons', () => {
  it('count both ends; a year is 365 days, 366 when it holds a 29 February', () => {
    expect(seasonDays({ from: '2026-01-01', to: '2026-01-31' })).toBe(31);
    expect(seasonDays({ from: '2026-02-01', to: '2026-01-31' })).toBeNull();
    expect(yearLength('2026-01-01')).toBe(365);
    expect(yearLength('2028-01-01')).toBe(366);
    expect(yearLength('2027-03-01')).toBe(366); // to 2028-02-29
    expect(yearLength('2028-03-01')).toBe(365);
    expect(yearLength('2028-02-29')).toBe(366);
  });

  it('cover one year from the first start, in any order, without gap or overlap', () => {
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2026-12-31' }])).toBe(true);
    expect(seasonsCoverYear([{ from: '2026-11-01', to: '2027-03-31' }, { from: '2026-04-01', to: '2026-10-31' }])).toBe(true);
    expect(seasonsCoverYear([{ from: '2028-01-01', to: '2028-12-31' }])).toBe(true);
    expect(seasonsCoverYear([{ from: '2028-01-01', to: '2028-12-30' }])).toBe(false); // 365 in a leap year
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2027-01-01' }])).toBe(false); // 366 in another
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-07-02', to: '2027-01-01' }])).toBe(false); // a gap
    expect(seasonsCoverYear([{ from: '2026-01-01', to: '2026-07-01' }, { from: '2026-07-01', to: '2026-12-30' }])).toBe(false); // an overlap
    expect(seasonsCoverYear([])).toBe(false);
    expect(seasonsCoverYear([{ from: '2026-02-30', to: '2027-01-01' }])).toBe(false);
  });
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

it('starts a next season the day after one ends', () => {
  expect(dayAfter('2026-10-31')).toBe('2026-11-01');
  expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  expect(dayAfter('')).toBe('');
});

describe('types and post codes', () => {
  it('finds the later of two types of the same name, case and spaces aside', () => {
    expect(duplicateTypeIndexes(['Flat Rate', 'Time of Use', ' flat rate ', 'Demand', 'TIME OF USE'])).toEqual([2, 4]);
    expect(duplicateTypeIndexes(['', ''])).toEqual([]);
  });

  it('reads the comma-joined post codes, unique, 3 or 4 digits', () => {
    expect(postCodesOfList('2000, 2010,2000,800')).toEqual(['2000', '2010', '800']);
    expect(postCodesOfList('')).toBeNull();
    expect(postCodesOfList('2000,20a0')).toBeNull();
  });

  it('asks a property for one cost per kind of slot a type uses', () => {
    const type = tariff().typeTarrif[1];
    expect(type && planKeysOf(type)).toEqual(['peak', 'shoulder', 'offPeak']);
    const flat = tariff().typeTarrif[0];
    expect(flat && planKeysOf(flat)).toEqual([]);
  });
});

describe('tariffProblem: the first broken rule, whose message is the spec\'s', () => {
  it('passes a tariff that keeps every rule', () => {
    expect(tariffProblem(tariff())).toBeNull();
  });

  it.each<[string, Partial<Tariff> | ((t: Tariff) => void), TariffRule]>([
    ['no company', { company: ' ' }, 'companyRequired'],
    ['no post code', { postCode: '' }, 'postCodeRequired'],
    ['a type without a name', (t) => void (t.typeTarrif[0]!.type = ''), 'typeRequired'],
    ['two types of one name', (t) => void (t.typeTarrif[1]!.type = 'flat rate'), 'typeNotUnique'],
    ['a flat rate with seasons', (t) => void (t.typeTarrif[0]!.season = t.typeTarrif[1]!.season), 'flatRateSeasons'],
    ['a season without a start', (t) => void (t.typeTarrif[1]!.season[0]!.from = ''), 'startDateRequired'],
    ['a season ending before it starts', (t) => void (t.typeTarrif[1]!.season[0]!.to = '2026-03-01'), 'endBeforeStart'],
    ['seasons a day short', (t) => void (t.typeTarrif[1]!.season[1]!.to = '2027-03-30'), 'seasonYear'],
    ['a weekday of 23 hours', (t) => void (t.typeTarrif[1]!.season[0]!.weekdays = day({ peak: [slot('00:00', '23:00', 'P')] })), 'weekdayHours'],
    ['a weekend of 23 hours', (t) => void (t.typeTarrif[1]!.season[0]!.weekends = day({ peak: [slot('00:00', '23:00', 'P')] })), 'weekendHours'],
    ['a first slot without a name', (t) => void (t.typeTarrif[1]!.season[0]!.weekends = day({ offPeak: [slot('00:00', '00:00')] })), 'slotNameRequired'],
  ])('%s', (_what, change, rule) => {
    const t = tariff();
    if (typeof change === 'function') change(t);
    else Object.assign(t, change);
    expect(tariffProblem(t)).toBe(rule);
  });

  it('reads the weekends as the weekdays when they are the same', () => {
    const t = tariff();
    const season = t.typeTarrif[1]!.season[1]!;
    season.weekends = day({});
    expect(tariffProblem(t)).toBeNull();
    season.same_as_weekdays = 0;
    expect(tariffProblem(t)).toBe('weekendHours');
    expect(TARIFF_MESSAGES.weekendHours).toBe('Weekend should be of 24 Hours');
  });
});
