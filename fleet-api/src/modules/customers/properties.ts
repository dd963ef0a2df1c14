/**
 * A customer's properties (spec: Customer detail and property screens): its own and those it shares as
 * a member, one property with its current tariff, its members (add and remove), its devices of every
 * line, its tariff history, and its deletion (its timeline: property-timeline.ts). The property's slice decides (404).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible, scopeFor } from '../../policy/scope';
import { ApiError, conflict, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { normaliseEmail, Nullable, NullableInt, NullableNumber, NullableText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { say } from '../../server/messages';

const Place = {
  property_name: NullableText,
  property_type: NullableText,
  address_type: NullableText,
  unit_type: NullableText,
  unit_number: NullableText,
  level_type: NullableText,
  level_number: NullableText,
  street_number: NullableText,
  street: NullableText,
  street_type: NullableText,
  street_suffix: NullableText,
  city: NullableText,
  state: NullableText,
  postal_code: NullableText,
};
const PLACE_COLUMNS = `p.property_name, p.property_type, p.address_type, p.unit_type, p.unit_number, p.level_type, p.level_number,
  p.street_number, p.street, p.street_type, p.street_suffix, p.city, p.state, p.postal_code`;

export const PropertyRow = Type.Object({
  id: Type.Integer(),
  customer_id: NullableInt,
  ...Place,
  devices: Type.Integer(),
  members: Type.Integer(),
  created_at: Type.String(),
});
export type PropertyRowT = Static<typeof PropertyRow>;

const PROPERTY_LIST: ListSpec = {
  sortable: { created_at: 'p.created_at', id: 'p.id', property_name: 'lower(p.property_name)', street: 'p.street', city: 'p.city', postal_code: 'p.postal_code' },
  filters: { property_name: filterBy.text('p.property_name'), postal_code: filterBy.text('p.postal_code') },
};

const ROW_COLUMNS = `p.id::int AS id, p.customer_id::int AS customer_id, ${PLACE_COLUMNS},
  (SELECT count(*)::int FROM devices d WHERE d.property_id = p.id) AS devices,
  (SELECT count(*)::int FROM property_members m WHERE m.property_id = p.id) AS members,
  ${ISO('p.created_at')} AS created_at`;

/** `own`: the customer's properties; `shared`: the ones it was added to as a member. */
export async function listProperties(db: Db, caller: Caller, customerId: number, which: 'own' | 'shared', query: ListQuery): Promise<ListInfo<PropertyRowT>> {
  await requireVisible(db, caller, 'customers', customerId);
  const params = new SqlParams();
  const listing = buildListing(query, PROPERTY_LIST, params, 'p.id');
  const c = params.add(customerId);
  const whose = which === 'own' ? `p.customer_id = ${c}` : `p.id IN (SELECT m.property_id FROM property_members m WHERE m.customer_id = ${c})`;
  const where = whereClause([whose, scopeFor(caller).properties('p', params), ...listing.conditions]);
  return pagedList<PropertyRowT>(db, listing, params, ROW_COLUMNS, `FROM properties p ${where}`);
}

export const TariffDetails = Type.Object({
  id: Type.Integer(),
  company_id: NullableInt,
  company_name: NullableText,
  electricity_retailer_id: NullableInt,
  retailer_name: NullableText,
  tariff_structure_id: NullableInt,
  tariff_structure_type: NullableText,
  is_flat_rate: Type.Boolean(),
  unit_charge: Type.Number(),
  tariff_plan: Type.Array(
    Type.Object(
      {
        key: Type.String(),
        load_type_key: NullableText,
        unit_charge: Type.Number(),
        discount_type: Type.Optional(NullableText),
        discount_percentage: Type.Optional(NullableNumber),
      },
      { additionalProperties: true },
    ),
  ),
  discount_type: NullableText,
  discount_percentage: NullableNumber,
  supply_charge: NullableNumber,
  supply_charge_discount: Type.Integer(),
  gst_include: Type.Integer(),
  impulse_rate: NullableInt,
  impulse_rate_type: NullableText,
  rates_updated: Type.Boolean(),
  created_at: Type.String(),
});
export type TariffDetailsT = Static<typeof TariffDetails>;

