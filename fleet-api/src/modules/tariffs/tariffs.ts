/**
 * Admin's tariffs (spec 7, Tariffs): a tariff is an electricity distributor ("company") with the post
 * codes it serves and its tariff types, each type a tariff structure (flat rate, or seasons of
 * weekday and weekend time slots). The property edit's cascade reads the same rows
 * (modules/tariffs/lookups.ts, customers/tariff-details.ts): a type's plans are the slot kinds it
 * uses. Every write checks rules.ts first and stores nothing when one fails. A type (or a whole
 * tariff) a property's current tariff names is not removed (409 with how many).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { ApiError, badRequest, notFound, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { IdField, Nullable, RequiredText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
// the rules the tariff form checks too, written once (@fleet/contract)
import { planKeysOf, postCodesOfList, SLOT_KINDS, TARIFF_MESSAGES, tariffProblem, weekendsOf, type Day, type Season, type SlotKind } from '@fleet/contract';
import { say } from '../../server/messages';

const TARIFF_EXISTS = uniqueMessage('tariff_companies_name_key', say('tariffs.companyTaken'));
const TYPE_NOT_OF_TARIFF = say('tariffs.typeElsewhere');

const Time = (label: string) =>
  Type.String({ pattern: '^\\s*([01][0-9]|2[0-3]):[0-5][0-9](:00)?\\s*$', errorMessage: say('fields.timeInvalid', { field: label }), requiredMessage: say('requests.fieldRequired', { field: label }) });
const SlotSchema = Type.Object(
  {
    startTime: Time('Start time'),
    endTime: Time('End time'),
    name: Type.Optional(Nullable(Type.String({ maxLength: 40, errorMessage: say('tariffs.nameTooLong') }))),
    weekDestributionId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  },
  { additionalProperties: false },
);
const Slots = Type.Array(SlotSchema, { maxItems: 24, errorMessage: { maxItems: say('tariffs.tooManySlots') } });
const DaySchema = Type.Object({ peak: Slots, offPeak: Slots, shoulder: Slots, other: Slots }, { additionalProperties: false });
const DateText = (message: string) => Type.String({ maxLength: 10, errorMessage: message, requiredMessage: message });
const SeasonSchema = Type.Object(
  {
    season_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
    from: DateText(TARIFF_MESSAGES.startDateRequired),
    to: DateText(TARIFF_MESSAGES.endDateRequired),
    same_as_weekdays: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, errorMessage: say('tariffs.sameAsWeekdaysInvalid') })),
    weekdays: DaySchema,
    weekends: Type.Optional(Nullable(DaySchema)),
  },
  { additionalProperties: false },
);
const TypeSchema = Type.Object(
  {
    type: RequiredText(199, TARIFF_MESSAGES.typeRequired, say('tariffs.typeTooLong')),
    flatRate: Type.Boolean({ errorMessage: say('tariffs.flatRateInvalid') }),
    structureId: Type.Optional(Nullable(IdField)),
    season: Type.Array(SeasonSchema, { maxItems: 12, errorMessage: { maxItems: say('tariffs.tooManySeasons') } }),
  },
  { additionalProperties: false },
);

/** The body of create and edit (spec 3, Tariff). */
export const TariffBody = {
  company: RequiredText(199, TARIFF_MESSAGES.companyRequired, say('tariffs.companyTooLong')),
  postCode: Type.String({ maxLength: 30_000, errorMessage: TARIFF_MESSAGES.postCodeRequired, requiredMessage: TARIFF_MESSAGES.postCodeRequired }),
  typeTarrif: Type.Array(TypeSchema, {
    minItems: 1,
    maxItems: 20,
    errorMessage: { minItems: say('tariffs.typeRequired'), maxItems: say('tariffs.tooManyTypes') },
    requiredMessage: say('tariffs.typeRequired'),
  }),
};
export type TariffInput = Static<ReturnType<typeof Type.Object<typeof TariffBody>>>;
type TypeInput = TariffInput['typeTarrif'][number];

