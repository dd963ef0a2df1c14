// Schema-driven fuzzing of every registered route (SECURITY.md 24): junk in every body, query and
// path field, called as a role the route is for, never yields a 5xx or a stack trace, and every JSON
// answer matches the schema the route documents for its status. Routes added later are covered too.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { RegisteredRoute } from '../src/policy/access';
import { bearer, appForFile, tokensFor } from './support/app';

const t = appForFile();
const tokens = tokensFor(t);

const JUNK: unknown[] = ['', 'x'.repeat(5000), '\u0000\u202e<script>', "' OR 1=1 --", '1e309', -1, 2 ** 53, 1.5, true, null, ['a'], { $ne: null }];

interface ObjectSchema {
  properties?: Record<string, TSchema>;
  required?: string[];
}

/** A plausible value for a schema, so that one junk field at a time reaches deeper checks. */
function plausible(schema: TSchema | undefined): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) return plausible(s.anyOf[0] as TSchema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return CANDIDATES.find((c) => fits(s, c)) ?? 'fuzz';
  }
}

/** Text that satisfies the usual field rules (email, password, phone, ABN, OTP, postcode, ...). */
const CANDIDATES = ['fuzz', 'fuzz@example.test', 'Fuzz-pass-1', '123456', '0412345678', '12345678901', '2150', 'desc', '1.0.0', 'livelink'];

function fits(s: Record<string, unknown>, text: string): boolean {
  if (typeof s.minLength === 'number' && text.length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && text.length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(text)) return false;
  return true;
}

/** The required fields with plausible values; optional ones are fuzzed one at a time. */
function base(schema: TSchema | undefined): Record<string, unknown> {
  const props = (schema as ObjectSchema | undefined)?.properties ?? {};
  const required = new Set((schema as ObjectSchema | undefined)?.required ?? []);
  return Object.fromEntries(Object.entries(props).filter(([k]) => required.has(k)).map(([k, v]) => [k, plausible(v)]));
}

const fieldsOf = (schema: TSchema | undefined): string[] => Object.keys((schema as ObjectSchema | undefined)?.properties ?? {});

function query(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function tokenFor(route: RegisteredRoute): Record<string, string> {
  if ('public' in route.access) return {};
  // Prefer Admin (widest slice), else the first role the route is for.
  const role = route.access.roles.includes('Admin') ? 'Admin' : route.access.roles[0];
  return bearer(tokens[role ?? 'Admin'] ?? '');
}

interface Case {
  url: string;
  body?: unknown;
}

function casesFor(route: RegisteredRoute): Case[] {
  const schema = (route.schema ?? {}) as { body?: TSchema; querystring?: TSchema; params?: TSchema };
  const params = base(schema.params);
  const q = base(schema.querystring);
  const body = base(schema.body);
  const path = (p: Record<string, unknown>) => route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(String(p[name] ?? '1')));
  const cases: Case[] = [{ url: path(params) + query(q), body: schema.body ? body : undefined }];
  for (const key of Object.keys(params)) {
    for (const v of ['abc', '-1', '0', '99999999999999999999', '%00', '..%2F..%2Fetc']) cases.push({ url: path({ ...params, [key]: v }) + query(q), body });
  }
  for (const key of fieldsOf(schema.querystring)) {
    for (const v of JUNK) cases.push({ url: path(params) + query({ ...q, [key]: v }), body });
  }
  if (schema.body) {
    for (const key of fieldsOf(schema.body)) for (const v of JUNK) cases.push({ url: path(params) + query(q), body: { ...body, [key]: v } });
    cases.push({ url: path(params) + query(q), body: ['not', 'an', 'object'] });
    cases.push({ url: path(params) + query(q), body: { ...body, __proto__: { admin: true }, constructor: { prototype: 1 } } });
  }
  return cases;
}

function responseSchema(route: RegisteredRoute, status: number): TSchema | undefined {
  const response = (route.schema as { response?: Record<string, TSchema> } | undefined)?.response;
  return response?.[String(status)] ?? response?.[`${String(status)[0]}xx`];
}

it('no junk input yields a 5xx, a stack trace, or an answer outside the documented schema', async () => {
  const problems: string[] = [];
  // Logout ends the session whose token it is given: run it last.
  const routes = t.app.fleetRoutes
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
  let calls = 0;
  for (const route of routes) {
    for (const c of casesFor(route)) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: c.url,
        headers: tokenFor(route),
        remoteAddress: `10.77.${calls % 250}.${Math.floor(calls / 250) % 250}`,
        ...(c.body !== undefined && route.method !== 'GET' ? { payload: c.body as Record<string, unknown> } : {}),
      });
      calls += 1;
      const where = `${route.method} ${c.url.slice(0, 120)} ${JSON.stringify(c.body)?.slice(0, 80)}`;
      if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (/node_modules|\bat .+\.(ts|js):\d+/.test(res.body)) problems.push(`${where}: stack trace in the answer`);
      const type = String(res.headers['content-type'] ?? '');
      if (type.startsWith('application/json')) {
        const schema = responseSchema(route, res.statusCode);
        if (!schema) {
          problems.push(`${where}: ${res.statusCode} is not a documented answer`);
          continue;
        }
        let ok = true;
        try {
          ok = Value.Check(schema, res.json());
        } catch {
          ok = true; // a schema TypeBox cannot check (Type.Unsafe): serialisation already shaped it
        }
        if (!ok) problems.push(`${where}: answer does not match its ${res.statusCode} schema: ${res.body.slice(0, 200)}`);
      }
    }
  }
  expect(calls).toBeGreaterThan(200);
  expect(problems).toEqual([]);
  // Every module adds routes here; the budget grows with them.
}, 240_000);
