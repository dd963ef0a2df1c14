/**
 * The fleet-api application: one Fastify instance with validation that refuses unknown fields, one
 * error shape, security headers, the access policy, the OpenAPI document and every module.
 * `buildApp` does no listening, so tests drive it with `app.inject`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from './db';
import type { Config } from './config';
import { authenticate, enforceDeclarations, installAccessCheck, type RegisteredRoute } from './policy/access';
import { installAuditTrail } from './policy/audit';
import { afterCommit, inUnitOfWork } from './db';
import { TokenService } from './policy/tokens';
import { installErrorHandling } from './server/errors';
import { installMessageCodes, say } from './server/messages';
import { installSecurityHeaders } from './server/headers';
import { installDrain, type Drain } from '@fleet/graceful-stop';
import { installInputHygiene } from './server/input';
import { answerSerializers } from './server/answer-serializers';
import { AJV_OPTIONS, bodyStrictValidators, markFormBodies } from './server/body-validation';
import type { AppContext } from './server/context';
import { openFileStores } from './storage';
import { InstanceHeartbeat, instanceId as processInstanceId } from './server/instance';
import { signInRoutes } from './modules/auth/routes';
import { accountRoutes } from './modules/auth/accounts';
import { profileRoutes } from './modules/profiles/routes';
import { devOutboxRoutes, healthRoutes } from './modules/system/routes';
import { firmwareRoutes } from './modules/firmware/routes';
import { otaRoutes } from './modules/ota/routes';
import { deviceRoutes } from './modules/devices/routes';
import { ExportJobs } from './modules/exports/jobs';
import { exportRoutes } from './modules/exports/routes';
import { customerRoutes } from './modules/customers/routes';
import { tariffLookupRoutes } from './modules/tariffs/lookups';
import { tariffRoutes } from './modules/tariffs/routes';
import { sliderRoutes } from './modules/sliders/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { faultRoutes } from './modules/faults/routes';
import { openLiveBus, type LiveBus } from './modules/live/bus';
import { LiveHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { nmsRoutes } from './modules/nms/routes';
import { modelRoutes } from './modules/models/routes';
import { agenciesModuleRoutes } from './modules/agencies/routes';
import { electricianRoutes } from './modules/electricians/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { auditRoutes } from './modules/audit/routes';
import { serializeRequest } from './server/request-log';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /**
   * false: write routes record no audit entry and run without their unit of work. Only for measuring
   * what recording costs (bench/audit.bench.ts), against the same routes; never in the product.
   */
  auditTrail?: boolean;
  /** This instance's name (server/instance.ts); tests give two apps on one database their own. */
  instanceId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access rule, in registration order (the access tests walk it). */
    fleetRoutes: RegisteredRoute[];
    fleetContext: AppContext;
    /** SIGTERM: 503 to new requests, running ones finish (main.ts). */
    fleetDrain: Drain;
  }
}

/** The signing secret: JWT_SECRET, else one generated on first start and kept in the database. */
async function serverSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const read = async () =>
    (await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'jwt'")).rows[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db.query("INSERT INTO server_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING", [
    randomBytes(48).toString('base64url'),
  ]);
  const created = await read();
  if (!created) throw new Error('Could not store the server secret');
  return created;
}

/**
 * The live bus as writers use it: an event published inside a request's unit of work goes out once
 * that has committed, and never for a write that rolled back (policy/audit.ts); the handler does not
 * wait for it.
 */
function publishedAfterCommit(bus: LiveBus, log: (message: string) => void): LiveBus {
  return {
    publish: (events) => {
      if (!inUnitOfWork()) return bus.publish(events);
      const sent = afterCommit(() => bus.publish(events));
      sent.catch((err: unknown) => log(`live events of a committed write were not published: ${String(err)}`));
      return Promise.resolve();
    },
    subscribe: (listener) => bus.subscribe(listener),
    onGap: (listener) => bus.onGap(listener),
    close: () => bus.close(),
  };
}

export async function buildApp({ db, config, auditTrail = true, instanceId = processInstanceId }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // no socket token or link signature in the log (server/request-log.ts)
      serializers: { req: serializeRequest },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: AJV_OPTIONS },
    // coercion for text (query, params, form data), none for a JSON body: server/body-validation.ts;
    // validators and serializers compiled on each route's first request (server/answer-serializers.ts)
    schemaController: {
      compilersFactory: {
        buildValidator: bodyStrictValidators({ atStart: config.compileSchemasAtStart }),
        buildSerializer: answerSerializers({ atStart: config.compileSchemasAtStart }),
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const secret = await serverSecret(db, config.jwtSecret);
  const tokens = new TokenService(secret);
  const live = publishedAfterCommit(await openLiveBus(db), (message) => app.log.error(message));
  const liveHub = new LiveHub({
    db,
    bus: live,
    now: config.now,
    authenticate: (token) => authenticate({ db, tokens, now: config.now }, `Bearer ${token}`),
  });
  liveHub.start();
  const base = {
    db,
    config,
    instanceId,
    heartbeat: new InstanceHeartbeat(db, instanceId),
    tokens,
    otpKey: createHmac('sha256', secret).update('fleet-api otp codes').digest(),
    live,
    liveHub,
    files: openFileStores(db, config.dataDir),
  };
  const ctx: AppContext = { ...base, exports: new ExportJobs(base, (message) => app.log.error(message)) };
  // the sockets and the bus end with the server (before the database closes)
  app.addHook('onClose', async () => {
    await liveHub.close();
    await live.close();
  });

  const registry: RegisteredRoute[] = [];
  app.decorate('fleetRoutes', registry);
  app.decorate('fleetContext', ctx);

  installErrorHandling(app);
  installMessageCodes(app);
  app.decorate('fleetDrain', installDrain(app, { answer: () => ({ status: false, message: say('common.restarting') }) }));
  installSecurityHeaders(app);
  installInputHygiene(app);
  markFormBodies(app);
  enforceDeclarations(app, registry);
  installAuditTrail(app, registry, db, { recording: auditTrail });
  installAccessCheck(app, { db, tokens: ctx.tokens, now: config.now });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'fleet-api',
        version: '1.0.0',
        description: 'Every call of the fleet console. Answers are {status, message, info}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const opts = { ctx };
  await app.register(healthRoutes, opts);
  if (config.devOutbox && config.env !== 'production') await app.register(devOutboxRoutes, opts);
  await app.register(signInRoutes, opts);
  await app.register(accountRoutes, opts);
  await app.register(profileRoutes, opts);
  await app.register(firmwareRoutes, opts);
  await app.register(otaRoutes, opts);
  await app.register(exportRoutes, opts);
  await app.register(deviceRoutes, opts);
  await app.register(faultRoutes, opts);
  await app.register(liveRoutes, opts);
  await app.register(nmsRoutes, opts);
  await app.register(modelRoutes, opts);
  await app.register(customerRoutes, opts);
  await app.register(tariffLookupRoutes, opts);
  await app.register(tariffRoutes, opts);
  await app.register(sliderRoutes, opts);
  await app.register(organisationRoutes, opts);
  await app.register(agenciesModuleRoutes, opts);
  await app.register(electricianRoutes, opts);
  await app.register(dashboardRoutes, opts);
  await app.register(auditRoutes, opts);

  await app.ready();
  return app;
}