const SlotOut = Type.Object({ startTime: Type.String(), endTime: Type.String(), name: Type.String(), weekDestributionId: Type.Integer() });
const DayOut = Type.Object({ peak: Type.Array(SlotOut), offPeak: Type.Array(SlotOut), shoulder: Type.Array(SlotOut), other: Type.Array(SlotOut) });
const SeasonOut = Type.Object({ season_id: Type.Integer(), from: Type.String(), to: Type.String(), same_as_weekdays: Type.Integer(), weekdays: DayOut, weekends: DayOut });

export const TariffInfo = Type.Object({
  id: Type.Integer(),
  company: Type.String(),
  postCode: Type.String(),
  typeTarrif: Type.Array(
    Type.Object({
      structureId: Type.Integer(),
      type: Type.String(),
      flatRate: Type.Boolean(),
      /** Properties whose current tariff is this type (it cannot be removed while any is). */
      properties: Type.Integer(),
      season: Type.Array(SeasonOut),
    }),
  ),
  properties: Type.Integer(),
  created_at: Type.String(),
});
export type TariffInfoT = Static<typeof TariffInfo>;

export const TariffRow = Type.Object({
  id: Type.Integer(),
  company_name: Type.String(),
  post_codes: Type.String(),
  post_code_count: Type.Integer(),
  types: Type.Array(Type.String()),
  properties: Type.Integer(),
  created_at: Type.String(),
});
export type TariffRowT = Static<typeof TariffRow>;

/** Properties whose current tariff (their newest row) is structure `structure_sql` (one query, indexed by property). */
const currentTariffsOf = (structureSql: string) => `(SELECT count(*)::int FROM customer_tariff_details t
   WHERE t.tariff_structure_id = ${structureSql}
     AND NOT EXISTS (SELECT 1 FROM customer_tariff_details newer
                      WHERE newer.property_id = t.property_id AND (newer.created_at, newer.id) > (t.created_at, t.id)))`;
const CURRENT_PROPERTIES = `(SELECT coalesce(sum(${currentTariffsOf('s.id')}), 0)::int FROM tariff_structures s WHERE s.company_id = c.id)`;

const LIST: ListSpec = {
  sortable: { created_at: 'c.created_at', company_name: 'lower(c.company_name)' },
  filters: {
    company_name: filterBy.text('c.company_name'),
    type: filterBy.text(`(SELECT string_agg(s.type, ' | ') FROM tariff_structures s WHERE s.company_id = c.id)`),
    // a post code the distributor serves (the whole code)
    post_code: {
      kind: 'custom',
      build: (item, params) => {
        const code = String(item.value).trim();
        if (!/^[0-9]{1,10}$/.test(code)) throw badRequest(say('tariffs.postCodeFilterInvalid'));
        return `${params.add(code)} = ANY(string_to_array(replace(coalesce(c.post_codes, ''), ' ', ''), ','))`;
      },
    },
  },
};

export async function listTariffs(db: Db, query: ListQuery): Promise<ListInfo<TariffRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, LIST, params, 'c.id');
  const where = whereClause(listing.conditions);
  return pagedList<TariffRowT>(db, listing, params, `c.id::int AS id, c.company_name, coalesce(c.post_codes, '') AS post_codes,
            coalesce(array_length(array_remove(string_to_array(replace(coalesce(c.post_codes, ''), ' ', ''), ','), ''), 1), 0)::int AS post_code_count,
            coalesce((SELECT array_agg(s.type ORDER BY s.id) FROM tariff_structures s WHERE s.company_id = c.id), ARRAY[]::text[]) AS types,
            ${CURRENT_PROPERTIES} AS properties,
            ${ISO('c.created_at')} AS created_at`, `FROM tariff_companies c ${where}`);
}

interface StoredSlot {
  startTime?: string;
  endTime?: string;
  name?: string | null;
}
interface StoredSeason {
  from?: string;
  to?: string;
  same_as_weekdays?: number | boolean;
  weekdays?: Partial<Record<SlotKind, StoredSlot[]>>;
  weekends?: Partial<Record<SlotKind, StoredSlot[]>> | null;
}

/** HH:mm of a stored or sent time (seconds dropped). */
const hhmm = (time: string | undefined): string => (time ?? '00:00').trim().slice(0, 5);

