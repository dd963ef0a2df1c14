/**
 * The caller's slice of devices as an in-memory test, for live events (modules/live): a socket
 * cannot run a query per event, so the sets a slice reads (a customer's properties, a company's or
 * a manager's sites) are read once through scopeFor and the test runs on the event's keys.
 * test/live/live-scope.test.ts checks it against scopeFor(caller).devices on every demo device.
 */
import type { Db } from '../db';
import type { Caller } from './roles';
import { scopeFor } from './scope';
import { SqlParams } from '../server/sql';

/** What a live event says of its device: the keys every slice is decided by. */
export interface DeviceKeys {
  device_id: number;
  agency_id: number | null;
  electrician_id: number | null;
  customer_id: number | null;
  property_id: number | null;
  site_id: number | null;
  company_id: number | null;
}

export type DeviceMatcher = (device: DeviceKeys) => boolean;

async function idsOf(db: Db, caller: Caller, entity: 'properties' | 'sites'): Promise<Set<number>> {
  const params = new SqlParams();
  const table = entity === 'properties' ? 'properties' : 'sites';
  const { rows } = await db.query<{ id: number }>(`SELECT t.id::int AS id FROM ${table} t WHERE ${scopeFor(caller)[entity]('t', params)}`, params.values);
  return new Set(rows.map((r) => r.id));
}

const NOTHING: DeviceMatcher = () => false;

/** The test of `scopeFor(caller).devices` on one device's keys (read the sets again when they may have changed). */
export async function deviceMatcher(db: Db, caller: Caller): Promise<DeviceMatcher> {
  switch (caller.userType) {
    case 'Admin':
      return () => true;
    case 'Agency': {
      const agency = caller.agencyId;
      return agency === null ? NOTHING : (d) => d.agency_id === agency;
    }
    case 'Electrician': {
      const electrician = caller.electricianId;
      return electrician === null ? NOTHING : (d) => d.electrician_id === electrician;
    }
    case 'Customer':
    case 'User': {
      const customer = caller.customerId;
      if (customer === null) return NOTHING;
      const properties = await idsOf(db, caller, 'properties');
      return (d) => d.customer_id === customer || (d.property_id !== null && properties.has(d.property_id));
    }
    case 'mscc': {
      const company = caller.companyId;
      if (company === null) return NOTHING;
      const sites = await idsOf(db, caller, 'sites');
      return (d) => d.company_id === company || (d.site_id !== null && sites.has(d.site_id));
    }
    case 'sm': {
      if (caller.siteManagerId === null) return NOTHING;
      const sites = await idsOf(db, caller, 'sites');
      return (d) => d.site_id !== null && sites.has(d.site_id);
    }
  }
}

/** Callers with the same slice share one matcher and one encoded frame (live hub groups). */
export function sliceKey(caller: Caller): string {
  switch (caller.userType) {
    case 'Admin':
      return 'Admin';
    case 'Agency':
      return `Agency:${caller.agencyId}`;
    case 'Electrician':
      return `Electrician:${caller.electricianId}`;
    case 'Customer':
    case 'User':
      return `Customer:${caller.customerId}`;
    case 'mscc':
      return `mscc:${caller.companyId}`;
    case 'sm':
      return `sm:${caller.siteManagerId}`;
  }
}
