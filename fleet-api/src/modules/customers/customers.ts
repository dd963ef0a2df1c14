/**
 * Customers (spec: Customers list, Customer detail; docs/customer-calls.md): the list of the caller's
 * slice with the drawer's filters, one customer, its edit, its deletion, its sign-in and the mails it
 * was sent. The caller's slice is ANDed into every query: a customer outside it is not found (404).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible, scopeFor } from '../../policy/scope';
import type { CountCache } from '../../server/count-cache';
import { ApiError, conflict } from '../../server/errors';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { normaliseEmail, Nullable, NullableBool, NullableInt, NullableText } from '../../server/schemas';
import { productLines } from '../devices/lines';
import { PropertyAddress } from '../devices/queries';
import type { CsvExport } from '../exports/jobs';
import { say } from '../../server/messages';

/** The product a list is for: `all` is every customer, a line the customers with a device of it. */
const CUSTOMER_LINES = ['all', 'ihd', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;
export type CustomerLine = (typeof CUSTOMER_LINES)[number];
export const CustomerLineField = Type.Unsafe<CustomerLine>({
  type: 'string',
  enum: [...CUSTOMER_LINES],
  errorMessage: say('fields.oneOf', { field: 'deviceType', values: CUSTOMER_LINES.join(', ') }),
});

const FULL_NAME = `(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`;

/** Spec: the drawer's Phone, Email, Name, Customer Status and (heat pump) Property Type. */
const CUSTOMER_LIST: ListSpec = {
  sortable: {
    created_at: 'c.created_at',
    id: 'c.id',
    email: 'lower(c.email)',
    full_name: `lower(${FULL_NAME})`,
    phone_no: 'c.phone_no',
    status: 'c.status',
    auto_sync: 'c.auto_sync',
    weekly_report: 'c.weekly_report',
  },
  filters: {
    email: filterBy.text('c.email'),
    full_name: filterBy.text(FULL_NAME),
    phone_no: filterBy.text('c.phone_no'),
    status: filterBy.multi('c.status'),
    // Residential or Commercial: a customer with a property of that category
    address_type: {
      kind: 'custom',
      build: (item, params) => {
        const values = (Array.isArray(item.value) ? item.value : String(item.value).split(','))
          .map((v) => String(v).trim().toLowerCase())
          .filter((v) => v !== '');
        if (values.length === 0) return 'false';
        return `EXISTS (SELECT 1 FROM properties ap WHERE ap.customer_id = c.id AND ap.address_type = ANY(${params.add(values)}::text[]))`;
      },
    },
  },
};

// the address parts every list row carries (devices' PropertyAddress), without its property id
const { property_id: _propertyId, ...AddressParts } = PropertyAddress;
const Address = { ...AddressParts, address_type: NullableText };

export const CustomerRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  full_name: Type.String(),
  first_name: NullableText,
  last_name: NullableText,
  phone_no: NullableText,
  status: Type.String(),
  auto_sync: NullableBool,
  weekly_report: NullableBool,
  created_at: Type.String(),
  firstproperty: Nullable(Type.Object({ id: Type.Integer(), property_type: NullableText, ...Address })),
});
export type CustomerRowT = Static<typeof CustomerRow>;

export const CustomerInfo = Type.Object({
  ...CustomerRow.properties,
  agency_id: NullableInt,
  agency_name: NullableText,
  updated_at: Type.String(),
  properties: Type.Integer(),
  devices: Type.Integer(),
});
export type CustomerInfoT = Static<typeof CustomerInfo>;

const ROW_COLUMNS = `c.id::int AS id, c.email, trim(${FULL_NAME}) AS full_name, c.first_name, c.last_name, c.phone_no, c.status,
  c.auto_sync, c.weekly_report, ${ISO('c.created_at')} AS created_at,
  (SELECT json_build_object('id', fp.id::int, 'property_type', fp.property_type, 'unit_number', fp.unit_number,
          'street_number', fp.street_number, 'street', fp.street, 'city', fp.city, 'state', fp.state,
          'postal_code', fp.postal_code, 'address_type', fp.address_type)
     FROM properties fp WHERE fp.customer_id = c.id ORDER BY fp.id LIMIT 1) AS firstproperty`;

function lineCondition(line: CustomerLine, params: SqlParams): string | null {
  if (line === 'all') return null;
  return `EXISTS (SELECT 1 FROM devices ld WHERE ld.customer_id = c.id AND ld.product_line = ANY(${params.add(productLines(line))}::text[]))`;
}

