/**
 * The demo fleet's fixed rows (seed/index.ts): organisations, people, demo accounts, tariffs'
 * plans, written from ./data.ts; and the ids the generated rows refer to.
 */
import { surveyData } from '../modules/customers/survey';
import type { Db } from '../db';
import { seedDemoTariffs } from './tariffs';
import { AGENCIES, AGENT_NAMES, AGGREGATORS, COMPANIES, DISTRIBUTORS, ELECTRICIAN_NAMES, HEAT_PUMP_MODELS, LOCALITIES, PARTNERS, RETAILERS, SLIDES, STREETS } from './data';

export interface Refs {
  agencyIds: number[];
  /** 3 agents per agency, in agency order. */
  agentIds: number[];
  /** 3 electricians per agency, in agency order. */
  electricianIds: number[];
  siteIds: number[];
  siteCompanyIds: number[];
  /** Agency slot (0-based index into AGENCIES) serving each site. */
  siteAgencySlots: number[];
  modelIds: number[];
}

async function insertId(db: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  const row = rows[0];
  if (!row) throw new Error(`seed: no id returned by ${sql.slice(0, 60)}`);
  return row.id;
}

const lowerDot = (first: string, last: string): string => `${first}.${last}`.toLowerCase();

export async function seedBase(db: Db, passwordHash: string): Promise<void> {
  const aggregatorIds: number[] = [];
  for (const name of AGGREGATORS) {
    aggregatorIds.push(await insertId(db, 'INSERT INTO aggregators (name) VALUES ($1)', [name]));
  }

  const agencyIds: number[] = [];
  for (const a of AGENCIES) {
    agencyIds.push(
      await insertId(
        db,
        `INSERT INTO agencies (agency_name, email, postcode, contact_first_name, contact_last_name, contact, abn_no,
           country, state, city, street_address, status, flows, device_type, email_notification, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'Australia', $8, $9, $10, $11, $12, $13, $14,
           timestamptz '2021-02-01 09:00:00+00', timestamptz '2021-02-01 09:00:00+00')`,
        [a.agency_name, a.email, a.postcode, a.contact_first_name, a.contact_last_name, a.contact, a.abn_no, a.state,
          a.city, a.street_address, a.status, a.flows, a.device_type, a.status === 'Active'],
      ),
    );
  }

  // Three installation agents per agency.
  for (let s = 0; s < AGENCIES.length; s += 1) {
    for (let j = 0; j < 3; j += 1) {
      const [first, last] = AGENT_NAMES[s * 3 + j] ?? ['Agent', `No${s * 3 + j}`];
      await db.query(
        `INSERT INTO agents (agency_id, first_name, last_name, email, phone, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, timestamptz '2021-03-01 09:00:00+00' + $7 * interval '1 day')`,
        [agencyIds[s], first, last, `${lowerDot(first, last)}@agents.example.com`, `04${String(12345670 + s * 3 + j)}`,
          j === 2 && s === 0 ? 'In-Active' : 'Active', s * 3 + j],
      );
    }
  }

  // Three electricians per agency, then a few independent ones; two field workers each.
  const electricianIds: number[] = [];
  for (let e = 0; e < ELECTRICIAN_NAMES.length; e += 1) {
    const [first, last] = ELECTRICIAN_NAMES[e] ?? ['Electrician', `No${e}`];
    const slot = e < AGENCIES.length * 3 ? Math.floor(e / 3) : null;
    const [city, state, postcode] = LOCALITIES[(e * 5) % LOCALITIES.length] ?? ['Sydney', 'NSW', '2000'];
    const email = e === 0 ? 'electrician@demo.test' : `${lowerDot(first, last)}@sparks.example.com`;
    const id = await insertId(
      db,
      `INSERT INTO electricians (agency_id, first_name, last_name, email, phone_no, address, company_name, abn_number,
         eid, aggregator_id, city, postcode, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         timestamptz '2021-04-01 09:00:00+00' + $14 * interval '3 days', timestamptz '2021-04-01 09:00:00+00' + $14 * interval '3 days')`,
      [slot === null ? null : agencyIds[slot], first, last, email, `04${String(22345670 + e)}`,
        `${10 + e} ${STREETS[e % STREETS.length]} Street, ${city} ${state} ${postcode}`, `${last} Electrical`,
        String(51000000000 + e * 7919), `EL${String(100200 + e)}`, aggregatorIds[e % aggregatorIds.length], city,
        postcode, state, e],
    );
    electricianIds.push(id);
    if (slot !== null) {
      for (let w = 0; w < 2; w += 1) {
        const [wf, wl] = AGENT_NAMES[(e * 2 + w + 5) % AGENT_NAMES.length] ?? ['Field', 'Worker'];
        await db.query(
          `INSERT INTO electrician_agents (electrician_id, first_name, last_name, email, phone, created_at)
           VALUES ($1, $2, $3, $4, $5, timestamptz '2021-06-01 09:00:00+00' + $6 * interval '2 days')`,
          [id, wf, wl, `${lowerDot(wf, wl)}.${e}${w}@fieldwork.example.com`, `04${String(32345670 + e * 2 + w)}`, e * 2 + w],
        );
      }
    }
  }

  for (const m of HEAT_PUMP_MODELS) {
    await db.query('INSERT INTO heat_pump_models (model_name, capacity_litres, description) VALUES ($1, $2, $3)', [
      m.model_name, m.capacity_litres, m.description,
    ]);
  }

  // Multi-site companies, their sites, site managers and contacts.
  let companyIdDemo = 0;
  let siteManagerIdDemo = 0;
  for (let c = 0; c < COMPANIES.length; c += 1) {
    const co = COMPANIES[c];
    if (!co) continue;
    const companyId = await insertId(
      db,
      `INSERT INTO multi_site_companies (company_name, company_address, contact_person_email, created_by_agency_id)
       VALUES ($1, $2, $3, $4)`,
      [co.company_name, co.company_address, co.contact_person_email, agencyIds[co.agencySlots[0] ?? 0]],
    );
    if (c === 0) companyIdDemo = companyId;
    for (const slot of co.agencySlots) {
      await db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2)', [
        companyId, agencyIds[slot],
      ]);
    }
    for (const [first, last, email, phone] of co.contacts) {
      await db.query(
        'INSERT INTO multi_site_contacts (company_id, first_name, last_name, email, contact_no) VALUES ($1, $2, $3, $4, $5)',
        [companyId, first, last, email, phone],
      );
    }
    const siteIds: number[] = [];
    for (let s = 0; s < co.sites.length; s += 1) {
      const site = co.sites[s];
      const manager = co.managers[s < 2 ? 0 : 1];
      if (!site || !manager) continue;
      siteIds.push(
        await insertId(
          db,
          `INSERT INTO sites (company_id, site_name, site_address, site_manager_name, site_manager_email)
           VALUES ($1, $2, $3, $4, $5)`,
          [companyId, site.site_name, site.site_address, `${manager[0]} ${manager[1]}`, manager[2]],
        ),
      );
    }
    for (let m = 0; m < co.managers.length; m += 1) {
      const [first, last, email] = co.managers[m] ?? ['Site', 'Manager', `manager${c}${m}@example.com`];
      const managerId = await insertId(
        db,
        'INSERT INTO site_managers (company_id, first_name, last_name, email) VALUES ($1, $2, $3, $4)',
        [companyId, first, last, email],
      );
      if (c === 0 && m === 0) siteManagerIdDemo = managerId;
      // Manager 0 runs the first two sites, manager 1 the rest.
      for (const siteId of m === 0 ? siteIds.slice(0, 2) : siteIds.slice(2)) {
        await db.query('INSERT INTO site_manager_sites (site_manager_id, site_id) VALUES ($1, $2)', [managerId, siteId]);
      }
    }
  }

  for (const [name, top] of RETAILERS) {
    await db.query('INSERT INTO electricity_retailers (retailer_name, is_top_listed) VALUES ($1, $2)', [name, top]);
  }
  const distributorIds: number[] = [];
  const structureIds: number[] = [];
  for (const d of DISTRIBUTORS) {
    const companyId = await insertId(db, 'INSERT INTO tariff_companies (company_name, post_codes) VALUES ($1, $2)', [
      d.company_name, d.post_codes,
    ]);
    distributorIds.push(companyId);
    structureIds.push(
      await insertId(
        db,
        `INSERT INTO tariff_structures (company_id, type, is_flat_rate, flat_rate, seasons, tariff_plan)
         VALUES ($1, 'Flat Rate', true, 0.3150, '[]'::jsonb, '[]'::jsonb)`,
        [companyId],
      ),
    );
    await db.query(
      `INSERT INTO tariff_structures (company_id, type, is_flat_rate, seasons, tariff_plan) VALUES ($1, 'Time of Use', false, $2::jsonb, $3::jsonb)`,
      [companyId, JSON.stringify(timeOfUseSeasons()), JSON.stringify(timeOfUsePlan())],
    );
  }
  await seedDemoTariffs(db);
  for (const p of PARTNERS) {
    await db.query('INSERT INTO partners (name, email, phone, website) VALUES ($1, $2, $3, $4)', [
      p.name, p.email, p.phone, p.website,
    ]);
  }
  for (const s of SLIDES) {
    await db.query('INSERT INTO sliders (product_key, name, link) VALUES ($1, $2, $3)', [s.product_key, s.name, s.link]);
  }

  // The demo customer (k = 0 for the generator) and the demo "User", a member of the same home.
  const demoAgency = agencyIds[0];
  const customerId = await insertId(
    db,
    `INSERT INTO customers (agency_id, email, first_name, last_name, phone_no, status, auto_sync, weekly_report,
       created_at, updated_at)
     VALUES ($1, 'customer@demo.test', 'Chris', 'Demo', '0412345678', 'Completed', true, true,
       timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [demoAgency],
  );
  const propertyId = await insertId(
    db,
    `INSERT INTO properties (customer_id, agency_id, property_name, property_type, address_type, street_number, street,
       street_type, city, state, postal_code, nmi, property_updated, created_at, updated_at)
     VALUES ($1, $2, 'Home', 'House', 'residential', '12', 'Wattle', 'Street', 'Parramatta', 'NSW', '2150',
       '4102345678', true, timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [customerId, demoAgency],
  );
  await db.query(
    `INSERT INTO customer_tariff_details (property_id, tariff_structure_id, electricity_retailer_id, company_id,
       gst_include, supply_charge, impulse_rate, impulse_rate_type, unit_charge, is_flat_rate, tariff_structure_type,
       rates_updated, created_at, updated_at)
     VALUES ($1, $2, (SELECT id FROM electricity_retailers ORDER BY id LIMIT 1), $3, 1, 1.0520, 1000, 'imp/kWh',
       0.3150, true, 'Flat Rate', true, timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [propertyId, structureIds[1], distributorIds[1]],
  );
  await db.query('UPDATE properties SET survey_data = $2::jsonb WHERE id = $1', [
    propertyId,
    JSON.stringify(
      surveyData(
        { occupants: '3', air_conditioner: 'Yes', air_conditioner_type: 'Split system', air_conditioner_units: '2', air_conditioner_kw: '7.1', pool_pump: 'No', solar: '5 to 10 kW', solar_battery: 'No' },
        {},
      ),
    ),
  ]);
  // the demo customer's app: syncs and reports for a month, and its feedback on each
  await db.query(
    `INSERT INTO customer_sync_events (customer_id, sync_type, status, detail, created_at)
     SELECT $1, t, CASE WHEN w = 0 THEN 'enabled' WHEN w = 3 THEN 'failed' ELSE 'success' END,
            CASE WHEN w = 0 THEN NULL WHEN w = 3 THEN CASE t WHEN 'auto_sync' THEN 'The display did not answer' ELSE 'The report mail bounced' END
                 ELSE CASE t WHEN 'auto_sync' THEN 'Readings synced' ELSE 'Weekly report sent' END END,
            timestamptz '2022-03-15 08:00:00+00' + w * interval '7 days'
     FROM unnest(ARRAY['auto_sync', 'weekly_report']) AS t, generate_series(0, 4) AS w`,
    [customerId],
  );
  await db.query(
    `INSERT INTO customer_feedback (customer_id, sync_type, rating, comment, created_at) VALUES
       ($1, 'survey', 5, 'Great service from the installer', timestamptz '2022-03-16 09:00:00+00'),
       ($1, 'auto_sync', 4, 'The app shows my usage clearly', timestamptz '2022-03-29 09:00:00+00'),
       ($1, 'weekly_report', 3, 'The report arrived late', timestamptz '2022-04-05 09:00:00+00')`,
    [customerId],
  );
  await db.query('INSERT INTO seed_customers (k, customer_id, property_id, agency_slot) VALUES (0, $1, $2, 0)', [
    customerId, propertyId,
  ]);
  const memberCustomerId = await insertId(
    db,
    `INSERT INTO customers (agency_id, email, first_name, last_name, phone_no, status, created_at, updated_at)
     VALUES ($1, 'user@demo.test', 'Jordan', 'Demo', '0412345679', 'Completed',
       timestamptz '2022-04-02 05:00:00+00', timestamptz '2022-04-02 05:00:00+00')`,
    [demoAgency],
  );
  await db.query(
    `INSERT INTO property_members (property_id, customer_id, email, first_name, last_name, phone_no, created_at)
     VALUES ($1, $2, 'user@demo.test', 'Jordan', 'Demo', '0412345679', timestamptz '2022-04-02 05:00:00+00')`,
    [propertyId, memberCustomerId],
  );

  // Sign-ins: the seven demo accounts, and one for every other agency (tenant tests sign in as them).
  const users: Array<[string, string, string, string, Partial<Record<string, number>>]> = [
    ['admin@demo.test', 'Admin', 'Alex', 'Morgan', {}],
    ['agency@demo.test', 'Agency', 'Sarah', 'Mitchell', { agency_id: demoAgency }],
    ['electrician@demo.test', 'Electrician', 'Ben', 'Carter', { electrician_id: electricianIds[0], agency_id: demoAgency }],
    ['mscc@demo.test', 'mscc', 'Fiona', 'Grant', { company_id: companyIdDemo }],
    ['sm@demo.test', 'sm', 'Helen', 'Carmody', { site_manager_id: siteManagerIdDemo, company_id: companyIdDemo }],
    ['customer@demo.test', 'Customer', 'Chris', 'Demo', { customer_id: customerId }],
    ['user@demo.test', 'User', 'Jordan', 'Demo', { customer_id: memberCustomerId }],
  ];
  for (let s = 1; s < AGENCIES.length; s += 1) {
    const a = AGENCIES[s];
    if (a) users.push([a.email, 'Agency', a.contact_first_name, a.contact_last_name, { agency_id: agencyIds[s] }]);
  }
  for (const [email, type, first, last, links] of users) {
    await db.query(
      `INSERT INTO users (email, password_hash, user_type, first_name, last_name, phone_no, email_verified_at,
         agency_id, electrician_id, company_id, site_manager_id, customer_id)
       VALUES ($1, $2, $3, $4, $5, $6, timestamptz '2024-01-01 00:00:00+00', $7, $8, $9, $10, $11)`,
      [email, passwordHash, type, first, last, type === 'mscc' ? '0294561200' : null, links.agency_id ?? null,
        links.electrician_id ?? null, links.company_id ?? null, links.site_manager_id ?? null, links.customer_id ?? null],
    );
  }
}

function timeOfUseSeasons(): unknown[] {
  const day = {
    peak: [{ startTime: '14:00', endTime: '20:00', name: 'peak' }],
    offPeak: [{ startTime: '22:00', endTime: '07:00', name: 'offPeak' }],
    shoulder: [
      { startTime: '07:00', endTime: '14:00', name: 'shoulder' },
      { startTime: '20:00', endTime: '22:00', name: 'shoulder' },
    ],
    other: [],
  };
  return [{ season_id: 1, from: '2026-01-01', to: '2026-12-31', same_as_weekdays: 1, weekdays: day, weekends: day }];
}

function timeOfUsePlan(): unknown[] {
  return [
    { key: 'peak', load_type_key: 'general', unit_charge: 0.5412 },
    { key: 'shoulder', load_type_key: 'general', unit_charge: 0.2875 },
    { key: 'offPeak', load_type_key: 'general', unit_charge: 0.1893 },
  ];
}

export async function loadRefs(db: Db): Promise<Refs> {
  const ids = async (sql: string): Promise<number[]> =>
    (await db.query<{ id: number }>(sql)).rows.map((r) => r.id);
  const agencyIds: number[] = [];
  for (const a of AGENCIES) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM agencies WHERE lower(email) = lower($1)', [a.email]);
    if (!rows[0]) throw new Error(`seed: agency ${a.agency_name} is missing`);
    agencyIds.push(rows[0].id);
  }
  const agentIds: number[] = [];
  const electricianIds: number[] = [];
  for (const agencyId of agencyIds) {
    const agents = (await db.query<{ id: number }>('SELECT id FROM agents WHERE agency_id = $1 ORDER BY id LIMIT 3', [agencyId])).rows;
    const elecs = (await db.query<{ id: number }>('SELECT id FROM electricians WHERE agency_id = $1 ORDER BY id LIMIT 3', [agencyId])).rows;
    if (agents.length < 3 || elecs.length < 3) throw new Error('seed: every agency needs three agents and three electricians');
    agentIds.push(...agents.map((r) => r.id));
    electricianIds.push(...elecs.map((r) => r.id));
  }
  const sites = (
    await db.query<{ id: number; company_id: number; company_name: string }>(
      `SELECT s.id, s.company_id, c.company_name FROM sites s JOIN multi_site_companies c ON c.id = s.company_id
       WHERE c.company_name = ANY($1::text[]) ORDER BY s.id`,
      [COMPANIES.map((c) => c.company_name)],
    )
  ).rows;
  const siteAgencySlots = sites.map((s, i) => {
    const co = COMPANIES.find((c) => c.company_name === s.company_name);
    const slots = co?.agencySlots ?? [0];
    return slots[i % slots.length] ?? 0;
  });
  return {
    agencyIds,
    agentIds,
    electricianIds,
    siteIds: sites.map((s) => s.id),
    siteCompanyIds: sites.map((s) => s.company_id),
    siteAgencySlots,
    modelIds: await ids('SELECT id FROM heat_pump_models ORDER BY id'),
  };
}
