/**
 * Creating a rollout at fleet size (docs/rollouts.md, Creation; migration 0029). The add freezes the
 * chosen devices in one pass (bitmasks of 64 device ids, `rollout_members`) and sets each wave's counts
 * from their total, so its answer and the info are exact at once. Each device's place and its
 * rollout_devices row come after: the places in one pass (`rollout_places`, the stratified order), then
 * the rows in position order, so the first wave is written first. A wave dispatches only once its rows
 * are all written (`rollout_waves.unwritten` = 0). Small rollouts do all of it inside the add.
 */
import type { RolloutWaveInput } from '@fleet/contract';
import type { Db } from '../../db';
import { ISO } from '../../server/sql';
import { chosenDevices, otherRollouts, takenCondition, waveEnds, type ChoiceInput } from './plan';

export const creationLimits = {
  /** Up to this many devices, the add writes the places and rows itself (its list is complete at once). */
  writtenAtAdd: 10_000,
  /** Rows written per transaction: short enough that PGlite's one connection serves calls in between. */
  rowsPerBatch: 20_000,
};

/** How many of a rollout's devices have no row yet. */
interface Progress {
  unwritten: number;
}

/**
 * Freezes the devices a rollout takes (chosen, not excluded) and writes its waves with their counts.
 * Answers how many devices the rollout reaches (its last wave's end).
 */
export async function freezeDevices(db: Db, rolloutId: number, input: ChoiceInput, waves: RolloutWaveInput[], now: Date): Promise<number> {
  const c = chosenDevices(input, now, await otherRollouts(db));
  const id = c.params.add(rolloutId);
  // one statement over a million rows: compiling it (PostgreSQL's JIT) cost more than it saved
  await db.query("SELECT set_config('jit', 'off', true)");
  // one read of the chosen devices: their words, and how many they are (the words' bits counted)
  const { rows } = await db.query<{ n: number }>(
    `WITH words AS (
       SELECT d.id >> 6 AS word, bit_or(1::bigint << (d.id & 63)::int) AS bits
         ${c.from} AND ${takenCondition(c)}
        GROUP BY d.id >> 6
     ), frozen AS (
       INSERT INTO rollout_members (rollout_id, word, bits) SELECT ${id}, word, bits FROM words
     )
     SELECT coalesce(sum(bit_count(bits::bit(64))), 0)::int AS n FROM words`,
    c.params.values,
  );
  const ends = waveEnds(waves, rows[0]?.n ?? 0);
  const sizes = ends.map((end, i) => end - (i === 0 ? 0 : (ends[i - 1] ?? 0)));
  await db.query(
    `INSERT INTO rollout_waves (rollout_id, wave, percent, count, approval, devices, queued, unwritten)
     SELECT $1, w - 1, x.percent, x.count, x.approval, x.devices, x.devices, x.devices
       FROM unnest($2::numeric[], $3::int[], $4::boolean[], $5::int[]) WITH ORDINALITY AS x(percent, count, approval, devices, w)`,
    [rolloutId, waves.map((w) => w.percent ?? null), waves.map((w) => w.count ?? null), waves.map((w) => w.approval ?? false), sizes],
  );
  return ends.at(-1) ?? 0;
}

async function progressOf(db: Db, rolloutId: number): Promise<Progress> {
  const { rows } = await db.query<Progress>(
    'SELECT coalesce(sum(unwritten), 0)::int AS unwritten FROM rollout_waves WHERE rollout_id = $1',
    [rolloutId],
  );
  return rows[0] ?? { unwritten: 0 };
}

/**
 * Each frozen device's place, in one statement: its rank inside its stratum (its site, else its
 * company, else its agency) by a stable hash of the rollout and device ids, spread over the whole order
 * ((rank - 0.5) / stratum size), so every stratum has its share in every wave and a canary wave is not
 * one customer. Devices past the last wave's end are not in the rollout: they leave the frozen set. A
 * device deleted since the add gets no place: it counts as cancelled, in the last waves.
 */