/** The WHERE conditions of the caller's customers of a line (the list and the export share them). */
export function customerConditions(caller: Caller, line: CustomerLine, query: ListQuery, params: SqlParams) {
  const listing = buildListing(query, CUSTOMER_LIST, params, 'c.id');
  const conditions = [scopeFor(caller).customers('c', params), ...listing.conditions];
  const byLine = lineCondition(line, params);
  if (byLine) conditions.push(byLine);
  return { listing, conditions };
}

/** A page of the caller's customers with the exact total (cached until a write can move it). */
export async function listCustomers(db: Db, caller: Caller, line: CustomerLine, query: ListQuery, counts: CountCache): Promise<ListInfo<CustomerRowT>> {
  const params = new SqlParams();
  const { listing, conditions } = customerConditions(caller, line, query, params);
  const where = whereClause(conditions);
  const total = await counts.total(db, `SELECT count(*)::int AS n FROM customers c ${where}`, params.values.slice());
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  // the page's ids on customers alone, then their columns (an offset never builds the rows it skips)
  const { rows } = await db.query<CustomerRowT>(
    `SELECT ${ROW_COLUMNS}
       FROM (SELECT c.id FROM customers c ${where} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}) page
       JOIN customers c ON c.id = page.id ${listing.orderBy}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}

/** One customer of the slice, with its agency and how many properties and devices it has. */
export async function customerDetail(db: Db, caller: Caller, id: number): Promise<CustomerInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = scopeFor(caller).customers('c', params);
  const { rows } = await db.query<CustomerInfoT>(
    `SELECT ${ROW_COLUMNS}, c.agency_id::int AS agency_id, a.agency_name, ${ISO('c.updated_at')} AS updated_at,
            (SELECT count(*)::int FROM properties p WHERE p.customer_id = c.id) AS properties,
            (SELECT count(*)::int FROM devices d WHERE d.customer_id = c.id) AS devices
       FROM customers c LEFT JOIN agencies a ON a.id = c.agency_id
      WHERE c.id = ${idParam} AND (${scope})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, say('customers.notFound'));
  return row;
}

export interface CustomerEdit {
  first_name: string;
  last_name: string;
  phone_no: string;
  email: string;
}

const EMAIL_IN_USE = say('customers.emailTaken');

/**
 * Spec: "Customer edit: email, names and phone (8 to 13 characters) required". The customer's
 * sign-in (if it has one) follows its email and names; an email another sign-in uses is refused.
 */
export async function updateCustomer(db: Db, caller: Caller, id: number, edit: CustomerEdit, now: Date): Promise<void> {
  await requireVisible(db, caller, 'customers', id);
  const email = normaliseEmail(edit.email);
  await db.transaction(async (tx) => {
    const taken = await tx.query(
      `SELECT 1 FROM users WHERE lower(email) = $1 AND customer_id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM customers WHERE lower(email) = $1 AND id <> $2 AND status <> 'Deleted' LIMIT 1`,
      [email, id],
    );
    if (taken.rows.length > 0) throw conflict(EMAIL_IN_USE, 'email');
    // the customer and its sign-in carry the same name, phone and email
    const values = [id, edit.first_name.trim(), edit.last_name.trim(), edit.phone_no.trim(), email, now.toISOString()];
    for (const [table, key] of [['customers', 'id'], ['users', 'customer_id']] as const) {
      await tx.query(`UPDATE ${table} SET first_name = $2, last_name = $3, phone_no = $4, email = $5, updated_at = $6 WHERE ${key} = $1`, values);
    }
  });
}

/**
 * Deleting a customer marks it Deleted (spec 4: "Deleted (by the customer or a super admin)"): the
 * row, its properties and its devices' history stay for the fleet's records; its sign-in is disabled
 * and every session of it ends at once. Deleting a Deleted customer changes nothing.
 */
