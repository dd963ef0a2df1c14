// The tariff rules of spec 5 (Tariff), once for the form and the server, pure and without the
// database: post codes (from the uploaded CSV, and as the stored list), unique types, seasons that
// cover one year (365 days, 366 when the year holds a 29 February) without gap or overlap, days whose
// slots cover 24 hours (1440 minutes) exactly once, and a name on the first slot of each kind.
// A broken rule is a `TariffRule`: fleet-api answers its English message (TARIFF_MESSAGES), the
// form shows its text in the page's language (`tariffs.errors.<rule>`, English from TARIFF_MESSAGES).

/** The spec's message of each rule, in English. */
export const TARIFF_MESSAGES = {
  companyRequired: 'Company is required',
  postCodeRequired: 'Post Code is required. Please upload valid CSV file.',
  typeRequired: 'Type is required',
  typeNotUnique: 'Type cannot be same',
  seasonYear: 'Season should be of 365 Days',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End date cannot be before start date',
  weekdayHours: 'Weekday should be of 24 Hours',
  weekendHours: 'Weekend should be of 24 Hours',
  slotNameRequired: 'Name is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  flatRateSeasons: 'A flat rate has no seasons',
} as const;

export type TariffRule = keyof typeof TARIFF_MESSAGES;

export const SLOT_KINDS = ['peak', 'offPeak', 'shoulder', 'other'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

export const MINUTES_PER_DAY = 1440;

export interface Slot {
  startTime: string;
  endTime: string;
  name?: string | null;
}
export type Day = Record<SlotKind, Slot[]>;

export interface SeasonDates {
  from: string;
  to: string;
}

export interface Season extends SeasonDates {
  /** 1: the weekends are the weekdays (spec: same_as_weekdays / sameAsWeekendsToggle). */
  same_as_weekdays?: number | boolean | null;
  weekdays: Day;
  weekends?: Day | null;
}

export interface TariffType {
  type: string;
  flatRate: boolean;
  season: Season[];
}

export interface Tariff {
  company: string;
  postCode: string;
  typeTarrif: TariffType[];
}

// Post codes ------------------------------------------------------------------------------------

const POST_CODE = /^[0-9]{3,4}$/;

/** The stored list (comma-joined, as the form sends it) as unique codes; null when empty or not codes. */
export function postCodesOfList(list: string): string[] | null {
  const cells = list.split(',').map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (cells.length === 0 || !cells.every((cell) => POST_CODE.test(cell))) return null;
  return [...new Set(cells)];
}

/**
 * The post codes of an uploaded CSV (commas, semicolons, tabs or lines between them, quotes
 * allowed), unique, in their first order. A first line without any digit is a header and skipped.
 * Null when the file holds no post code, or anything that is not one (3 or 4 digits).
 */
export function postCodesOfCsv(text: string): string[] | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.length > 0 && !/[0-9]/.test(lines[0] ?? '')) lines.shift();
  const cells = lines.flatMap((line) => line.split(/[,;\t]/)).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
  const codes: string[] = [];
  for (const cell of cells) {
    if (cell === '') continue;
    if (!POST_CODE.test(cell)) return null;
    if (!codes.includes(cell)) codes.push(cell);
  }
  return codes.length > 0 ? codes : null;
}

// Types ------------------------------------------------------------------------------------------

const typeKey = (type: string): string => type.trim().toLowerCase();

/** Indexes of types whose name an earlier type already has (case and spaces aside). */
export function duplicateTypeIndexes(types: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  types.forEach((type, index) => {
    const key = typeKey(type);
    if (key === '') return;
    if (seen.has(key)) out.push(index);
    seen.add(key);
  });
  return out;
}

// Days -------------------------------------------------------------------------------------------

