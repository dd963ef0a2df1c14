// The contract's samples (@fleet/contract pattern-samples) through the server's own field schemas,
// compiled by the server's ajv with its error handling: what the forms take, fleet-api takes; what
// they refuse, it refuses with a 400. The console's side: mfe-organisations' forms/rules.test.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import { EMAIL_SAMPLES, PASSWORD_SAMPLES, PHONE_SAMPLES, type FieldSamples } from '@fleet/contract';
import { AJV_OPTIONS, bodyStrictValidatorFactory } from '../../src/server/body-validation';
import { installErrorHandling } from '../../src/server/errors';
import { EmailField, NewPasswordField, PhoneField, Strict } from '../../src/server/schemas';

const FIELDS = { email: EmailField(), phone: PhoneField(), password: NewPasswordField() };

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ ajv: { customOptions: AJV_OPTIONS }, schemaController: { compilersFactory: { buildValidator: bodyStrictValidatorFactory } } });
  installErrorHandling(app);
  for (const [field, schema] of Object.entries(FIELDS)) {
    app.post(`/${field}`, { schema: { body: Strict({ value: schema }) } }, async () => ({ status: true }));
  }
  await app.ready();
});
afterAll(() => app.close());

const answers = async (field: keyof typeof FIELDS, values: readonly string[]) =>
  Promise.all(values.map(async (value) => [value, (await app.inject({ method: 'POST', url: `/${field}`, payload: { value } })).statusCode] as const));

it.each<[keyof typeof FIELDS, FieldSamples]>([
  ['email', EMAIL_SAMPLES],
  ['phone', PHONE_SAMPLES],
  ['password', PASSWORD_SAMPLES],
])('%s: the server takes the contract\'s accepted samples and refuses its refused ones', async (field, samples) => {
  expect((await answers(field, samples.accepted)).filter(([, status]) => status !== 200)).toEqual([]);
  expect((await answers(field, samples.refused)).filter(([, status]) => status !== 400)).toEqual([]);
});
