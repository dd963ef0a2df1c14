// The tariff form (spec 3, Tariff; spec 5's rules): its values, the yup schema whose cross-field tests
// are @fleet/contract's tariff rules (errors of a whole day, season list or type land on their own paths:
// `weekdaysHours`, `weekendsHours`, `seasonYear`), and the body create and edit send.
import { NAME_MAX_LENGTH } from '@fleet/shared-api';
import * as yup from 'yup';
import type { TariffBody, TariffDay, TariffInfo } from '../api/tariffs';
// the tariff rules of spec 5, the same functions fleet-api checks a saved tariff with
import { dayCoversDay, duplicateTypeIndexes, firstSlotNamed, minuteOfDay, seasonDays, seasonsCoverYear, SLOT_KINDS, type Day, type SlotKind, type TariffRule } from '@fleet/contract';

/** A broken rule's text: `tariffs.errors.<rule>`, whose English is the contract's TARIFF_MESSAGES. */
export const tariffErrorKey = (rule: TariffRule): `tariffs.errors.${TariffRule}` => `tariffs.errors.${rule}`;

export const SLOT_NAME_MAX_LENGTH = 40;

export interface SlotValues {
  startTime: string;
  endTime: string;
  name: string;
}
export type DayValues = Record<SlotKind, SlotValues[]>;
export interface SeasonValues {
  from: string;
  to: string;
  /** The weekends are the weekdays (spec: sameAsWeekendsToggle, sent as same_as_weekdays). */
  sameAsWeekendsToggle: boolean;
  weekdays: DayValues;
  weekends: DayValues;
}
export interface TypeValues {
  type: string;
  flatRate: boolean;
  /** The stored structure this type is (null: a new one). */
  structureId: number | null;
  /** Properties whose current tariff is this type: it cannot be removed while any is. */
  properties: number;
  season: SeasonValues[];
}
export interface TariffFormValues {
  company: string;
  /** The unique post codes of the uploaded CSV. */
  postCodes: string[];
  typeTarrif: TypeValues[];
}

const emptyDay = (): DayValues => ({ peak: [], offPeak: [], shoulder: [], other: [] });
export const newSlot = (): SlotValues => ({ startTime: '', endTime: '', name: '' });
export const newSeason = (from = ''): SeasonValues => ({ from, to: '', sameAsWeekendsToggle: true, weekdays: emptyDay(), weekends: emptyDay() });
export const newType = (): TypeValues => ({ type: '', flatRate: false, structureId: null, properties: 0, season: [newSeason()] });
export const emptyTariff = (): TariffFormValues => ({ company: '', postCodes: [], typeTarrif: [newType()] });

const timesFilled = (day: DayValues) => SLOT_KINDS.every((kind) => day[kind].every((slot) => minuteOfDay(slot.startTime) !== null && minuteOfDay(slot.endTime) !== null));

const slotSchema = yup.object({
  startTime: yup.string().default('').required(tariffErrorKey('startTimeRequired')),
  endTime: yup.string().default('').required(tariffErrorKey('endTimeRequired')),
  name: yup.string().default('').trim().max(SLOT_NAME_MAX_LENGTH, 'tariffs.errors.slotNameTooLong'),
});
const slotsSchema = yup
  .array(slotSchema)
  .default([])
  .test('first-named', tariffErrorKey('slotNameRequired'), function firstNamed(slots) {
    return firstSlotNamed(slots ?? []) || this.createError({ path: `${this.path}[0].name` });
  });
const daySchema = yup.object({ peak: slotsSchema, offPeak: slotsSchema, shoulder: slotsSchema, other: slotsSchema });

const seasonSchema = yup
  .object({
    from: yup.string().default('').required(tariffErrorKey('startDateRequired')),
    to: yup
      .string()
      .default('')
      .required(tariffErrorKey('endDateRequired'))
      .test('after-start', tariffErrorKey('endBeforeStart'), function afterStart(to) {
        const from = (this.parent as SeasonValues).from;
        return !from || !to || seasonDays({ from, to }) !== null;
      }),
    sameAsWeekendsToggle: yup.boolean().default(true),
    weekdays: daySchema,
    weekends: daySchema.when('sameAsWeekendsToggle', { is: true, then: () => yup.mixed().strip() }),
  })
  // a day's whole 24 hours, once every slot has its times (a missing time says so itself)
  .test('weekday-hours', tariffErrorKey('weekdayHours'), function weekdayHours(season) {
    const s = season as SeasonValues;
    return !timesFilled(s.weekdays) || dayCoversDay(s.weekdays as Day) || this.createError({ path: `${this.path}.weekdaysHours` });
  })
  .test('weekend-hours', tariffErrorKey('weekendHours'), function weekendHours(season) {
    const s = season as SeasonValues;
    return s.sameAsWeekendsToggle || !timesFilled(s.weekends) || dayCoversDay(s.weekends as Day) || this.createError({ path: `${this.path}.weekendsHours` });
  });

