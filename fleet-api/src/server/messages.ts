// fleet-api's sentences come from @fleet/contract's catalogue (SERVER_MESSAGES): a module says
// `say('agencies.notFound')` or `say('nms.assigned', { count })` and gets the English, never writes it
// (test/messages.test.ts fails on a message written as a literal). Every JSON answer with a `message`
// of the catalogue also carries its `code` (and `params`), added here in one place, so the console
// shows it in the page's language; the English `message` stays for any other reader.
import { serverMessageCode, serverMessageText } from '@fleet/contract';
import type { FastifyInstance } from 'fastify';

export const say = serverMessageText;

/** The answer with the code of its message added; as it was when it has none of the catalogue's. */
export function withMessageCode<T>(payload: T): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const { message, code } = payload as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || code !== undefined) return payload;
  const coded = serverMessageCode(message);
  if (!coded) return payload;
  // right after the message, as the answer schemas order them
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    out[key] = value;
    if (key === 'message') Object.assign(out, coded);
  }
  return out as T;
}

/**
 * Before any JSON answer is serialized (a handler's, the error handler's, the 404's): the code. The
 * answer schemas declare `code` and `params` (server/schemas.ts), or the serializer would drop them.
 */
export function installMessageCodes(app: FastifyInstance): void {
  app.addHook('preSerialization', (_request, _reply, payload, done) => {
    done(null, withMessageCode(payload));
  });
}
