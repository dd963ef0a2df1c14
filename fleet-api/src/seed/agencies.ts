/**
 * The demo fleet's agents and partners as the agencies module reads them (migration 0015): each
 * agent's installer id is the one its devices carry, its password the demo password (one agent
 * whose agency has not set one yet), and the demo partners work with some of the agencies.
 */
import type { Db } from '../db';
import { AGENCIES, PARTNERS } from './data';

/** Partner (by index of PARTNERS) and the agencies (by index of AGENCIES) it works with. */
const PARTNER_AGENCIES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [0, [0, 1, 2]],
  [1, [0, 3]],
  [2, [4, 5]],
];

export async function seedAgencyExtras(db: Db, passwordHash: string): Promise<void> {
  // The seed's installer id of an agent (the devices' installer_uuid), and the demo password.
  await db.query(
    `UPDATE agents SET password_hash = $1,
            installer_uuid = substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)
       FROM (SELECT id AS agent_id, md5('installer' || id) AS h FROM agents) m WHERE m.agent_id = agents.id`,
    [passwordHash],
  );
  // The newest agent of the second agency is waiting for its password.
  await db.query(
    `UPDATE agents SET password_hash = NULL WHERE id = (
       SELECT ag.id FROM agents ag JOIN agencies a ON a.id = ag.agency_id WHERE lower(a.email) = lower($1) ORDER BY ag.id DESC LIMIT 1)`,
    [AGENCIES[1]?.email ?? ''],
  );
  for (const [partner, agencies] of PARTNER_AGENCIES) {
    await db.query(
      `INSERT INTO partner_agencies (partner_id, agency_id, created_at)
       SELECT p.id, a.id, timestamptz '2022-06-01 09:00:00+00' FROM partners p, agencies a
        WHERE p.name = $1 AND lower(a.email) = ANY($2::text[])`,
      [PARTNERS[partner]?.name ?? '', agencies.map((i) => (AGENCIES[i]?.email ?? '').toLowerCase())],
    );
  }
}
