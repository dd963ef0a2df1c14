// A JSON body is validated as sent, text (query strings, form data) is coerced: the two ajv
// instances of server/body-validation.ts, on a small app with the real error handling.
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { bodyStrictValidatorFactory, markFormBodies } from '../src/server/body-validation';
import { installErrorHandling } from '../src/server/errors';
import { formData } from './support/form-data';

const Capacity = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    notify: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

let app: FastifyInstance;
const seen: unknown[] = [];
beforeAll(async () => {
  app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, verbose: true } },
    schemaController: { compilersFactory: { buildValidator: bodyStrictValidatorFactory } },
  });
  installErrorHandling(app);
  markFormBodies(app);
  await app.register(multipart, { attachFieldsToBody: 'keyValues' });
  app.post('/models', { schema: { consumes: ['multipart/form-data', 'application/json'], body: Capacity } }, async (request) => {
    seen.push(request.body);
    return { status: true };
  });
  app.get('/page', { schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }) } }, async (request) => request.query);
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  seen.length = 0;
});

const postJson = (body: unknown) => app.inject({ method: 'POST', url: '/models', payload: body as Record<string, unknown> });

describe('a JSON body', () => {
  it.each([0, '', false])('refuses %p for a nullable capacity of at least 1 (it used to become null)', async (capacity) => {
    const res = await postJson({ name: 'HP-9', capacity });
    expect(res.statusCode).toBe(400);
    expect(seen).toEqual([]);
  });

  it('takes null and a real capacity as they are', async () => {
    expect((await postJson({ name: 'HP-9', capacity: null })).statusCode).toBe(200);
    expect((await postJson({ name: 'HP-9', capacity: 12 })).statusCode).toBe(200);
    expect(seen).toEqual([
      { name: 'HP-9', capacity: null },
      { name: 'HP-9', capacity: 12 },
    ]);
  });

  it('names a value of another type', async () => {
    const res = await postJson({ name: 'HP-9', capacity: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: 'capacity has the wrong type' });
    expect((await postJson({ name: 'HP-9', capacity: 2, notify: 'true' })).json()).toEqual({
      status: false,
      message: 'notify has the wrong type',
    });
    expect(seen).toEqual([]);
  });
});

describe('text is coerced', () => {
  it('form data: every value is text, read as the schema types it', async () => {
    const res = await app.inject({ method: 'POST', url: '/models', ...formData({ name: 'HP-9', capacity: '12', notify: 'true' }) });
    expect(res.json()).toEqual({ status: true });
    expect(seen).toEqual([{ name: 'HP-9', capacity: 12, notify: true }]);
  });

  it('a query string', async () => {
    const res = await app.inject({ method: 'GET', url: '/page?page=3' });
    expect(res.json()).toEqual({ page: 3 });
    expect((await app.inject({ method: 'GET', url: '/page?page=0' })).statusCode).toBe(400);
  });
});