async function placeDevices(db: Db, rolloutId: number, aborted: boolean): Promise<void> {
  const { rows } = await db.query<{ ends: number[] }>(
    'SELECT coalesce(array_agg(s.upto ORDER BY s.wave), ARRAY[]::int[]) AS ends FROM (SELECT wave, (sum(devices) OVER (ORDER BY wave))::int AS upto FROM rollout_waves WHERE rollout_id = $1) s',
    [rolloutId],
  );
  const ends = rows[0]?.ends ?? [];
  const reached = ends.at(-1) ?? 0;
  // the two sorts of a million rows in memory, not on disk (this transaction only); the words' size
  // known, so the devices are joined to them by hash rather than looked up one by one
  await db.query("SELECT set_config('work_mem', '256MB', true)");
  await db.query('ANALYZE rollout_members');
  // the stratum as (kind, id) integers: a sort of a million text keys by the collation took seconds
  const placed = await db.query(
    `WITH e AS MATERIALIZED (
       SELECT d.id, d.firmware_version, fleet_state_zone(pr.state) AS zone,
              CASE WHEN d.site_id IS NOT NULL THEN 1 WHEN d.company_id IS NOT NULL THEN 2 WHEN d.agency_id IS NOT NULL THEN 3 ELSE 4 END AS kind,
              coalesce(d.site_id, d.company_id, d.agency_id, 0) AS stratum,
              hashint8extended(d.id, $1::bigint) AS h
         FROM devices d
         JOIN rollout_members m ON m.rollout_id = $1 AND m.word = d.id >> 6 AND (m.bits >> (d.id & 63)::int) & 1 = 1
         LEFT JOIN properties pr ON pr.id = d.property_id
     ), ranked AS (
       SELECT e.*, row_number() OVER (PARTITION BY kind, stratum ORDER BY h, id) AS k, count(*) OVER (PARTITION BY kind, stratum) AS n FROM e
     ), placed AS (
       SELECT ranked.*, (row_number() OVER (ORDER BY (k::float8 - 0.5) / n, h, id) - 1)::int AS pos FROM ranked
     )
     INSERT INTO rollout_places (rollout_id, position, device_id, wave, time_zone, from_version)
     SELECT $1, pos, id, width_bucket(pos, $2::int[]), zone, firmware_version FROM placed WHERE pos < $3`,
    [rolloutId, ends, reached],
  );
  if (placed.rowCount < reached) {
    // deleted since the add: cancelled (an aborted rollout counted them cancelled already)
    await db.query(
      `UPDATE rollout_waves w
          SET queued = w.queued - CASE WHEN $2 THEN 0 ELSE w.unwritten - x.n END,
              cancelled = w.cancelled + CASE WHEN $2 THEN 0 ELSE w.unwritten - x.n END,
              unwritten = x.n
         FROM (SELECT v.wave, count(p.position)::int AS n FROM rollout_waves v LEFT JOIN rollout_places p ON p.rollout_id = v.rollout_id AND p.wave = v.wave
                WHERE v.rollout_id = $1 GROUP BY v.wave) x
        WHERE w.rollout_id = $1 AND w.wave = x.wave AND w.unwritten <> x.n`,
      [rolloutId, aborted],
    );
  }
  // the list's total for a from_version filter (0044): the placed devices per wave and version, once
  await db.query(
    `INSERT INTO rollout_version_counts (rollout_id, wave, from_version, devices)
     SELECT $1, wave, from_version, count(*)::int FROM rollout_places WHERE rollout_id = $1 GROUP BY wave, from_version`,
    [rolloutId],
  );
  // the frozen set is what is not written yet: the placed devices only
  await db.query('DELETE FROM rollout_members WHERE rollout_id = $1', [rolloutId]);
  await db.query(
    `INSERT INTO rollout_members (rollout_id, word, bits)
     SELECT $1, device_id >> 6, bit_or(1::bigint << (device_id & 63)::int) FROM rollout_places WHERE rollout_id = $1 GROUP BY device_id >> 6`,
    [rolloutId],
  );
  await db.query('UPDATE rollouts SET placed_at = now() WHERE id = $1', [rolloutId]);
  // fresh statistics, or each batch's range is read by a scan of every place (PGlite has no autovacuum)
  if (placed.rowCount > creationLimits.rowsPerBatch) await db.query('ANALYZE rollout_places');
}