/** Minutes after midnight of HH:mm (or HH:mm:ss, "00:00:00 when missing"); null when not a time. */
export function minuteOfDay(time: string): number | null {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])(?::00)?$/.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A slot's length: to its end the same day, or past midnight; a slot that ends when it starts is a whole day. */
export function slotMinutes(slot: Slot): number {
  const start = minuteOfDay(slot.startTime);
  const end = minuteOfDay(slot.endTime);
  if (start === null || end === null) return 0;
  return (end - start + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;
}

/** The minutes a day's slots add up to, overlaps counted twice (shown beside the day while it is typed). */
export function dayMinutes(day: Day): number {
  return SLOT_KINDS.reduce((sum, kind) => sum + day[kind].reduce((s, slot) => s + slotMinutes(slot), 0), 0);
}

/** Spec 5: the slots of a day total exactly 1440 minutes, each minute in one slot (no overlap, no gap). */
export function dayCoversDay(day: Day): boolean {
  const covered = new Uint8Array(MINUTES_PER_DAY);
  for (const kind of SLOT_KINDS) {
    for (const slot of day[kind]) {
      const start = minuteOfDay(slot.startTime);
      if (start === null || minuteOfDay(slot.endTime) === null) return false;
      const length = slotMinutes(slot);
      for (let i = 0; i < length; i += 1) {
        const minute = (start + i) % MINUTES_PER_DAY;
        if (covered[minute]) return false;
        covered[minute] = 1;
      }
    }
  }
  return covered.every((minute) => minute === 1);
}

/** Spec 5: the first slot of each kind needs a name. */
export function firstSlotNamed(slots: readonly Slot[]): boolean {
  const first = slots[0];
  return !first || (first.name ?? '').trim() !== '';
}

// Seasons ----------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Days since the epoch of a YYYY-MM-DD that is a real date; null otherwise. */
export function dayNumber(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const back = new Date(at);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return at / DAY_MS;
}

/** The days of the year that starts on `first`: 366 when it holds a 29 February, else 365. */
export function yearLength(first: string): number | null {
  const start = dayNumber(first);
  if (start === null) return null;
  const [y, mo, d] = first.split('-').map(Number) as [number, number, number];
  return Date.UTC(y + 1, mo - 1, d) / DAY_MS - start;
}

/** A season's days, both ends counted; null when a date is missing or the end is before the start. */
export function seasonDays(season: SeasonDates): number | null {
  const from = dayNumber(season.from);
  const to = dayNumber(season.to);
  if (from === null || to === null || to < from) return null;
  return to - from + 1;
}

/**
 * Spec 5: the seasons together cover one year from the first one's start, 365 days or 366 in a
 * leap year, each starting the day after the one before ends (no gap, no overlap).
 */
export function seasonsCoverYear(seasons: readonly SeasonDates[]): boolean {
  const spans: Array<{ from: number; to: number; start: string }> = [];
  for (const season of seasons) {
    const from = dayNumber(season.from);
    const to = dayNumber(season.to);
    if (from === null || to === null || to < from) return false;
    spans.push({ from, to, start: season.from.trim() });
  }
  spans.sort((a, b) => a.from - b.from);
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (!first || !last) return false;
  if (spans.some((span, i) => i > 0 && span.from !== (spans[i - 1]?.to ?? 0) + 1)) return false;
  return last.to - first.from + 1 === yearLength(first.start);
}

/** The day after a season ends (where the next season starts), YYYY-MM-DD; '' when the date is not one. */
export function dayAfter(date: string): string {
  const n = dayNumber(date);
  return n === null ? '' : new Date((n + 1) * DAY_MS).toISOString().slice(0, 10);
}

const sameAsWeekdays = (season: Season): boolean => season.same_as_weekdays === true || season.same_as_weekdays === 1;

/** The weekends a season stands for: its weekdays when they are the same. */
export function weekendsOf(season: Season): Day {
  return sameAsWeekdays(season) || !season.weekends ? season.weekdays : season.weekends;
}

// The whole tariff -------------------------------------------------------------------------------

/**
 * The first rule a tariff breaks, or null. The order is the form's, top to
 * bottom: company, post codes, each type (name, unique, seasons: dates, the year, each day's 24
 * hours, the first slot's name).
 */
export function tariffProblem(tariff: Tariff): TariffRule | null {
  if (tariff.company.trim() === '') return 'companyRequired';
  if (!postCodesOfList(tariff.postCode)) return 'postCodeRequired';
  const duplicates = duplicateTypeIndexes(tariff.typeTarrif.map((t) => t.type));
  for (const [index, type] of tariff.typeTarrif.entries()) {
    if (type.type.trim() === '') return 'typeRequired';
    if (duplicates.includes(index)) return 'typeNotUnique';
    if (type.flatRate) {
      if (type.season.length > 0) return 'flatRateSeasons';
      continue;
    }
    for (const season of type.season) {
      if (dayNumber(season.from) === null) return 'startDateRequired';
      if (dayNumber(season.to) === null) return 'endDateRequired';
      if (seasonDays(season) === null) return 'endBeforeStart';
    }
    if (!seasonsCoverYear(type.season)) return 'seasonYear';
    for (const season of type.season) {
      if (!dayCoversDay(season.weekdays)) return 'weekdayHours';
      if (!dayCoversDay(weekendsOf(season))) return 'weekendHours';
      for (const day of [season.weekdays, weekendsOf(season)]) {
        if (!SLOT_KINDS.every((kind) => firstSlotNamed(day[kind]))) return 'slotNameRequired';
      }
    }
  }
  return null;
}

/**
 * The plans a property's cost per kWh is asked for (tariff_structures.tariff_plan): one per kind of
 * slot the type uses, in the order peak, shoulder, offPeak, other (the property edit's rows).
 */
export function planKeysOf(type: TariffType): SlotKind[] {
  if (type.flatRate) return [];
  const order: SlotKind[] = ['peak', 'shoulder', 'offPeak', 'other'];
  return order.filter((kind) => type.season.some((s) => s.weekdays[kind].length > 0 || weekendsOf(s)[kind].length > 0));
}
