// Route schemas are compiled on each route's first request (server/answer-serializers.ts,
// server/body-validation.ts): here every route's validators and answer serializers are compiled as a
// start with FLEET_COMPILE_SCHEMAS_AT_START=1 does, so a schema ajv or fast-json-stringify refuses fails
// this test rather than the first operator who reaches the route.
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate, openDatabase, type Db } from '../src/db';
import { answerSerializers } from '../src/server/answer-serializers';
import { AJV_OPTIONS, bodyStrictValidators } from '../src/server/body-validation';

/** An answer schema fast-json-stringify refuses: a $ref to nothing. */
const brokenAnswer = { response: { 200: { type: 'object', properties: { a: { $ref: 'nowhere#' } } } } };

function smallApp(atStart: boolean) {
  const app = Fastify({
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator: bodyStrictValidators({ atStart }), buildSerializer: answerSerializers({ atStart }) } },
  });
  app.get('/fine', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } }, response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } }, async (req) => ({ n: (req.query as { n: number }).n, secret: 'dropped' }));
  app.get('/broken', { schema: brokenAnswer }, async () => ({ a: 1 }));
  return app;
}

describe('route schemas', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('every route of fleet-api compiles its validators and answer serializers', async () => {
    const app = await buildApp({ db, config: testConfig({ compileSchemasAtStart: true }) });
    await expect(app.ready()).resolves.toBeDefined();
    expect(app.fleetRoutes.length).toBeGreaterThan(300);
    await app.close();
  }, 60_000);

  it('compiled at start, a refused schema stops the start', async () => {
    await expect(smallApp(true).ready()).rejects.toThrow();
  });

  it('compiled on first use, the same schemas coerce, validate and drop undeclared fields', async () => {
    const app = smallApp(false);
    await app.ready();
    expect((await app.inject({ url: '/fine?n=25' })).json()).toEqual({ n: 25 });
    expect((await app.inject({ url: '/fine?n=x' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
