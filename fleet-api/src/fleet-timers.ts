/**
 * The timers that do the fleet's own work, once per fleet however many instances serve it (issue 25,
 * server/singleton.ts, docs/deploy.md "One of each, and live after a gap"):
 * - the simulators and the rollout orchestrator tick every few seconds on the one instance holding
 *   their lock (`Singleton`); the others take over within SINGLETON_RETRY_MS when it dies;
 * - the hourly heat-pump history and the ten-minute housekeeping are scheduled by every instance and
 *   run once per hour / ten minutes between them (`onceInPeriod`): a run is short and idempotent, so a
 *   lock held between runs would only delay the next one after its holder died.
 * The outbox sender is not here: every instance may send, its rows are claimed with SKIP LOCKED.
 * Each instance's live sockets (modules/live/hub.ts) keep their own timers.
 */
import type { AppContext } from './server/context';
import { onceInPeriod, Singleton, type SingletonOptions } from './server/singleton';
import { OtaSimulator } from './simulator/simulator';
import { HeatPumpSimulator } from './simulator/heat-pumps';
import { RolloutOrchestrator } from './modules/rollouts/orchestrator';
import { pruneAuthState } from './modules/auth/housekeeping';
import { pruneActivity } from './modules/faults/activity';
import { recordDay } from './modules/nms/history';

const MINUTE = 60 * 1000;
export const HISTORY_EVERY_MS = 60 * MINUTE;
export const HOUSEKEEPING_EVERY_MS = 10 * MINUTE;

export interface TimerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FleetTimers {
  /** The simulators' lock; null when FLEET_SIMULATOR is off. */
  simulator: Singleton | null;
  /** The rollout orchestrator's lock; null when FLEET_ROLLOUTS is off. */
  orchestrator: Singleton | null;
  /** Today's history now, unless another instance recorded it this hour (answers whether it ran here). */
  recordHistory(): Promise<boolean>;
  /** Old sign-in state and heat-pump activity, unless another instance pruned them these ten minutes. */
  housekeeping(): Promise<boolean>;
  /** Stops every timer and waits for their runs in progress; the locks go with it. */
  stop(): Promise<void>;
}

export interface FleetTimerOptions {
  log: TimerLog;
  /** How often a lock is tried again (SINGLETON_RETRY_MS); tests drive `check()` instead. */
  retryMs?: number;
  /** false: no interval for the history and housekeeping (tests call them). */
  periodic?: boolean;
}

/** Starts the fleet's timers on this instance (main.ts; tests start two on one PostgreSQL). */
export async function startFleetTimers(ctx: AppContext, opts: FleetTimerOptions): Promise<FleetTimers> {
  const { db, config, live, instanceId } = ctx;
  const { log } = opts;
  const lockOptions = (what: string): SingletonOptions => ({
    instanceId,
    retryMs: opts.retryMs,
    onError: (err) => log.error({ err }, `${what}: its lock could not be checked`),
    onChange: (holding) => log.info({ instanceId }, holding ? `${what} runs on this instance` : `${what} stopped on this instance`),
  });

  let simulator: Singleton | null = null;
  if (config.simulator.enabled) {
    const ota = new OtaSimulator(db, { bus: live });
    const heatPumps = new HeatPumpSimulator(db, live, { eventsPerSecond: config.simulator.heatPumpEventsPerSecond });
    simulator = new Singleton(
      db,
      'simulator',
      {
        start: () => {
          ota.start(config.simulator.intervalMs, config.now, (err) => log.error({ err }, 'OTA simulator tick failed'));
          heatPumps.start((err) => log.error({ err }, 'heat-pump simulator tick failed'));
        },
        stop: async () => {
          await ota.stop();
          await heatPumps.stop();
        },
      },
      lockOptions('the simulator'),
    );
  }
  let orchestrator: Singleton | null = null;
  if (config.rollouts.enabled) {
    const rollouts = new RolloutOrchestrator(db, live);
    orchestrator = new Singleton(
      db,
      'rolloutOrchestrator',
      {
        start: () => rollouts.start(config.rollouts.intervalMs, config.now, (err) => log.error({ err }, 'rollout orchestrator tick failed')),
        stop: () => rollouts.stop(),
      },
      lockOptions('the rollout orchestrator'),
    );
  }

  const recordHistory = () => {
    const now = config.now();
    return onceInPeriod(db, 'heatPumpHistory', { periodMs: HISTORY_EVERY_MS, now, instanceId }, (tx) => recordDay(tx, now));
  };
  const housekeeping = () => {
    const now = config.now();
    return onceInPeriod(db, 'housekeeping', { periodMs: HOUSEKEEPING_EVERY_MS, now, instanceId }, async (tx) => {
      await pruneAuthState(tx, now);
      await pruneActivity(tx, now);
    });
  };

  const intervals: NodeJS.Timeout[] = [];
  const runs = new Set<Promise<unknown>>();
  const every = (ms: number, what: string, run: () => Promise<boolean>) => {
    const tick = () => {
      const running = run().catch((err: unknown) => log.error({ err }, `${what} failed`));
      runs.add(running);
      void running.finally(() => runs.delete(running));
    };
    const timer = setInterval(tick, ms);
    timer.unref();
    intervals.push(timer);
    return tick;
  };
  if (opts.periodic !== false) {
    // the network dashboards' history: today's state now and every hour (modules/nms/history.ts)
    every(HISTORY_EVERY_MS, 'heat-pump history', recordHistory)();
    every(HOUSEKEEPING_EVERY_MS, 'housekeeping', housekeeping);
  }
  // a first try that fails is logged; the lock's own timer tries again
  for (const singleton of [simulator, orchestrator]) await singleton?.start().catch((err: unknown) => log.error({ err }, `${singleton.name}: its lock could not be tried`));

  return {
    simulator,
    orchestrator,
    recordHistory,
    housekeeping,
    async stop() {
      for (const timer of intervals.splice(0)) clearInterval(timer);
      await orchestrator?.stop();
      await simulator?.stop();
      await Promise.all([...runs]);
    },
  };
}
