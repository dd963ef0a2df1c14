/**
 * Integrations (spec 2.4 names /admin/integrations and /admin/integration/view/{id} only; the calls
 * are ours). Our decision: an agency's integration is how its installs reach the fleet. The
 * installer app is the integration an agency configures: the flows it offers the agency's agents
 * (install, replace, remove: the agency's `flows`), the product lines it registers (`deviceType`),
 * and the agents ready to sign in to it (Active, with a password). Each device records the channel
 * it arrived by (`installed_via`: Installer App, Customer App, Console); the list counts each
 * agency's devices per channel and the view splits them per product line.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import type { CountCache } from '../../server/count-cache';
import { notFound } from '../../server/errors';
import { type ListInfo, listInfo, type ListQuery, pagedList } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { agencyConditions, AGENCY_NOT_FOUND } from './agencies';
import { splitList } from './fields';

/** The channels a device arrives by, as devices record them. */
const CHANNELS = ['Installer App', 'Customer App', 'Console'] as const;

const Channels = Type.Object({
  installer_app: Type.Integer(),
  customer_app: Type.Integer(),
  console: Type.Integer(),
  /** Devices that recorded no channel (or one the console does not know). */
  other: Type.Integer(),
});

export const IntegrationRow = Type.Object({
  id: Type.Integer(),
  agency_name: Type.String(),
  status: Type.String(),
  flows: Type.Array(Type.String()),
  device_type: Type.Array(Type.String()),
  agents: Type.Integer(),
  /** Active agents with a password: those who can sign in to the installer app now. */
  agents_ready: Type.Integer(),
  channels: Channels,
  devices: Type.Integer(),
});
export type IntegrationRowT = Static<typeof IntegrationRow>;

export const IntegrationInfo = Type.Object({
  ...IntegrationRow.properties,
  email_notification: Type.Boolean(),
  agents_in_active: Type.Integer(),
  agents_without_password: Type.Integer(),
  /** Devices per channel and product line (channel null: none recorded). */
  lines: Type.Array(Type.Object({ installed_via: Type.Union([Type.String(), Type.Null()]), product_line: Type.String(), devices: Type.Integer() })),
});
export type IntegrationInfoT = Static<typeof IntegrationInfo>;

interface RawAgency {
  id: number;
  agency_name: string;
  status: string;
  flows: string | null;
  device_type: string | null;
  email_notification: boolean;
  agents: number;
  agents_ready: number;
  agents_in_active: number;
  agents_without_password: number;
}

const COLUMNS = `a.id::int AS id, a.agency_name, a.status, a.flows, a.device_type, a.email_notification,
  (SELECT count(*)::int FROM agents ag WHERE ag.agency_id = a.id) AS agents,
  (SELECT count(*)::int FROM agents ag WHERE ag.agency_id = a.id AND ag.status = 'Active' AND ag.password_hash IS NOT NULL) AS agents_ready,
  (SELECT count(*)::int FROM agents ag WHERE ag.agency_id = a.id AND ag.status <> 'Active') AS agents_in_active,
  (SELECT count(*)::int FROM agents ag WHERE ag.agency_id = a.id AND ag.password_hash IS NULL) AS agents_without_password`;

type LineCount = { id: number; installed_via: string | null; product_line: string; n: number };

/** Devices per agency, channel and line (index-only, cached until a device write). */
async function channelCounts(db: Db, counts: CountCache, ids: number[]): Promise<LineCount[]> {
  if (ids.length === 0) return [];
  return counts.rows<LineCount>(
    db,
    `SELECT d.agency_id::int AS id, d.installed_via, d.product_line, count(*)::int AS n FROM devices d
      WHERE d.agency_id = ANY($1::bigint[]) GROUP BY d.agency_id, d.installed_via, d.product_line`,
    [ids],
  );
}

function shape(row: RawAgency, lines: LineCount[]): IntegrationRowT {
  const mine = lines.filter((l) => l.id === row.id);
  const of = (channel: string) => mine.filter((l) => l.installed_via === channel).reduce((sum, l) => sum + l.n, 0);
  const devices = mine.reduce((sum, l) => sum + l.n, 0);
  const [installerApp, customerApp, consoleChannel] = CHANNELS;
  const channels = { installer_app: of(installerApp), customer_app: of(customerApp), console: of(consoleChannel), other: 0 };
  channels.other = devices - channels.installer_app - channels.customer_app - channels.console;
  return {
    id: row.id,
    agency_name: row.agency_name,
    status: row.status,
    flows: splitList(row.flows),
    device_type: splitList(row.device_type),
    agents: row.agents,
    agents_ready: row.agents_ready,
    channels,
    devices,
  };
}

/** Every agency's integration, with the agency list's filters (the flows filter too). */
export async function listIntegrations(db: Db, caller: Caller, query: ListQuery, counts: CountCache): Promise<ListInfo<IntegrationRowT>> {
  const params = new SqlParams();
  const { listing, conditions } = agencyConditions(caller, query, params);
  const where = whereClause(conditions);
  const { data: rows, total } = await pagedList<RawAgency>(db, listing, params, COLUMNS, `FROM agencies a ${where}`);
  const lines = await channelCounts(db, counts, rows.map((r) => r.id));
  return listInfo(rows.map((r) => shape(r, lines)), total, listing.page, listing.limit);
}

/** One agency's integration, or 404. */
export async function integrationDetail(db: Db, caller: Caller, id: number, counts: CountCache): Promise<IntegrationInfoT> {
  const params = new SqlParams();
  const { rows } = await db.query<RawAgency>(`SELECT ${COLUMNS} FROM agencies a WHERE a.id = ${params.add(id)} AND (${scopeFor(caller).agencies('a', params)})`, params.values);
  const row = rows[0];
  if (!row) throw notFound(AGENCY_NOT_FOUND);
  const lines = await channelCounts(db, counts, [id]);
  return {
    ...shape(row, lines),
    email_notification: row.email_notification,
    agents_in_active: row.agents_in_active,
    agents_without_password: row.agents_without_password,
    lines: lines
      .map((l) => ({ installed_via: l.installed_via, product_line: l.product_line, devices: l.n }))
      .sort((a, b) => (a.installed_via ?? '~').localeCompare(b.installed_via ?? '~') || a.product_line.localeCompare(b.product_line)),
  };
}
