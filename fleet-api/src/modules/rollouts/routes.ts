/**
 * Rollout calls (issue 22, docs/rollouts.md): preview, add, list, info, devices, and the actions
 * pause, resume, approve, abort, retry-failed. Admin only, per device type, like every OTA call
 * (modules/ota/common.ts's adminOfType). A finished or aborted rollout is read only (409).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FINISHED_ROLLOUT_STATES, ROLLOUT_LIMITS, WINDOW_TIME_PATTERN, type RolloutWaveInput } from '@fleet/contract';
import { callerOf } from '../../policy/access';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../server/errors';
import { say } from '../../server/messages';
import { filterBy, listQueryProperties, ListInfoSchema, type ListSpec } from '../../server/listing';
import { IdField, RequiredText } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { afterCommit } from '../../db';
import { publishCommitted } from '../live/bus';
import { adminOfType, BodyFilter, filterText, pageOfType } from '../ota/common';
import { VersionField, type DeviceType } from '../ota/device-types';
import {
  infoOf,
  progressEvents,
  rolloutRow,
  RolloutDeviceRow,
  RolloutInfo,
  RolloutSummary,
  ROLLOUT_COLUMNS,
  summaryOf,
  sumCounts,
  waveStates,
  wavesOf,
  type RolloutRow,
  type RolloutSummaryT,
} from './model';
import { withAudit } from '../../policy/audit';
import { rolloutDevicePage } from './device-list';
import { checkChoice, checkWaves, preview, selectionOf, targetFirmware, type ChoiceInput } from './plan';
import { cancelUnwritten, creationLimits, freezeDevices, writeAllRows, writeRollout } from './creation';

const rollouts = adminOfType('OTA rollouts');

const whole = (field: string, max: number) =>
  Type.Integer({ minimum: 1, maximum: max, errorMessage: say('rollouts.positiveWhole', { field, max }) });

const Wave = Type.Object(
  {
    percent: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, errorMessage: say('rollouts.percentInvalid') })),
    count: Type.Optional(whole('waves[].count', 10_000_000)),
    approval: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);

const windowTime = (field: 'start' | 'end') => Type.String({ pattern: WINDOW_TIME_PATTERN, errorMessage: say('rollouts.windowTimeInvalid', { field }) });

/** The device choice, as preview and add take it. */
const choiceFields = {
  firmware_version: VersionField('firmware_version'),
  from_versions: Type.Optional(Type.Array(VersionField('from_versions'), { maxItems: ROLLOUT_LIMITS.fromVersionsMax })),
  group_id: Type.Optional(IdField),
  filter: BodyFilter,
  exclude_offline_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: ROLLOUT_LIMITS.offlineMinutesMax })),
  waves: Type.Array(Wave, { maxItems: ROLLOUT_LIMITS.wavesMax, errorMessage: { maxItems: say('rollouts.wavesTooMany') } }),
};

const percentField = (message: string) => Type.Number({ minimum: 0, maximum: 100, errorMessage: message });

const addFields = {
  name: RequiredText(ROLLOUT_LIMITS.nameMax, say('requests.fieldRequired', { field: 'name' }), say('rollouts.nameTooLong')),
  ...choiceFields,
  max_in_flight: whole('max_in_flight', ROLLOUT_LIMITS.maxInFlight),
  max_per_minute: whole('max_per_minute', ROLLOUT_LIMITS.maxPerMinute),
  failure_threshold_percent: percentField(say('rollouts.thresholdInvalid')),
  min_finished: whole('min_finished', ROLLOUT_LIMITS.minFinishedMax),
  timeout_minutes: whole('timeout_minutes', ROLLOUT_LIMITS.timeoutMinutesMax),
  max_device_failures: whole('max_device_failures', ROLLOUT_LIMITS.maxDeviceFailuresMax),
  fault_guard: Type.Optional(
    Type.Object(
      { hours: whole('fault_guard.hours', ROLLOUT_LIMITS.faultGuardHoursMax), points: percentField(say('rollouts.faultPointsInvalid')) },
      { additionalProperties: false },
    ),
  ),
  window: Type.Optional(Type.Object({ start: windowTime('start'), end: windowTime('end') }, { additionalProperties: false })),
};

