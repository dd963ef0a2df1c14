/**
 * Input hygiene that JSON Schema cannot express, applied to every route after validation:
 * - no NUL character in any text (PostgreSQL refuses it in text, which would surface as a 500);
 * - no infinite or NaN number (ajv coerces "1e309" or "Infinity" to Infinity and lets it through).
 * The answer is a 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The path of the first bad value in `value`, or null. */
export function findBadValue(value: unknown, path: string, depth = 0): string | null {
  if (depth > 32) return path || 'body';
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const bad = findBadValue(value[i], `${path}.${i}`, depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const bad = findBadValue(v, path ? `${path}.${k}` : k, depth + 1);
      if (bad !== null) return bad;
    }
  }
  return null;
}

export function installInputHygiene(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [where, value] of [
      ['', request.body],
      ['query ', request.query],
      ['params ', request.params],
    ] as const) {
      const bad = findBadValue(value, '');
      if (bad !== null) throw badRequest(`${where}${bad || 'value'} is invalid`);
    }
  });
}

/** The JSON type of a value, as JSON Schema names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

function typeFits(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/**
 * Where a JSON body's value has another type than its schema names, the path of it, or null.
 * Query strings are text and are coerced by ajv; a JSON body says what it means, so `"26"`,
 * `[26]` or `true` are not an id of 26 (ajv's coercion would take them as one).
 */
export function findWrongType(schema: SchemaNode | undefined, value: unknown, path: string, depth = 0): string | null {
  if (!schema || depth > 32 || value === undefined) return null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return branches.some((b) => findWrongType(b, value, path, depth + 1) === null) ? null : path || 'body';
  }
  const actual = jsonType(value);
  if (schema.type !== undefined) {
    const expected = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!expected.some((t) => typeFits(t, actual))) return path || 'body';
  }
  if (actual === 'object' && schema.properties) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!Object.hasOwn(schema.properties, k)) continue; // unknown fields are refused by the schema itself
      const bad = findWrongType(schema.properties[k], v, path ? `${path}.${k}` : k, depth + 1);
      if (bad !== null) return bad;
    }
  }
  if (actual === 'array' && schema.items && !Array.isArray(schema.items)) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i += 1) {
      const bad = findWrongType(schema.items, items[i], `${path}.${i}`, depth + 1);
      if (bad !== null) return bad;
    }
  }
  return null;
}

export function installStrictBodyTypes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as SchemaNode | undefined;
    // only JSON bodies (multipart forms are read part by part, as text)
    if (!schema || request.body === undefined || !/json/i.test(request.headers['content-type'] ?? '')) return;
    const bad = findWrongType(schema, request.body, '');
    if (bad !== null) throw badRequest(`${bad} has the wrong type`);
  });
}
