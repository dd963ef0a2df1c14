/**
 * Starts fleet-api: reads the environment, opens the database (PGlite in `<dataDir>/pgdata`, or
 * PostgreSQL with DATABASE_URL), migrates, seeds the demo fleet, listens. SIGTERM/SIGINT answer new
 * requests 503 while in-flight ones finish (@fleet/graceful-stop), stop the mail sender, then close the database.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db';
import { seedDemoFleet } from './seed';
import { inviteFirstAdmin } from './modules/auth/invitations';
import { seedDemoFirmware } from './seed/firmware';
import { seedDemoSliderImages } from './seed/sliders';
import { buildApp } from './app';
import { smtpSend, startOutboxSender, type OutboxSender } from './mail/sender';
import { startFleetTimers } from './fleet-timers';

async function main(): Promise<void> {
  const config = loadConfig();
  let dataDir: string | undefined;
  if (!config.databaseUrl) {
    dataDir = path.join(config.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir });
  await migrate(db);
  const app = await buildApp({ db, config });
  app.log.info({ kind: db.kind, dataDir: dataDir ?? null }, 'database ready');
  if (config.seedDemo) {
    await seedDemoFleet(db, { devices: config.seedDevices, log: (msg) => app.log.info(msg) });
    // through the app's storages: on PostgreSQL every instance serves the seeded files
    await seedDemoFirmware(db, app.fleetContext.files.firmware, (msg) => app.log.info(msg));
    await seedDemoSliderImages(db, app.fleetContext.files.sliders, (msg) => app.log.info(msg));
  }
  // production has no demo account: its first Admin is invited (docs/deploy.md)
  if (config.firstAdminEmail && (await inviteFirstAdmin(db, config, config.firstAdminEmail))) {
    app.log.info({ email: config.firstAdminEmail }, 'first Admin invited: the mail holds the link to choose a password');
  } else if (!config.seedDemo && !config.firstAdminEmail) {
    app.log.info('no demo accounts in production; FLEET_ADMIN_EMAIL invites the first Admin while none exists');
  }

  let sender: OutboxSender | null = null;
  if (config.env === 'production') {
    if (config.smtp.host) {
      sender = startOutboxSender(db, smtpSend(config.smtp), {
        now: config.now,
        onError: (err) => app.log.error({ err }, 'outbox sender round failed'),
      });
    } else {
      app.log.warn('NODE_ENV=production without SMTP_HOST: mails stay in the outbox table');
    }
  }

  // this instance's beat, and after each the sweep of dead instances' jobs (docs/deploy.md "Jobs across instances")
  app.fleetContext.heartbeat.start((err) => app.log.error({ err }, "the instance's beat or its sweep failed"));
  // the simulators, the rollout orchestrator, the hourly history and housekeeping: once per fleet
  const timers = await startFleetTimers(app.fleetContext, { log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // New requests get 503 while running ones (an upload) get up to 5 s; then the rest is cut.
      await app.fleetDrain.drainAndClose(5_000);
      await timers.stop();
      await sender?.stop();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  // The logger may not exist yet: one JSON line on stderr, like pino's.
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'fleet-api failed to start', err: String(err instanceof Error ? err.stack : err) })}\n`);
  process.exit(1);
});