/**
 * Writes the rows of the next `limit` places (queued; cancelled once the rollout is aborted), counts
 * them off their waves' unwritten devices and takes them out of the frozen set. Answers the progress.
 */
async function writeRows(db: Db, rolloutId: number, aborted: { at: string } | null, limit: number): Promise<Progress> {
  // the places not written yet are the ones left (each batch removes its own)
  const { rows } = await db.query<{ first: number | null }>('SELECT min(position) AS first FROM rollout_places WHERE rollout_id = $1', [rolloutId]);
  const first = rows[0]?.first ?? null;
  if (first === null) throw new Error(`rollout ${rolloutId}: devices counted unwritten have no place`);
  const range = [rolloutId, first, first + limit];
  const inRange = 'rollout_id = $1 AND position >= $2 AND position < $3';
  await db.query(
    // with the device's serial, MAC and version's key now, the list's sort keys (0047): from its OTA row of the
    // rollout's device type, the row the list joins (none when the device has left the line since): one
    // probe of its key per place, so a batch of 20,000 never reads the whole line's OTA rows
    `INSERT INTO rollout_devices (rollout_id, device_id, wave, position, time_zone, from_version, state, finished_at, serial_number, mac_address, firmware_version_key)
     SELECT p.rollout_id, p.device_id, p.wave, p.position, p.time_zone, p.from_version, $4, $5::timestamptz, o.serial_number, o.mac_address, fleet_version_key(o.firmware_version)
       FROM rollout_places p JOIN rollouts r ON r.id = p.rollout_id
       LEFT JOIN LATERAL (SELECT o.serial_number, o.mac_address, o.firmware_version FROM ota_device_rows o
                           WHERE o.device_id = p.device_id AND o.device_type = r.product_line LIMIT 1) o ON true
      WHERE p.rollout_id = $1 AND p.position >= $2 AND p.position < $3`,
    [...range, aborted ? 'cancelled' : 'queued', aborted?.at ?? null],
  );
  await db.query(
    `UPDATE rollout_waves w SET unwritten = w.unwritten - x.n
       FROM (SELECT wave, count(*)::int AS n FROM rollout_places WHERE ${inRange} GROUP BY wave) x
      WHERE w.rollout_id = $1 AND w.wave = x.wave`,
    range,
  );
  await db.query(
    `UPDATE rollout_members m SET bits = m.bits & ~x.mask
       FROM (SELECT device_id >> 6 AS word, bit_or(1::bigint << (device_id & 63)::int) AS mask FROM rollout_places WHERE ${inRange} GROUP BY 1) x
      WHERE m.rollout_id = $1 AND m.word = x.word`,
    range,
  );
  await db.query(`DELETE FROM rollout_places WHERE ${inRange}`, range);
  const progress = await progressOf(db, rolloutId);
  if (progress.unwritten === 0) await db.query('DELETE FROM rollout_members WHERE rollout_id = $1', [rolloutId]);
  return progress;
}

/**
 * The device list's counts of a rollout's rows per wave and version their device runs now (0045), once
 * its rows are all written; from then on every device's version change moves them (0045's trigger, for
 * the rollouts marked here). `ota_device_rows` is locked against writes meanwhile (SHARE waits for the
 * writes in progress and holds new ones back), so every change is in this count or moves it after:
 * a change made while the count read the rows would be in neither. Counted once per rollout (6.4-10 s on
 * PGlite at 1,000,000), where counting each batch as it was written made the writing half as long again.
 */
export async function countRunningVersions(db: Db, rolloutId: number): Promise<void> {
  await db.query('LOCK TABLE ota_device_rows IN SHARE MODE');
  await db.query('SELECT fleet_count_rollout_versions($1)', [rolloutId]);
  // the rows' copied sort keys (0047): on PostgreSQL a device changed while a batch was being written
  // missed that batch's rows; PGlite runs one transaction at a time (and the pass would cost it seconds)
  if (db.kind === 'postgres') await db.query('SELECT fleet_rollout_rows_keys_refresh($1)', [rolloutId]);
}

