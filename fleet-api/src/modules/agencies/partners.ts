/**
 * Partners (spec 7: /api/partner/all, devices, agencies, agents; the spec shows no partner field).
 * Our decision: a partner is an organisation that brings installation work to agencies (a rebate
 * programme, a finance company, a retailer's referral scheme). It works with one or more agencies
 * and an agency may work with several; a partner's devices and installation agents are those of the
 * agencies it works with. Admin keeps the partners (name unique, case aside) and their agencies.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { CountCache } from '../../server/count-cache';
import { ApiError, notFound, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { lineCondition } from '../devices/queries';
import { AGENCY_NOT_FOUND } from './agencies';
import { isUniqueViolation, type PartnerForm, type ProductLine } from './fields';
import { NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

const PARTNER_NOT_FOUND = say('partners.notFound');
const PARTNER_EXISTS = uniqueMessage('partners_name_key', say('partners.nameTaken'));

const LIST: ListSpec = {
  sortable: { created_at: 'p.created_at', name: 'lower(p.name)', email: 'lower(p.email)', agencies: 'agencies' },
  filters: { name: filterBy.text('p.name'), email: filterBy.text('p.email') },
};

export const PartnerRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: NullableText,
  phone: NullableText,
  website: NullableText,
  agencies: Type.Integer(),
  /** Devices of the selected product of its agencies. */
  devices: Type.Integer(),
  created_at: Type.String(),
});
export type PartnerRowT = Static<typeof PartnerRow>;

const ROW_COLUMNS = `p.id::int AS id, p.name, p.email, p.phone, p.website,
  (SELECT count(*)::int FROM partner_agencies pa WHERE pa.partner_id = p.id) AS agencies, ${ISO('p.created_at')} AS created_at`;

/** Devices of a product per partner of a page, through its agencies (cached until a write moves them). */
async function devicesPerPartner(db: Db, counts: CountCache, ids: number[], line: ProductLine): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const params = new SqlParams();
  const idList = params.add(ids);
  const rows = await counts.rows<{ id: number; n: number }>(
    db,
    `SELECT pa.partner_id::int AS id, count(*)::int AS n FROM partner_agencies pa JOIN devices d ON d.agency_id = pa.agency_id
      WHERE pa.partner_id = ANY(${idList}::bigint[]) AND ${lineCondition(line, params)} GROUP BY pa.partner_id`,
    params.values,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listPartners(db: Db, line: ProductLine, query: ListQuery, counts: CountCache): Promise<ListInfo<PartnerRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, LIST, params, 'p.id');
  const where = whereClause(listing.conditions);
  const { data: rows, total } = await pagedList<Omit<PartnerRowT, 'devices'>>(db, listing, params, ROW_COLUMNS, `FROM partners p ${where}`);
  const devices = await devicesPerPartner(db, counts, rows.map((r) => r.id), line);
  return listInfo(rows.map((r) => ({ ...r, devices: devices.get(r.id) ?? 0 })), total, listing.page, listing.limit);
}

export async function partnerDetail(db: Db, id: number, line: ProductLine, counts: CountCache): Promise<PartnerRowT> {
  const { rows } = await db.query<Omit<PartnerRowT, 'devices'>>(`SELECT ${ROW_COLUMNS} FROM partners p WHERE p.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw notFound(PARTNER_NOT_FOUND);
  const devices = await devicesPerPartner(db, counts, [id], line);
  return { ...row, devices: devices.get(id) ?? 0 };
}

/** 404 unless the partner exists. */
export async function requirePartner(db: Db, id: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM partners WHERE id = $1', [id]);
  if (rows.length === 0) throw notFound(PARTNER_NOT_FOUND);
}

/** The condition "an agency the partner works with" on agencies `a` (lists of its agencies). */
export const agenciesOfPartner = (partnerId: number) => (params: SqlParams) =>
  `a.id IN (SELECT pa.agency_id FROM partner_agencies pa WHERE pa.partner_id = ${params.add(partnerId)})`;

/** The same on agents `ag`. */
export const agentsOfPartner = (partnerId: number) => (params: SqlParams) =>
  `ag.agency_id IN (SELECT pa.agency_id FROM partner_agencies pa WHERE pa.partner_id = ${params.add(partnerId)})`;

/** Adds (id null) or edits a partner; a name in use is a 409. */
export async function savePartner(db: Db, id: number | null, form: PartnerForm): Promise<number> {
  const values = [form.name, form.email ? form.email.toLowerCase() : null, form.phone || null, form.website || null];
  const taken = await db.query('SELECT 1 FROM partners WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [form.name, id]);
  if (taken.rows.length > 0) throw new ApiError(409, PARTNER_EXISTS);
  try {
    if (id === null) {
      const { rows } = await db.query<{ id: number }>('INSERT INTO partners (name, email, phone, website) VALUES ($1, $2, $3, $4) RETURNING id::int AS id', values);
      const added = rows[0]?.id;
      if (added === undefined) throw new Error('partner insert returned no id');
      return added;
    }
    const { rows } = await db.query('UPDATE partners SET name = $2, email = $3, phone = $4, website = $5 WHERE id = $1 RETURNING id', [id, ...values]);
    if (rows.length === 0) throw notFound(PARTNER_NOT_FOUND);
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, PARTNER_EXISTS);
    throw err;
  }
}

/** A partner goes with its links to agencies; the agencies, their devices and agents stay. */
export async function deletePartner(db: Db, id: number): Promise<void> {
  const { rows } = await db.query('DELETE FROM partners WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw notFound(PARTNER_NOT_FOUND);
}

export async function linkAgency(db: Db, partnerId: number, agencyId: number): Promise<void> {
  await requirePartner(db, partnerId);
  const agency = await db.query('SELECT 1 FROM agencies WHERE id = $1', [agencyId]);
  if (agency.rows.length === 0) throw notFound(AGENCY_NOT_FOUND);
  const { rows } = await db.query('INSERT INTO partner_agencies (partner_id, agency_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING partner_id', [partnerId, agencyId]);
  if (rows.length === 0) throw new ApiError(409, say('partners.agencyAlreadyAdded'));
}

export async function unlinkAgency(db: Db, partnerId: number, agencyId: number): Promise<void> {
  await requirePartner(db, partnerId);
  const { rows } = await db.query('DELETE FROM partner_agencies WHERE partner_id = $1 AND agency_id = $2 RETURNING partner_id', [partnerId, agencyId]);
  if (rows.length === 0) throw notFound(say('partners.agencyNotAdded'));
}