const typeSchema = yup
  .object({
    type: yup.string().default('').trim().required(tariffErrorKey('typeRequired')).max(NAME_MAX_LENGTH, 'tariffs.errors.typeTooLong'),
    flatRate: yup.boolean().default(false),
    season: yup.array().when('flatRate', { is: true, then: () => yup.array().strip(), otherwise: () => yup.array(seasonSchema).default([]) }),
  })
  // the year, once every season has both dates (a missing date says so itself)
  .test('season-year', tariffErrorKey('seasonYear'), function seasonYear(type) {
    const t = type as TypeValues;
    if (t.flatRate || t.season.some((s) => !s.from || !s.to || seasonDays(s) === null)) return true;
    return seasonsCoverYear(t.season) || this.createError({ path: `${this.path}.seasonYear` });
  });

export const tariffSchema = yup.object({
  company: yup.string().default('').trim().required(tariffErrorKey('companyRequired')).max(NAME_MAX_LENGTH, 'tariffs.errors.companyTooLong'),
  postCodes: yup.array(yup.string().required()).default([]).min(1, tariffErrorKey('postCodeRequired')),
  typeTarrif: yup
    .array(typeSchema)
    .default([])
    .test('unique-types', tariffErrorKey('typeNotUnique'), function uniqueTypes(types) {
      const duplicates = duplicateTypeIndexes((types ?? []).map((t) => t.type ?? ''));
      if (duplicates.length === 0) return true;
      return new yup.ValidationError(duplicates.map((index) => this.createError({ path: `${this.path}[${index}].type` })));
    }),
});

/** Each kind's slots mapped, the four kinds kept. */
function mapDay<A, B>(day: Partial<Record<SlotKind, A[]>>, f: (slot: A) => B): Record<SlotKind, B[]> {
  const kind = (k: SlotKind) => (day[k] ?? []).map(f);
  return { peak: kind('peak'), offPeak: kind('offPeak'), shoulder: kind('shoulder'), other: kind('other') };
}

const daySent = (day: DayValues): TariffDay => mapDay(day, (slot) => ({ startTime: slot.startTime, endTime: slot.endTime, name: slot.name.trim() }));

/** What create and edit send (spec 3: company, postCode comma-joined, typeTarrif). */
export function tariffBody(values: TariffFormValues): TariffBody {
  return {
    company: values.company.trim(),
    postCode: values.postCodes.join(','),
    typeTarrif: values.typeTarrif.map((t) => ({
      type: t.type.trim(),
      flatRate: t.flatRate,
      ...(t.structureId !== null ? { structureId: t.structureId } : {}),
      season: t.flatRate
        ? []
        : t.season.map((s) => ({
            from: s.from,
            to: s.to,
            same_as_weekdays: s.sameAsWeekendsToggle ? 1 : 0,
            weekdays: daySent(s.weekdays),
            ...(s.sameAsWeekendsToggle ? {} : { weekends: daySent(s.weekends) }),
          })),
    })),
  };
}

const dayRead = (day: TariffDay): DayValues => mapDay(day, (slot) => ({ startTime: slot.startTime, endTime: slot.endTime, name: slot.name ?? '' }));

/** The form as a stored tariff stands. */
export function tariffValues(info: TariffInfo): TariffFormValues {
  return {
    company: info.company,
    postCodes: info.postCode.split(',').filter((code) => code !== ''),
    typeTarrif: info.typeTarrif.map((t) => ({
      type: t.type,
      flatRate: t.flatRate,
      structureId: t.structureId,
      properties: t.properties,
      season: t.season.map((s) => {
        const same = s.same_as_weekdays === 1;
        return { from: s.from, to: s.to, sameAsWeekendsToggle: same, weekdays: dayRead(s.weekdays), weekends: same ? emptyDay() : dayRead(s.weekends) };
      }),
    })),
  };
}