export async function deleteCustomer(db: Db, caller: Caller, id: number, now: Date): Promise<void> {
  await requireVisible(db, caller, 'customers', id);
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE customers SET status = 'Deleted', updated_at = $2 WHERE id = $1 AND status <> 'Deleted'`, [id, now.toISOString()]);
    await tx.query(
      `UPDATE users SET status = 'disabled', token_version = token_version + 1, updated_at = $2 WHERE customer_id = $1 AND status <> 'disabled'`,
      [id, now.toISOString()],
    );
  });
}

export const LoginData = Type.Object({
  has_account: Type.Boolean(),
  email: NullableText,
  account_status: NullableText,
  email_verified_at: NullableText,
  account_created_at: NullableText,
  last_login_at: NullableText,
  sessions: Type.Integer(),
});
export type LoginDataT = Static<typeof LoginData>;

/** The customer's sign-in: whether it has one, its state, when it last signed in, open sessions. */
export async function loginData(db: Db, caller: Caller, id: number, now: Date): Promise<LoginDataT> {
  await requireVisible(db, caller, 'customers', id);
  const { rows } = await db.query<LoginDataT>(
    `SELECT true AS has_account, u.email, u.status AS account_status,
            CASE WHEN u.email_verified_at IS NULL THEN NULL ELSE ${ISO('u.email_verified_at')} END AS email_verified_at,
            ${ISO('u.created_at')} AS account_created_at,
            (SELECT ${ISO('max(s.created_at)')} FROM auth_sessions s WHERE s.user_id = u.id) AS last_login_at,
            (SELECT count(*)::int FROM auth_sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL
               AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.used_at IS NULL AND r.expires_at > $2)) AS sessions
       FROM users u WHERE u.customer_id = $1 ORDER BY u.id LIMIT 1`,
    [id, now.toISOString()],
  );
  return (
    rows[0] ?? { has_account: false, email: null, account_status: null, email_verified_at: null, account_created_at: null, last_login_at: null, sessions: 0 }
  );
}

export const EmailHistoryRow = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  to_email: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  sent_at: NullableText,
});
export type EmailHistoryRowT = Static<typeof EmailHistoryRow>;

const EMAIL_HISTORY: ListSpec = { sortable: { created_at: 'o.created_at', subject: 'o.subject' }, filters: { subject: filterBy.text('o.subject') } };

/** Every mail the fleet sent (or is sending) to the customer's address, newest first. */
export async function emailHistory(db: Db, caller: Caller, id: number, query: ListQuery): Promise<ListInfo<EmailHistoryRowT>> {
  await requireVisible(db, caller, 'customers', id);
  const params = new SqlParams();
  const listing = buildListing(query, EMAIL_HISTORY, params, 'o.id');
  const where = whereClause([`lower(o.to_email) = (SELECT lower(email) FROM customers WHERE id = ${params.add(id)})`, ...listing.conditions]);
  return pagedList<EmailHistoryRowT>(db, listing, params, `o.id::int AS id, o.subject, o.to_email, CASE WHEN o.sent_at IS NULL THEN 'Queued' ELSE 'Sent' END AS status,
            ${ISO('o.created_at')} AS created_at, CASE WHEN o.sent_at IS NULL THEN NULL ELSE ${ISO('o.sent_at')} END AS sent_at`, `FROM outbox o ${where}`);
}

const YES_NO = (column: string) => `CASE WHEN ${column} IS NULL THEN '-' WHEN ${column} THEN 'Yes' ELSE 'No' END`;

/** The customer list's CSV: the list's columns of every product, its first property's address. */
const EXPORT_COLUMNS: Array<[string, string]> = [
  ['Record ID', 'c.id'],
  ['Email ID', 'fleet_csv_safe(c.email)'],
  ['Name', `fleet_csv_safe(trim(${FULL_NAME}))`],
  ['Phone', 'fleet_csv_safe(c.phone_no)'],
  ['Status', 'c.status'],
  ['Auto Sync', YES_NO('c.auto_sync')],
  ['Weekly Report', YES_NO('c.weekly_report')],
  [
    'Street Address',
    `fleet_csv_safe(coalesce((SELECT nullif(concat_ws(' ', fp.unit_number, fp.street_number, fp.street, fp.city, fp.state, fp.postal_code), '')
       FROM properties fp WHERE fp.customer_id = c.id ORDER BY fp.id LIMIT 1), 'No Property Exist'))`,
  ],
  ['Property Type', `(SELECT initcap(fp.address_type) FROM properties fp WHERE fp.customer_id = c.id ORDER BY fp.id LIMIT 1)`],
  ['Agency', 'fleet_csv_safe((SELECT a.agency_name FROM agencies a WHERE a.id = c.agency_id))'],
  ['Created', `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`],
];

/** The export of the caller's customers of a line with the list's filters and sort (a bad filter is a 400 here). */
export function customerExport(caller: Caller, line: CustomerLine, query: ListQuery): CsvExport {
  const params = new SqlParams();
  const { conditions, listing } = customerConditions(caller, line, query, params);
  return { kind: 'customers', from: 'customers c', idColumn: 'c.id', orderBy: listing.orderBy, columns: EXPORT_COLUMNS, conditions, values: params.values };
}
