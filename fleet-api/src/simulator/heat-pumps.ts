/**
 * Heat pumps that live (issue 10): at a configured rate, heat pumps change their work state
 * (Off -> In Progress -> Completed -> Off), go offline or online, and now and then raise a fault.
 * Each tick writes its changes in one transaction and publishes them on the live bus, so every
 * console sees them (and every fleet-api instance, through PostgreSQL NOTIFY).
 */
import type { Db } from '../db';
import type { LiveBus } from '../modules/live/bus';
import { DEVICE_KEYS_SQL, type LiveEvent } from '../modules/live/events';
import type { DeviceKeys } from '../policy/live-scope';
import { FAULT_CODE_DRAW, FAULT_DESCRIPTIONS } from '../seed/data';
import { Ticker } from './ticker';

export interface HeatPumpSimulatorOptions {
  eventsPerSecond: number;
  tickMs?: number;
  /** Share of events that are new faults (default 1 in 100) and Wi-Fi flips (1 in 5). */
  faultShare?: number;
  onlineShare?: number;
  random?: () => number;
  /** How often the list of heat pumps is read again (new installs, removals). */
  refreshMs?: number;
}

export interface HeatPumpTick {
  workStates: number;
  online: number;
  faults: number;
}

type KeysRow = DeviceKeys;