/** A day as the form reads it: every kind present, slots numbered across the day (weekDestributionId). */
function dayOut(day: Partial<Record<SlotKind, StoredSlot[]>> | null | undefined, firstId: number) {
  let id = firstId;
  const out = {} as Record<SlotKind, Array<{ startTime: string; endTime: string; name: string; weekDestributionId: number }>>;
  for (const kind of SLOT_KINDS) {
    out[kind] = (day?.[kind] ?? []).map((slot) => ({ startTime: hhmm(slot.startTime), endTime: hhmm(slot.endTime), name: slot.name ?? '', weekDestributionId: (id += 1) }));
  }
  return out;
}

function seasonsOut(seasons: StoredSeason[]) {
  return seasons.map((season, index) => {
    const same = season.same_as_weekdays === true || season.same_as_weekdays === 1;
    const weekdays = dayOut(season.weekdays, index * 1000);
    return {
      season_id: index + 1,
      from: season.from ?? '',
      to: season.to ?? '',
      same_as_weekdays: same ? 1 : 0,
      weekdays,
      weekends: same ? weekdays : dayOut(season.weekends, index * 1000 + 500),
    };
  });
}

export async function readTariff(db: Db, id: number): Promise<TariffInfoT> {
  const company = (
    await db.query<{ id: number; company_name: string; post_codes: string | null; created_at: string }>(
      `SELECT id::int AS id, company_name, post_codes, ${ISO('created_at')} AS created_at FROM tariff_companies WHERE id = $1`,
      [id],
    )
  ).rows[0];
  if (!company) throw notFound(say('tariffs.notFound'));
  const structures = (
    await db.query<{ id: number; type: string; is_flat_rate: boolean; seasons: StoredSeason[]; properties: number }>(
      `SELECT s.id::int AS id, s.type, s.is_flat_rate, s.seasons, ${currentTariffsOf('s.id')} AS properties
         FROM tariff_structures s WHERE s.company_id = $1 ORDER BY s.id`,
      [id],
    )
  ).rows;
  return {
    id: company.id,
    company: company.company_name,
    postCode: postCodesOfList(company.post_codes ?? '')?.join(',') ?? '',
    typeTarrif: structures.map((s) => ({
      structureId: s.id,
      type: s.type,
      flatRate: s.is_flat_rate,
      properties: s.properties,
      season: s.is_flat_rate ? [] : seasonsOut(Array.isArray(s.seasons) ? s.seasons : []),
    })),
    properties: structures.reduce((sum, s) => sum + s.properties, 0),
    created_at: company.created_at,
  };
}

/** What a structure keeps of a season: dates, the same-as flag, and the slots as times and names. */
function seasonsIn(seasons: Season[]): StoredSeason[] {
  const day = (d: Day) =>
    Object.fromEntries(SLOT_KINDS.map((kind) => [kind, d[kind].map((slot) => ({ startTime: hhmm(slot.startTime), endTime: hhmm(slot.endTime), name: (slot.name ?? '').trim() }))]));
  return [...seasons]
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((season, index) => {
      const same = season.same_as_weekdays === 1;
      return { season_id: index + 1, from: season.from.trim(), to: season.to.trim(), same_as_weekdays: same ? 1 : 0, weekdays: day(season.weekdays), weekends: day(weekendsOf(season)) };
    });
}

/** The rules of spec 5, then the names; answers the clean tariff. */
function checked(input: TariffInput): { company: string; postCodes: string; types: TypeInput[] } {
  const problem = tariffProblem(input);
  if (problem) throw badRequest(TARIFF_MESSAGES[problem]);
  return { company: input.company.trim(), postCodes: (postCodesOfList(input.postCode) ?? []).join(','), types: input.typeTarrif.map((t) => ({ ...t, type: t.type.trim() })) };
}

async function requireFreeName(db: Db, company: string, id: number | null): Promise<void> {
  const taken = await db.query('SELECT 1 FROM tariff_companies WHERE lower(company_name) = lower($1) AND id IS DISTINCT FROM $2', [company, id]);
  if (taken.rows.length > 0) throw new ApiError(409, TARIFF_EXISTS);
}

