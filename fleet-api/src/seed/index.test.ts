import type { Db } from '../db';
import { verifyPassword } from '../security/password';
import { openTestDb } from '../../test/support/db';
import { AGENCIES, DEMO_ACCOUNTS, DEMO_PASSWORD, FAULT_DESCRIPTIONS, PRODUCT_LINES, seedDemoFleet } from './index';

const countBy = async (db: Db, sql: string): Promise<Record<string, number>> => {
  const { rows } = await db.query<{ k: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
};

describe('seedDemoFleet (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb({ seedDevices: 200 });
  });
  afterAll(async () => {
    await db.close();
  });

  it('generates the asked number of devices with every product line, the same fleet on both databases', async () => {
    const perLine = await countBy(db, 'SELECT product_line AS k, count(*) AS n FROM devices GROUP BY 1');
    expect(Object.keys(perLine).sort()).toEqual([...PRODUCT_LINES].sort());
    expect(Object.values(perLine).reduce((a, b) => a + b, 0)).toBe(200);
    // Drawn from hashes of the series number, so this split is the same on PGlite and PostgreSQL.
    expect(perLine).toEqual({
      airlink: 16, bulb: 35, heat_pump: 29, ihd: 28, ihd_livelink: 26, livelink: 45, safelink: 21,
    });
  });

  it('does nothing the second time with the same size', async () => {
    const before = await countBy(db, "SELECT 'devices' AS k, count(*) AS n FROM devices UNION ALL SELECT 'users', count(*) FROM users UNION ALL SELECT 'customers', count(*) FROM customers");
    await expect(seedDemoFleet(db, { devices: 200 })).resolves.toEqual({ seeded: false });
    await expect(seedDemoFleet(db, { devices: 150 })).resolves.toEqual({ seeded: false });
    const after = await countBy(db, "SELECT 'devices' AS k, count(*) AS n FROM devices UNION ALL SELECT 'users', count(*) FROM users UNION ALL SELECT 'customers', count(*) FROM customers");
    expect(after).toEqual(before);
  });

  it('gives realistic device values', async () => {
    const { rows } = await db.query<{
      serial_number: string; mac_address: string; firmware_version: string; installation_date: string;
      connection_type: string; device_status: string; status: string | null; is_online: number;
      product_line: string; heat_pump_model_id: number | null; device_operation_status: number | null;
      agency_id: number | null; customer_id: number | null; property_id: number | null;
    }>('SELECT * FROM devices');
    for (const d of rows) {
      expect(d.serial_number).toMatch(/^\d{12}$/);
      expect(d.mac_address).toMatch(/^[0-9A-F]{12}$/);
      expect(d.firmware_version).toMatch(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      expect(d.installation_date >= '2021-01-01' && d.installation_date <= '2026-12-31').toBe(true);
      expect(['Bluetooth', 'AP']).toContain(d.connection_type);
      expect(['Active', 'In-active', 'Replaced']).toContain(d.device_status);
      // An in-active device has no customer state.
      if (d.device_status === 'In-active') expect(d.status).toBeNull();
      else expect(['Pending', 'Completed', 'Incomplete', 'Deleted']).toContain(d.status);
      expect([0, 1]).toContain(d.is_online);
      expect(d.agency_id).not.toBeNull();
      expect(d.customer_id).not.toBeNull();
      expect(d.property_id).not.toBeNull();
      if (d.product_line === 'heat_pump') {
        expect(d.heat_pump_model_id).not.toBeNull();
        expect([0, 1, 2]).toContain(d.device_operation_status);
      }
    }
    expect(new Set(rows.map((d) => d.serial_number)).size).toBe(rows.length);
    expect(new Set(rows.map((d) => d.mac_address)).size).toBe(rows.length);
  });

  it('keeps each device inside one agency: its agent or electrician works for the same agency', async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM devices d
       LEFT JOIN agents a ON a.id = d.agent_id
       LEFT JOIN electricians e ON e.id = d.electrician_id
       WHERE (d.agent_id IS NOT NULL AND a.agency_id <> d.agency_id)
          OR (d.electrician_id IS NOT NULL AND e.agency_id <> d.agency_id)`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('records heat-pump faults with the spec descriptions, and device history', async () => {
    const { rows } = await db.query<{ fault_code: string; fault_description: string; fault_status: number }>(
      'SELECT f.fault_code, f.fault_description, f.fault_status FROM faults f',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const f of rows) expect(f.fault_description).toBe(FAULT_DESCRIPTIONS[f.fault_code]);
    const faulty = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM devices WHERE fault_code IS NOT NULL AND product_line <> 'heat_pump'",
    );
    expect(faulty.rows[0]?.n).toBe(0);
    const history = await db.query<{ n: number }>('SELECT count(*) AS n FROM device_history');
    expect(history.rows[0]?.n).toBeGreaterThan(0);
  });

  it('creates the demo accounts, e-mail verified, sharing one hash of the demo password', async () => {
    const { rows } = await db.query<{ email: string; user_type: string; password_hash: string; email_verified_at: string | null }>(
      'SELECT email, user_type, password_hash, email_verified_at FROM users WHERE email = ANY($1::text[])',
      [DEMO_ACCOUNTS.map((a) => a.email)],
    );
    expect(rows.map((r) => [r.email, r.user_type]).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.email, a.userType]).sort(),
    );
    expect(rows.every((r) => r.email_verified_at !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1);
    const hash = rows[0]?.password_hash ?? '';
    expect(hash.startsWith('$argon2id$')).toBe(true);
    await expect(verifyPassword(hash, DEMO_PASSWORD)).resolves.toBe(true);
  });

  it('links each demo account to its organisation', async () => {
    const one = async (sql: string): Promise<Record<string, unknown>> => {
      const { rows } = await db.query(sql);
      expect(rows).toHaveLength(1);
      return rows[0] ?? {};
    };
    expect(
      await one(`SELECT a.agency_name FROM users u JOIN agencies a ON a.id = u.agency_id WHERE u.email = 'agency@demo.test'`),
    ).toEqual({ agency_name: 'Sunrise Installers' });
    expect(
      await one(`SELECT e.email, a.agency_name FROM users u JOIN electricians e ON e.id = u.electrician_id
                 JOIN agencies a ON a.id = e.agency_id WHERE u.email = 'electrician@demo.test'`),
    ).toEqual({ email: 'electrician@demo.test', agency_name: 'Sunrise Installers' });
    expect(
      await one(`SELECT c.company_name FROM users u JOIN multi_site_companies c ON c.id = u.company_id
                 WHERE u.email = 'mscc@demo.test'`),
    ).toEqual({ company_name: 'Northbridge Aged Care Group' });
    expect(
      await one(`SELECT m.email, (m.company_id = u.company_id) AS same_company,
                        (SELECT count(*) FROM site_manager_sites s WHERE s.site_manager_id = m.id) AS sites,
                        (SELECT count(*) FROM devices d JOIN site_manager_sites s ON s.site_id = d.site_id
                         WHERE s.site_manager_id = m.id) > 0 AS has_devices
                 FROM users u JOIN site_managers m ON m.id = u.site_manager_id WHERE u.email = 'sm@demo.test'`),
    ).toEqual({ email: 'sm@demo.test', same_company: true, sites: 2, has_devices: true });
    expect(
      await one(`SELECT c.email, (SELECT count(DISTINCT d.product_line) FROM devices d WHERE d.customer_id = c.id) AS lines,
                        (SELECT count(*) FROM properties p WHERE p.customer_id = c.id) AS properties
                 FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.email = 'customer@demo.test'`),
    ).toEqual({ email: 'customer@demo.test', lines: PRODUCT_LINES.length, properties: 1 });
    expect(
      await one(`SELECT c.email, m.property_id IS NOT NULL AS member FROM users u JOIN customers c ON c.id = u.customer_id
                 LEFT JOIN property_members m ON m.customer_id = c.id WHERE u.email = 'user@demo.test'`),
    ).toEqual({ email: 'user@demo.test', member: true });
  });

  it('has agencies whose names overlap, each with agents, electricians and a sign-in', async () => {
    const { rows } = await db.query<{ agency_name: string; agents: number; electricians: number; users: number }>(
      `SELECT a.agency_name,
              (SELECT count(*) FROM agents g WHERE g.agency_id = a.id) AS agents,
              (SELECT count(*) FROM electricians e WHERE e.agency_id = a.id) AS electricians,
              (SELECT count(*) FROM users u WHERE u.agency_id = a.id AND u.user_type = 'Agency') AS users
       FROM agencies a WHERE a.agency_name LIKE 'Sunrise Installers%' ORDER BY a.agency_name`,
    );
    expect(rows).toEqual([
      { agency_name: 'Sunrise Installers', agents: 3, electricians: 3, users: 1 },
      { agency_name: 'Sunrise Installers West', agents: 3, electricians: 3, users: 1 },
    ]);
    const total = await db.query<{ n: number }>('SELECT count(*) AS n FROM agencies');
    expect(total.rows[0]?.n).toBe(AGENCIES.length);
  });

  it('gives customers Australian properties with the spec property types', async () => {
    const { rows } = await db.query<{ state: string; property_type: string; address_type: string; postal_code: string }>(
      'SELECT state, property_type, address_type, postal_code FROM properties',
    );
    expect(rows.length).toBeGreaterThan(30);
    for (const p of rows) {
      expect(['NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'ACT']).toContain(p.state);
      expect(p.postal_code).toMatch(/^\d{4}$/);
      expect(['residential', 'commercial']).toContain(p.address_type);
    }
    expect(new Set(rows.map((p) => p.state)).size).toBeGreaterThan(4);
  });

  it('tops up to a larger size without touching the devices already there', async () => {
    const first = await db.query<{ id: number; serial_number: string }>('SELECT id, serial_number FROM devices ORDER BY id');
    await expect(seedDemoFleet(db, { devices: 260 })).resolves.toEqual({ seeded: true });
    const after = await db.query<{ id: number; serial_number: string }>('SELECT id, serial_number FROM devices ORDER BY id');
    expect(after.rows).toHaveLength(260);
    expect(after.rows.slice(0, 200)).toEqual(first.rows);
    const users = await db.query<{ n: number }>("SELECT count(*) AS n FROM users WHERE email LIKE '%@demo.test'");
    expect(users.rows[0]?.n).toBe(DEMO_ACCOUNTS.length);
    const state = await db.query<{ devices: number }>("SELECT devices FROM seed_state WHERE name = 'demo'");
    expect(state.rows[0]?.devices).toBe(260);
  });
});
