// fleet-api's sentences in the page's language (issue 20, item 11). An answer's `message` is English;
// when it is one of @fleet/contract's SERVER_MESSAGES the answer also says its `code` (and `params`
// for the placeholders). The shell registers a translator (its i18next `server` bundle, loaded only
// for a language that has one); everything that shows a server's sentence (toasts, field refusals,
// page messages) reads it through `serverText`, so the English message stays the fallback when there
// is no code, no translator or no translation. No English catalogue is bundled here: the server's
// `message` is the English.
import type { ServerMessageCode, ServerMessageParams } from '@fleet/contract';

export type { ServerMessageCode, ServerMessageKey, ServerMessageParams } from '@fleet/contract';

/** A sentence as fleet-api answers it. `code` is a string: a newer server may send codes this console does not know yet. */
export interface ServerText {
  message: string;
  code?: ServerMessageCode | (string & {});
  params?: ServerMessageParams;
}

/** The sentence of a code in the page's language, or null when there is none. */
export type ServerTextTranslator = (code: string, params: ServerMessageParams) => string | null;

let translator: ServerTextTranslator | null = null;

/** The shell's: how a code reads in the page's language (null to forget it). */
export function setServerTextTranslator(next: ServerTextTranslator | null): void {
  translator = next;
}

/** What the user reads for a server's sentence: its translation by code, else the English message. */
export function serverText(said: ServerText): string {
  const translated = said.code && translator ? translator(said.code, said.params ?? {}) : null;
  return translated || said.message;
}

/** The `code` and `params` of an answer's body, when it has well-formed ones. */
export function codeOfBody(body: unknown): Pick<ServerText, 'code' | 'params'> {
  if (typeof body !== 'object' || body === null) return {};
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || code === '') return {};
  const valid = typeof params === 'object' && params !== null && !Array.isArray(params) && Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number');
  return valid ? { code, params: params as ServerMessageParams } : { code };
}