/** The add's own path for a rollout of at most `writtenAtAdd` devices: places and rows at once, in its transaction. */
export async function writeAllRows(db: Db, rolloutId: number): Promise<void> {
  await placeDevices(db, rolloutId, false);
  await writeRows(db, rolloutId, null, creationLimits.writtenAtAdd);
  await countRunningVersions(db, rolloutId);
}

/** One step of the claimed work on a rollout whose rows are not all written, in the caller's transaction. */
async function writeStep(tx: Db, rolloutId: number): Promise<'more' | 'written' | 'done' | 'skipped'> {
  // the rollout row claims the work: another instance skips it (and writes the next batch after)
  const { rows } = await tx.query<{ state: string; placed: boolean; finished_at: string | null }>(
    `SELECT state, placed_at IS NOT NULL AS placed, ${ISO('finished_at')} AS finished_at
       FROM rollouts WHERE id = $1 FOR UPDATE SKIP LOCKED`,
    [rolloutId],
  );
  const r = rows[0];
  if (!r) return 'skipped';
  if ((await progressOf(tx, rolloutId)).unwritten === 0) return 'done';
  const aborted = r.state === 'aborted' ? { at: r.finished_at ?? new Date().toISOString() } : null;
  if (!r.placed) {
    await placeDevices(tx, rolloutId, aborted !== null);
    return 'more';
  }
  const after = await writeRows(tx, rolloutId, aborted, creationLimits.rowsPerBatch);
  if (after.unwritten > 0) return 'more';
  // up to a million new rows: fresh statistics for the claim and the device list
  await tx.query('ANALYZE rollout_devices');
  await countRunningVersions(tx, rolloutId);
  return 'written';
}

/**
 * Once this call wrote a rollout's last rows: the table's pages not yet marked all-visible are marked,
 * so that the device list's deep pages read each sort's positions from the index alone, not also each
 * row before the page from the table. PGlite has no autovacuum: without this the middle page of a
 * million took ~500 ms through the call (docs/rollouts.md "Measured"). PostgreSQL's autovacuum gets
 * there in its own time, minutes after a million inserts; meanwhile its middle pages by serial or MAC
 * took ~200 ms. Only unmarked pages are read and no index is cleaned (INDEX_CLEANUP OFF): once per
 * large rollout, not timed on its own (on PGlite holding its one thread, as a step of the writing
 * does; on PostgreSQL beside the calls). A role that does not own the table gets a warning and nothing
 * is done. VACUUM cannot run in a transaction: after the step's commit.
 */
async function markVisible(db: Db): Promise<void> {
  await db.query('VACUUM (INDEX_CLEANUP OFF) rollout_devices');
}

/**
 * Writes a rollout's places and rows, one transaction a step, until they are all written, another
 * instance holds the rollout, or `stop()` says so. Answers whether they are all written. `written`
 * runs after each step this call took has committed (the live progress: the consoles that have the
 * rollout open read its info and device list again, which fill in as the rows are written); once more
 * when it finds the rows already written by another instance, an event that repeats the counts.
 */
export async function writeRollout(
  db: Db,
  rolloutId: number,
  stop: () => boolean = () => false,
  written: () => Promise<void> = () => Promise.resolve(),
): Promise<boolean> {
  for (;;) {
    const step = await db.transaction((tx) => writeStep(tx, rolloutId));
    if (step === 'written') await markVisible(db);
    if (step !== 'skipped') await written();
    if (step !== 'more') return step === 'done' || step === 'written';
    if (stop()) return false;
    // PGlite runs each statement on this thread: let the calls waiting for it in between
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Rollouts whose rows are not all written (any state: an aborted one still writes its cancelled rows). */
export async function rolloutsBeingWritten(db: Db): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT DISTINCT rollout_id::int AS id FROM rollout_waves WHERE unwritten > 0 ORDER BY 1');
  return rows.map((r) => r.id);
}

/**
 * An abort while rows are still to be written: those devices are cancelled in the counts now (their
 * rows are written cancelled).
 */
export async function cancelUnwritten(db: Db, rolloutId: number): Promise<void> {
  await db.query('UPDATE rollout_waves SET queued = queued - unwritten, cancelled = cancelled + unwritten WHERE rollout_id = $1 AND unwritten > 0', [
    rolloutId,
  ]);
}