const Preview = Type.Object({
  devices: Type.Integer({ description: 'devices the rollout reaches (its last wave)' }),
  excluded: Type.Object({ on_target: Type.Integer(), in_other_rollout: Type.Integer(), offline: Type.Integer() }),
  by_version: Type.Array(Type.Object({ version: Type.Union([Type.String(), Type.Null()]), devices: Type.Integer() })),
  by_company: Type.Array(Type.Object({ company_id: Type.Integer(), company_name: Type.String(), devices: Type.Integer() })),
  by_site: Type.Array(Type.Object({ site_id: Type.Integer(), site_name: Type.String(), company_id: Type.Integer(), devices: Type.Integer() })),
  waves: Type.Array(Type.Object({ wave: Type.Integer(), devices: Type.Integer() })),
});

const ROLLOUT_LIST: ListSpec = {
  sortable: { created_at: 'r.created_at', name: 'lower(r.name)', state: 'r.state', firmware_version: 'fleet_version_key(r.firmware_version)' },
  filters: { name: filterBy.text('r.name'), state: filterBy.multi('r.state'), firmware_version: filterBy.exact('r.firmware_version') },
};


function choiceOf(body: { deviceType: DeviceType; firmware_version: string; from_versions?: string[]; group_id?: number; filter?: unknown; exclude_offline_minutes?: number }): ChoiceInput {
  return {
    deviceType: body.deviceType,
    firmware_version: body.firmware_version,
    from_versions: body.from_versions,
    group_id: body.group_id,
    filter: filterText(body.filter),
    exclude_offline_minutes: body.exclude_offline_minutes,
  };
}

function wavesOfBody(waves: Array<Static<typeof Wave>>): RolloutWaveInput[] {
  return waves.map((w) => ({ ...(w.percent === undefined ? {} : { percent: w.percent }), ...(w.count === undefined ? {} : { count: w.count }), approval: w.approval ?? false }));
}

/** The rollout of the body's type, locked, or 404; 409 when it is over (read only). */
async function changeable(db: Db, id: number, deviceType: DeviceType): Promise<RolloutRow> {
  const r = await rolloutRow(db, id, deviceType, true);
  if (!r) throw notFound(say('rollouts.notFound'));
  if (FINISHED_ROLLOUT_STATES.includes(r.state)) throw conflict(say('rollouts.readOnly', { state: r.state }));
  return r;
}

