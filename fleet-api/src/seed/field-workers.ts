/**
 * The demo fleet's field workers at work (issue 13): they sign in to the installer app with the demo
 * password, and about two in three of the devices an electrician with field workers installed were
 * installed by one of them (drawn from the device id, so the same fleet gets the same answer). Only
 * devices without a field worker are touched, so a top-up assigns just its new devices.
 */
import type { Db } from '../db';

export async function seedFieldWorkers(db: Db, passwordHash: string): Promise<void> {
  await db.query('UPDATE electrician_agents SET password_hash = $1 WHERE password_hash IS NULL', [passwordHash]);
  await db.query(
    `WITH teams AS (SELECT electrician_id, array_agg(id ORDER BY id) AS ids FROM electrician_agents GROUP BY electrician_id)
     UPDATE devices d SET electrician_agent_id = t.ids[1 + fleet_seed_h(d.id, 52) % cardinality(t.ids)]
       FROM teams t
      WHERE t.electrician_id = d.electrician_id AND d.electrician_agent_id IS NULL AND fleet_seed_h(d.id, 51) % 3 <> 0`,
  );
}
