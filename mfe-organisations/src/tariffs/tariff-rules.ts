// The tariff rules of spec 5 (Tariff) in one place in the console, pure: post codes from the uploaded
// CSV, unique types, seasons that cover one year (365 days, 366 when the year holds a 29 February)
// without gap or overlap, days whose slots cover 24 hours (1440 minutes) exactly once, and a name on
// the first slot of each kind. Its twin is fleet-api's src/modules/tariffs/rules.ts: the same rules,
// whose messages the server says in English and the form as these text keys.

export const TARIFF_ERRORS = {
  companyRequired: 'tariffs.errors.companyRequired',
  postCodeRequired: 'tariffs.errors.postCodeRequired',
  typeRequired: 'tariffs.errors.typeRequired',
  typeNotUnique: 'tariffs.errors.typeNotUnique',
  seasonYear: 'tariffs.errors.seasonYear',
  startDateRequired: 'tariffs.errors.startDateRequired',
  endDateRequired: 'tariffs.errors.endDateRequired',
  endBeforeStart: 'tariffs.errors.endBeforeStart',
  weekdayHours: 'tariffs.errors.weekdayHours',
  weekendHours: 'tariffs.errors.weekendHours',
  slotNameRequired: 'tariffs.errors.slotNameRequired',
  startTimeRequired: 'tariffs.errors.startTimeRequired',
  endTimeRequired: 'tariffs.errors.endTimeRequired',
} as const;

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

// Post codes ------------------------------------------------------------------------------------

const POST_CODE = /^[0-9]{3,4}$/;

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

/** Indexes of types whose name an earlier type already has (case and spaces aside). */
export function duplicateTypeIndexes(types: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  types.forEach((type, index) => {
    const key = type.trim().toLowerCase();
    if (key === '') return;
    if (seen.has(key)) out.push(index);
    seen.add(key);
  });
  return out;
}

// Days -------------------------------------------------------------------------------------------

/** Minutes after midnight of HH:mm; null when not a time. */
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

/** The minutes a day's slots add up to (shown beside the day while it is typed). */
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