export const rolloutRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  /** The rows being written after an add: the app waits for the batch in progress when it closes. */
  const writing = new Set<Promise<void>>();
  const toWrite = new WeakMap<object, number>();
  let closing = false;
  app.addHook('onResponse', async (request) => {
    const id = toWrite.get(request);
    if (id === undefined || closing) return;
    // outside the request's unit of work, which has committed (afterCommit starts it at once then), and
    // after the answer has gone out: PGlite runs its statements on this thread
    const publishProgress = async () => publishCommitted(ctx.live, await progressEvents(db, [id]), request.log);
    const job = afterCommit(() => new Promise<void>((resolve) => setImmediate(resolve)).then(() => writeRollout(db, id, () => closing, publishProgress))).then(
      () => undefined,
      (err: unknown) => request.log.error({ err, rollout_id: id }, 'writing the rollout rows failed'),
    );
    writing.add(job);
    void job.finally(() => writing.delete(job));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.all(writing);
  });

  /** Runs an action on a changeable rollout in one transaction, then publishes its progress. */
  async function act<T>(id: number, deviceType: DeviceType, log: { error: (obj: object, msg: string) => void }, change: (tx: Db, r: RolloutRow) => Promise<T>): Promise<T> {
    const { result, events } = await db.transaction(async (tx) => {
      const r = await changeable(tx, id, deviceType);
      const out = await change(tx, r);
      return { result: out, events: await progressEvents(tx, [id]) };
    });
    await publishCommitted(ctx.live, events, log);
    return result;
  }

  app.post(
    '/api/ota/rollout/preview',
    withAudit(rollouts.body('How many devices a rollout would reach, by version, company and site, and how many are excluded', Preview, choiceFields, 400), {
      mode: 'none',
      reason: 'a count; it changes nothing',
    }),
    async (request) => {
      const body = request.body;
      const waves = wavesOfBody(body.waves);
      checkWaves(waves);
      const input = choiceOf(body);
      await targetFirmware(db, body.deviceType, body.firmware_version);
      await checkChoice(db, input);
      const info = await preview(db, input, waves, ctx.config.now());
      return { status: true, message: say('rollouts.preview'), info };
    },
  );

  app.post(
    '/api/ota/rollout/add',
    rollouts.body('Start a rollout: waves, pace, halt conditions and window', Type.Object({ id: Type.Integer(), devices: Type.Integer() }), addFields, 400),
    async (request) => {
      const body = request.body;
      const name = body.name.trim();
      if (name === '') throw badRequest(say('requests.fieldRequired', { field: 'name' }));
      const waves = wavesOfBody(body.waves);
      checkWaves(waves);
      if (body.fault_guard && body.deviceType !== 'heat_pump') throw badRequest(say('rollouts.faultGuardHeatPumps'));
      if (body.window && body.window.start === body.window.end) throw badRequest(say('rollouts.windowEmpty'));
      const input = choiceOf(body);
      const now = ctx.config.now();
      const caller = callerOf(request);
      const { info, later, events } = await db.transaction(async (tx) => {
        const firmwareId = await targetFirmware(tx, body.deviceType, body.firmware_version);
        await checkChoice(tx, input);
        const push = await tx.query<{ id: number }>(
          `INSERT INTO ota_pushes (product_line, created_by, target_version, all_devices, device_count, created_at)
           VALUES ($1, $2, $3, false, 0, $4) RETURNING id::int AS id`,
          [body.deviceType, caller.userId, body.firmware_version, now.toISOString()],
        );
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO rollouts (product_line, name, firmware_id, firmware_version, push_id, selection, max_in_flight, max_per_minute,
             failure_threshold_percent, min_finished, timeout_minutes, max_device_failures, fault_guard, maintenance_window,
             created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id::int AS id`,
          [
            body.deviceType,
            name,
            firmwareId,
            body.firmware_version,
            push.rows[0]?.id,
            JSON.stringify(selectionOf(input)),
            body.max_in_flight,
            body.max_per_minute,
            body.failure_threshold_percent,
            body.min_finished,
            body.timeout_minutes,
            body.max_device_failures,
            body.fault_guard ? JSON.stringify(body.fault_guard) : null,
            body.window ? JSON.stringify(body.window) : null,
            caller.userId,
            now.toISOString(),
          ],
        );
        const id = rows[0]?.id ?? 0;
        // one add at a time: a device frozen by another add not yet committed would not count as taken
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('fleet_rollout_add'))");
        const devices = await freezeDevices(tx, id, input, waves, now);
        // nothing stored for a choice that reaches no device: the transaction rolls back
        if (devices === 0) throw badRequest(say('rollouts.noDevices'));
        const later = devices > creationLimits.writtenAtAdd;
        if (!later) {
          await writeAllRows(tx, id);
          // fresh statistics, or the planner reads a rollout's rows by a whole-rollout scan for every
          // change (PGlite has no autovacuum to do it)
          await tx.query('ANALYZE rollout_devices');
        }
        return { info: { id, devices }, later, events: await progressEvents(tx, [id]) };
      });
      if (later && ctx.config.rollouts.enabled) {
        // the rows follow once the answer is sent (PGlite's one connection would hold it back), the first
        // wave first; the orchestrator's tick writes what this job leaves (stopped, or FLEET_ROLLOUTS off
        // here: nothing dispatches without it anyway)
        toWrite.set(request, info.id);
      }
      await publishCommitted(ctx.live, events, request.log);
      return { status: true, message: say('rollouts.added'), info };
    },
  );

  app.get(
    '/api/ota/rollout/list',
    rollouts.query('Rollouts of a device type, newest first, with their counts per device state', ListInfoSchema(RolloutSummary), listQueryProperties, 400),
    async (request) => {
      const page = await pageOfType<RolloutRow>(db, request.query.deviceType, request.query, {
        spec: ROLLOUT_LIST,
        alias: 'r',
        from: 'rollouts r',
        columns: ROLLOUT_COLUMNS,
      });
      const waves = await wavesOf(db, page.data.map((r) => r.id));
      const data: RolloutSummaryT[] = page.data.map((r) => summaryOf(r, waves.get(r.id) ?? []));
      return { status: true, message: say('rollouts.list'), info: { ...page, data } };
    },
  );

  app.get(
    '/api/ota/rollout/info',
    rollouts.query('A rollout: its settings, state, halt reason, and counts per wave and device state', RolloutInfo, { rollout_id: IdField }, 400, 404),
    async (request) => {
      const r = await rolloutRow(db, request.query.rollout_id, request.query.deviceType);
      if (!r) throw notFound(say('rollouts.notFound'));
      const waves = (await wavesOf(db, [r.id])).get(r.id) ?? [];
      return { status: true, message: say('rollouts.info'), info: infoOf(r, waves) };
    },
  );

  app.get(
    '/api/ota/rollout/devices',
    rollouts.query('The devices of a rollout with their wave and state', ListInfoSchema(RolloutDeviceRow), { ...listQueryProperties, rollout_id: IdField }, 400, 404),
    async (request) => {
      const q = request.query;
      const r = await rolloutRow(db, q.rollout_id, q.deviceType);
      if (!r) throw notFound(say('rollouts.notFound'));
      const info = await rolloutDevicePage<Static<typeof RolloutDeviceRow>>(db, r, q);
      return { status: true, message: say('rollouts.devices'), info };
    },
  );

  const action = { rollout_id: IdField };

  app.put('/api/ota/rollout/pause', rollouts.body('Pause a running rollout (devices in flight finish)', null, action, 400, 404, 409), async (request) => {
    const at = ctx.config.now().toISOString();
    await act(request.body.rollout_id, request.body.deviceType, request.log, async (tx, r) => {
      if (r.state !== 'running') throw conflict(say('rollouts.notRunning'));
      await tx.query("UPDATE rollouts SET state = 'paused', updated_at = $2 WHERE id = $1", [r.id, at]);
    });
    return { status: true, message: say('rollouts.paused') };
  });

  app.put(
    '/api/ota/rollout/resume',
    rollouts.body('Resume a paused or halted rollout (the halt conditions count from here)', null, action, 400, 404, 409),
    async (request) => {
      const at = ctx.config.now().toISOString();
      await act(request.body.rollout_id, request.body.deviceType, request.log, async (tx, r) => {
        if (r.state !== 'paused' && r.state !== 'halted') throw conflict(say('rollouts.notPaused'));
        // the Admin accepts what finished so far: the halt conditions count the devices that finish from now
        const total = sumCounts((await wavesOf(tx, [r.id])).get(r.id) ?? []);
        const baseline = { finished: total.installed + total.failed + total.timed_out, failed: total.failed, timed_out: total.timed_out, from: at };
        await tx.query("UPDATE rollouts SET state = 'running', halt_reason = NULL, baseline = $2, updated_at = $3 WHERE id = $1", [
          r.id,
          JSON.stringify(baseline),
          at,
        ]);
      });
      return { status: true, message: say('rollouts.resumed') };
    },
  );

  app.put('/api/ota/rollout/approve', rollouts.body('Approve the wave that waits for approval', null, action, 400, 404, 409), async (request) => {
    const at = ctx.config.now().toISOString();
    const wave = await act(request.body.rollout_id, request.body.deviceType, request.log, async (tx, r) => {
      const waves = (await wavesOf(tx, [r.id])).get(r.id) ?? [];
      const states = waveStates(waves);
      const waiting = waves[states.indexOf('awaiting_approval')];
      if (!waiting) throw conflict(say('rollouts.nothingToApprove'));
      await tx.query('UPDATE rollout_waves SET approved_at = $3 WHERE rollout_id = $1 AND wave = $2', [r.id, waiting.wave, at]);
      return waiting.wave + 1;
    });
    return { status: true, message: say('rollouts.approved', { wave }) };
  });

  app.put(
    '/api/ota/rollout/abort',
    rollouts.body('Abort a rollout: queued devices are cancelled, devices in flight finish and are reported', null, action, 400, 404, 409),
    async (request) => {
      const at = ctx.config.now().toISOString();
      await act(request.body.rollout_id, request.body.deviceType, request.log, async (tx, r) => {
        await tx.query("UPDATE rollout_devices SET state = 'cancelled', finished_at = $2 WHERE rollout_id = $1 AND state = 'queued'", [r.id, at]);
        await cancelUnwritten(tx, r.id);
        await tx.query("UPDATE rollouts SET state = 'aborted', finished_at = $2, updated_at = $2 WHERE id = $1", [r.id, at]);
      });
      return { status: true, message: say('rollouts.aborted') };
    },
  );

  app.put(
    '/api/ota/rollout/retry-failed',
    rollouts.body('Queue the failed and timed-out devices again (those under max_device_failures)', Type.Object({ devices: Type.Integer() }), action, 400, 404, 409),
    async (request) => {
      const count = await act(request.body.rollout_id, request.body.deviceType, request.log, async (tx, r) => {
        const res = await tx.query(
          `UPDATE rollout_devices SET state = 'queued', job_id = NULL, dispatched_at = NULL, finished_at = NULL
            WHERE rollout_id = $1 AND state IN ('failed', 'timed_out') AND failures < $2`,
          [r.id, r.max_device_failures],
        );
        if (res.rowCount === 0) throw conflict(say('rollouts.nothingToRetry'));
        return res.rowCount;
      });
      return { status: true, message: say('rollouts.retried', { count }), info: { devices: count } };
    },
  );
};