export class HeatPumpSimulator {
  private ids: number[] = [];
  private idsAt = 0;
  private carry = 0;
  // a slow tick is not overlapped; its events are not made up later
  private readonly ticker = new Ticker(() => this.tick());
  /** Events published since start (the bench counts what clients received against it). */
  published = 0;
  private readonly tickMs: number;
  private readonly faultShare: number;
  private readonly onlineShare: number;
  private readonly random: () => number;
  private readonly refreshMs: number;

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly opts: HeatPumpSimulatorOptions,
  ) {
    this.tickMs = opts.tickMs ?? 200;
    this.faultShare = opts.faultShare ?? 0.01;
    this.onlineShare = opts.onlineShare ?? 0.2;
    this.random = opts.random ?? Math.random;
    this.refreshMs = opts.refreshMs ?? 60_000;
  }

  private async heatPumps(): Promise<number[]> {
    if (this.ids.length === 0 || Date.now() - this.idsAt > this.refreshMs) {
      const { rows } = await this.db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'heat_pump' AND device_status = 'Active' ORDER BY id");
      this.ids = rows.map((r) => r.id);
      this.idsAt = Date.now();
    }
    return this.ids;
  }

  private pick(ids: number[], n: number): number[] {
    const chosen = new Set<number>();
    for (let i = 0; i < n * 3 && chosen.size < Math.min(n, ids.length); i += 1) {
      const id = ids[Math.floor(this.random() * ids.length)];
      if (id !== undefined) chosen.add(id);
    }
    return [...chosen];
  }

  /** One tick's events: `count` of them, or what the rate gives for one tick. */
  async tick(count?: number): Promise<HeatPumpTick> {
    let n = count;
    if (n === undefined) {
      const exact = (this.opts.eventsPerSecond * this.tickMs) / 1000 + this.carry;
      n = Math.floor(exact);
      this.carry = exact - n;
    }
    if (n <= 0) return { workStates: 0, online: 0, faults: 0 };
    const ids = await this.heatPumps();
    if (ids.length === 0) return { workStates: 0, online: 0, faults: 0 };
    const chosen = this.pick(ids, n);
    const faults: number[] = [];
    const flips: number[] = [];
    const states: number[] = [];
    for (const id of chosen) {
      const r = this.random();
      if (r < this.faultShare) faults.push(id);
      else if (r < this.faultShare + this.onlineShare) flips.push(id);
      else states.push(id);
    }
    return this.raise({ workStates: states, online: flips, faults });
  }

  /**
   * Raises these heat pumps' events now, in one transaction, and publishes them: the next work state,
   * a Wi-Fi flip, a new fault (a code drawn like the field's). The tick's work; the development call
   * POST /api/dev/heat-pump-events uses it to raise one on purpose.
   */
  async raise(which: { workStates?: number[]; online?: number[]; faults?: number[] }): Promise<HeatPumpTick> {
    const states = which.workStates ?? [];
    const flips = which.online ?? [];
    const faults = which.faults ?? [];
    const codes = faults.map(() => FAULT_CODE_DRAW[Math.floor(this.random() * FAULT_CODE_DRAW.length)] ?? 'E96');
    const events: LiveEvent[] = await this.db.transaction(async (tx) => {
      const out: LiveEvent[] = [];
      const now = new Date().toISOString();
      if (states.length > 0) {
        const { rows } = await tx.query<KeysRow & { work_state: number }>(
          `UPDATE devices d SET device_operation_status = (coalesce(d.device_operation_status, 0) + 1) % 3, updated_at = $2
            WHERE d.id = ANY($1::bigint[]) AND d.product_line = 'heat_pump' RETURNING ${DEVICE_KEYS_SQL}, d.device_operation_status::int AS work_state`,
          [states, now],
        );
        const at = Date.now();
        for (const { work_state, ...device } of rows) out.push({ kind: 'work_state', at, device, work_state });
      }
      if (flips.length > 0) {
        const { rows } = await tx.query<KeysRow & { is_online: number; mac_address: string | null }>(
          `UPDATE devices d SET is_online = 1 - d.is_online, updated_at = $2
            WHERE d.id = ANY($1::bigint[]) AND d.product_line = 'heat_pump' RETURNING ${DEVICE_KEYS_SQL}, d.is_online::int AS is_online, d.mac_address`,
          [flips, now],
        );
        const at = Date.now();
        for (const { is_online, mac_address, ...device } of rows) out.push({ kind: 'online', at, device, mac_address, is_online });
      }
      if (faults.length > 0) {
        const { rows } = await tx.query<KeysRow & { fault_id: number; fault_code: string }>(
          `WITH raised AS (
             INSERT INTO faults (device_id, fault_code, fault_description, history_datetime, fault_status, created_at, updated_at)
             SELECT x.id, x.code, x.description, $4, 0, $4, $4
               FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, code, description)
               JOIN devices hp ON hp.id = x.id AND hp.product_line = 'heat_pump'
             RETURNING id, device_id, fault_code
           )
           UPDATE devices d SET fault_code = r.fault_code, updated_at = $4
             FROM raised r WHERE d.id = r.device_id
           RETURNING ${DEVICE_KEYS_SQL}, r.id::int AS fault_id, r.fault_code`,
          [faults, codes, codes.map((c) => FAULT_DESCRIPTIONS[c] ?? c), now],
        );
        const at = Date.now();
        for (const { fault_id, fault_code, ...device } of rows) out.push({ kind: 'fault', at, device, fault_id, fault_code });
      }
      await recordActivity(tx, out);
      return out;
    });
    await this.bus.publish(events);
    this.published += events.length;
    const result: HeatPumpTick = { workStates: 0, online: 0, faults: 0 };
    for (const e of events) {
      if (e.kind === 'work_state') result.workStates += 1;
      else if (e.kind === 'online') result.online += 1;
      else if (e.kind === 'fault') result.faults += 1;
    }
    return result;
  }

  start(onError: (err: unknown) => void): void {
    if (this.opts.eventsPerSecond <= 0) return;
    this.ticker.start(this.tickMs, onError);
  }

  async stop(): Promise<void> {
    await this.ticker.stop();
  }
}

/** Writes device events into the heat pumps' activity (heat_pump_events), in the caller's transaction. */
export async function recordActivity(db: Db, events: LiveEvent[]): Promise<void> {
  type ActivityRow = [number, string, string, number | null, string | null];
  const rows = events.flatMap((e): ActivityRow[] => {
    const at = new Date(e.at).toISOString();
    switch (e.kind) {
      case 'work_state':
        return [[e.device.device_id, at, 'work_state', e.work_state, null]];
      case 'online':
        return [[e.device.device_id, at, e.is_online === 1 ? 'online' : 'offline', null, null]];
      case 'fault':
        return [[e.device.device_id, at, 'fault', null, e.fault_code]];
      // resolutions write their own activity rows; the others are not a heat pump's activity
      case 'resolved':
      case 'moved':
      case 'ota':
      case 'rollout':
      case 'rollout_progress':
      case 'session':
        return [];
    }
  });
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO heat_pump_events (device_id, at, event, work_state, fault_code)
     SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::smallint[], $5::text[])`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4])],
  );
}