const TARIFF_COLUMNS = `t.id::int AS id, t.company_id::int AS company_id, tc.company_name, t.electricity_retailer_id::int AS electricity_retailer_id,
  r.retailer_name, t.tariff_structure_id::int AS tariff_structure_id, t.tariff_structure_type, t.is_flat_rate,
  t.unit_charge::float8 AS unit_charge, t.tariff_plan, t.discount_type, t.discount_percentage::float8 AS discount_percentage,
  t.supply_charge::float8 AS supply_charge, t.supply_charge_discount::int AS supply_charge_discount, t.gst_include::int AS gst_include,
  t.impulse_rate, t.impulse_rate_type, t.rates_updated, ${ISO('t.created_at')} AS created_at`;
const TARIFF_JOINS = `LEFT JOIN tariff_companies tc ON tc.id = t.company_id LEFT JOIN electricity_retailers r ON r.id = t.electricity_retailer_id`;

export const PropertyInfo = Type.Object({
  ...PropertyRow.properties,
  nmi: NullableText,
  survey_data: Type.Unknown(),
  property_updated: Type.Boolean(),
  updated_at: Type.String(),
  customer_name: NullableText,
  customer_email: NullableText,
  site_name: NullableText,
  company_name: NullableText,
  tariff: Nullable(TariffDetails),
});
export type PropertyInfoT = Static<typeof PropertyInfo>;

/** One property of the slice: its place, owner, site, survey answers and current tariff (its newest row). */
export async function propertyDetail(db: Db, caller: Caller, id: number): Promise<PropertyInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = scopeFor(caller).properties('p', params);
  const { rows } = await db.query<PropertyInfoT>(
    `SELECT ${ROW_COLUMNS}, p.nmi, p.survey_data, p.property_updated, ${ISO('p.updated_at')} AS updated_at,
            nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') AS customer_name, c.email AS customer_email,
            s.site_name, mc.company_name,
            (SELECT row_to_json(x) FROM (SELECT ${TARIFF_COLUMNS} FROM customer_tariff_details t ${TARIFF_JOINS}
                                          WHERE t.property_id = p.id ORDER BY t.created_at DESC, t.id DESC LIMIT 1) x) AS tariff
       FROM properties p
       LEFT JOIN customers c ON c.id = p.customer_id
       LEFT JOIN sites s ON s.id = p.site_id
       LEFT JOIN multi_site_companies mc ON mc.id = coalesce(p.company_id, s.company_id)
      WHERE p.id = ${idParam} AND (${scope})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, say('properties.notFound'));
  return row;
}

export const MemberRow = Type.Object({
  id: Type.Integer(),
  property_id: Type.Integer(),
  customer_id: NullableInt,
  email: Type.String(),
  first_name: NullableText,
  last_name: NullableText,
  phone_no: NullableText,
  created_at: Type.String(),
});
export type MemberRowT = Static<typeof MemberRow>;

export async function propertyMembers(db: Db, caller: Caller, propertyId: number): Promise<MemberRowT[]> {
  await requireVisible(db, caller, 'properties', propertyId);
  const { rows } = await db.query<MemberRowT>(
    `SELECT m.id::int AS id, m.property_id::int AS property_id, m.customer_id::int AS customer_id, m.email, m.first_name, m.last_name,
            m.phone_no, ${ISO('m.created_at')} AS created_at
       FROM property_members m WHERE m.property_id = $1 ORDER BY m.created_at, m.id`,
    [propertyId],
  );
  return rows;
}

export interface NewMember {
  email: string;
  first_name: string;
  last_name: string;
  phone_no: string;
}

const MEMBER_EXISTS = uniqueMessage('property_members_email_key', say('members.emailTaken'));
const MEMBER_IS_OWNER = say('members.ownerRefused');

/**
 * Adds someone to a property. A customer of the fleet with that email is linked (the property then
 * shows among its shared properties, and its app sees the property's devices); anyone else is kept by
 * email until they sign up.
 */
export async function addMember(db: Db, caller: Caller, propertyId: number, member: NewMember, now: Date): Promise<number> {
  await requireVisible(db, caller, 'properties', propertyId);
  const email = normaliseEmail(member.email);
  return db.transaction(async (tx) => {
    const owner = await tx.query('SELECT 1 FROM properties p JOIN customers c ON c.id = p.customer_id WHERE p.id = $1 AND lower(c.email) = $2', [propertyId, email]);
    if (owner.rows.length > 0) throw conflict(MEMBER_IS_OWNER, 'email');
    const known = await tx.query<{ id: number }>(`SELECT id::int AS id FROM customers WHERE lower(email) = $1 AND status <> 'Deleted' ORDER BY id LIMIT 1`, [email]);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO property_members (property_id, customer_id, email, first_name, last_name, phone_no, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (property_id, lower(email)) DO NOTHING RETURNING id::int AS id`,
      [propertyId, known.rows[0]?.id ?? null, email, member.first_name.trim(), member.last_name.trim(), member.phone_no.trim(), now.toISOString()],
    );
    const id = inserted.rows[0]?.id;
    if (id === undefined) throw conflict(MEMBER_EXISTS, 'email');
    return id;
  });
}

