/**
 * Input hygiene that JSON Schema cannot express, applied to every route after validation:
 * - no NUL character in any text (PostgreSQL refuses it in text, which would surface as a 500);
 * - no infinite or NaN number (ajv coerces "1e309" or "Infinity" to Infinity and lets it through).
 * The answer is a 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { say } from './messages';

/** The path of the first bad value in `value`, or null. */
function findBadValue(value: unknown, path: string, depth = 0): string | null {
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
      if (bad !== null) throw badRequest(say('requests.fieldInvalid', { field: `${where}${bad || 'value'}` }));
    }
  });
}