function planOf(type: TypeInput, previous: Array<{ key: string; unit_charge?: number | null }>): string {
  return JSON.stringify(
    planKeysOf(type).map((key) => ({ key, load_type_key: 'general', unit_charge: previous.find((p) => p.key === key)?.unit_charge ?? null })),
  );
}

async function insertStructure(tx: Db, companyId: number, type: TypeInput): Promise<void> {
  await tx.query(`INSERT INTO tariff_structures (company_id, type, is_flat_rate, seasons, tariff_plan) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)`, [
    companyId,
    type.type,
    type.flatRate,
    JSON.stringify(type.flatRate ? [] : seasonsIn(type.season)),
    planOf(type, []),
  ]);
}

/** Unique names clash inside the transaction too (two saves at once): the same 409. */
function uniqueAsConflict(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new ApiError(409, TARIFF_EXISTS);
  throw err;
}

export async function createTariff(db: Db, input: TariffInput): Promise<number> {
  const tariff = checked(input);
  await requireFreeName(db, tariff.company, null);
  return db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('INSERT INTO tariff_companies (company_name, post_codes) VALUES ($1, $2) RETURNING id::int AS id', [tariff.company, tariff.postCodes]);
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('tariff_companies insert returned no id');
      for (const type of tariff.types) await insertStructure(tx, id, type);
      return id;
    })
    .catch(uniqueAsConflict);
}

export async function editTariff(db: Db, id: number, input: TariffInput): Promise<void> {
  const tariff = checked(input);
  await db
    .transaction(async (tx) => {
      const found = await tx.query('SELECT 1 FROM tariff_companies WHERE id = $1 FOR UPDATE', [id]);
      if (found.rows.length === 0) throw notFound(say('tariffs.notFound'));
      await requireFreeName(tx, tariff.company, id);
      const existing = (
        await tx.query<{ id: number; type: string; tariff_plan: Array<{ key: string; unit_charge?: number | null }>; properties: number }>(
          `SELECT s.id::int AS id, s.type, s.tariff_plan, ${currentTariffsOf('s.id')} AS properties FROM tariff_structures s WHERE s.company_id = $1`,
          [id],
        )
      ).rows;
      const kept = new Set<number>();
      for (const type of tariff.types) {
        if (type.structureId === undefined || type.structureId === null) continue;
        if (!existing.some((s) => s.id === type.structureId)) throw badRequest(TYPE_NOT_OF_TARIFF);
        if (kept.has(type.structureId)) throw badRequest(TARIFF_MESSAGES.typeNotUnique);
        kept.add(type.structureId);
      }
      for (const gone of existing.filter((s) => !kept.has(s.id))) {
        if (gone.properties > 0) throw new ApiError(409, say('tariffs.typeInUse', { type: gone.type, count: gone.properties }));
      }
      await tx.query('UPDATE tariff_companies SET company_name = $2, post_codes = $3 WHERE id = $1', [id, tariff.company, tariff.postCodes]);
      const removed = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
      if (removed.length > 0) await tx.query('DELETE FROM tariff_structures WHERE id = ANY($1::bigint[])', [removed]);
      for (const type of tariff.types) {
        const previous = existing.find((s) => s.id === type.structureId);
        if (!previous) {
          await insertStructure(tx, id, type);
          continue;
        }
        await tx.query(
          `UPDATE tariff_structures SET type = $2, is_flat_rate = $3, seasons = $4::jsonb, tariff_plan = $5::jsonb, updated_at = now() WHERE id = $1`,
          [previous.id, type.type, type.flatRate, JSON.stringify(type.flatRate ? [] : seasonsIn(type.season)), planOf(type, previous.tariff_plan)],
        );
      }
    })
    .catch(uniqueAsConflict);
}

export async function deleteTariff(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM tariff_companies WHERE id = $1 FOR UPDATE', [id]);
    if (found.rows.length === 0) throw notFound(say('tariffs.notFound'));
    const used = (await tx.query<{ n: number }>(`SELECT ${CURRENT_PROPERTIES} AS n FROM tariff_companies c WHERE c.id = $1`, [id])).rows[0]?.n ?? 0;
    if (used > 0) throw new ApiError(409, say('tariffs.inUse', { count: used }));
    await tx.query('DELETE FROM tariff_companies WHERE id = $1', [id]);
  });
}