/** Removes one member of a property of the slice; a member of another property is not found. */
export async function removeMember(db: Db, caller: Caller, propertyId: number, memberId: number): Promise<void> {
  await requireVisible(db, caller, 'properties', propertyId);
  const { rows } = await db.query('DELETE FROM property_members WHERE id = $1 AND property_id = $2 RETURNING id', [memberId, propertyId]);
  if (rows.length === 0) throw new ApiError(404, say('members.notFound'));
}

export const PropertyDeviceRow = Type.Object({
  id: Type.Integer(),
  product_line: Type.String(),
  serial_number: Type.String(),
  mac_address: NullableText,
  firmware_version: NullableText,
  device_status: Type.String(),
  status: NullableText,
  is_online: Type.Integer(),
  fault_code: NullableText,
  installation_date: NullableText,
});
export type PropertyDeviceRowT = Static<typeof PropertyDeviceRow>;

/** The devices at a property, of every line or of `line`'s product lines (newest first). */
export async function propertyDevices(db: Db, caller: Caller, propertyId: number, lines: string[] | null): Promise<PropertyDeviceRowT[]> {
  await requireVisible(db, caller, 'properties', propertyId);
  const params = new SqlParams();
  const conditions = [`d.property_id = ${params.add(propertyId)}`];
  if (lines) conditions.push(`d.product_line = ANY(${params.add(lines)}::text[])`);
  const { rows } = await db.query<PropertyDeviceRowT>(
    `SELECT d.id::int AS id, d.product_line, d.serial_number, d.mac_address, d.firmware_version, d.device_status, d.status,
            d.is_online::int AS is_online, d.fault_code, to_char(d.installation_date, 'YYYY-MM-DD') AS installation_date
       FROM devices d ${whereClause(conditions)} ORDER BY d.created_at DESC, d.id DESC LIMIT 500`,
    params.values,
  );
  return rows;
}

/** Every tariff the property had, newest first (the newest is the current one). */
export async function tariffHistory(db: Db, caller: Caller, propertyId: number, query: ListQuery): Promise<ListInfo<TariffDetailsT>> {
  await requireVisible(db, caller, 'properties', propertyId);
  const params = new SqlParams();
  const listing = buildListing(query, { sortable: { created_at: 't.created_at' }, filters: {} }, params, 't.id');
  const where = `WHERE t.property_id = ${params.add(propertyId)}`;
  return pagedList<TariffDetailsT>(db, listing, params, TARIFF_COLUMNS, `FROM customer_tariff_details t ${TARIFF_JOINS} ${where}`);
}

/**
 * Deletes a property with its members and tariff history; its devices and their history stay in the
 * fleet, without a property. Admin and Agency only (routes).
 */
export async function deleteProperty(db: Db, caller: Caller, propertyId: number): Promise<void> {
  await requireVisible(db, caller, 'properties', propertyId);
  await db.query('DELETE FROM properties WHERE id = $1', [propertyId]);
}
