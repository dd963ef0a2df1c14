// fleet-api's own sentences, written once (issue 20, item 11): each has a stable code, and an answer
// that carries a `message` also carries its `code` (and `params` when the sentence has placeholders),
// so the console shows the sentence in the page's language and the English `message` where it has no
// translation. Placeholders are i18next's (`{{count}}`); a sentence that differs by count has
// `_one`/`_other` forms (i18next's plural keys) and one code without the suffix.
//
// The English is the spec's and the tests': do not reword a sentence here without the spec.
// Only fleet-api and tests read these texts: the console takes the English from the answer's
// `message` and imports the types only, so no page bundles this catalogue.
import { AREA_SENTENCES } from './server-messages-areas';
import { COMMON_SENTENCES } from './server-messages-common';

export const SERVER_MESSAGES = { ...COMMON_SENTENCES, ...AREA_SENTENCES } as const;

/** A key of the catalogue (plural forms keep their `_one`/`_other` suffix): what a translation bundle has. */
export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

type PluralForm = 'one' | 'other';
type Unsuffixed<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/** What an answer's `code` says: a key, or the shared code of a sentence's plural forms. */
export type ServerMessageCode = Unsuffixed<ServerMessageKey>;

type TextOf<C extends ServerMessageCode> = C extends ServerMessageKey ? (typeof SERVER_MESSAGES)[C] : (typeof SERVER_MESSAGES)[`${C}_other` & ServerMessageKey];
type Placeholders<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** The values of a templated sentence's placeholders, as an answer's `params` carries them. */
export type ServerMessageParams = Record<string, string | number>;
type ParamsOf<C extends ServerMessageCode> = [Placeholders<TextOf<C>>] extends [never] ? [] : [Record<Placeholders<TextOf<C>>, string | number>];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholder names of a sentence, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

function keyFor(code: string, params: ServerMessageParams | undefined): string {
  if (Object.hasOwn(SERVER_MESSAGES, code)) return code;
  // English plural rules: one for 1, other for the rest
  return `${code}_${params?.count === 1 ? 'one' : 'other'}`;
}

function fill(text: string, params: ServerMessageParams | undefined): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String(params?.[name] ?? ''));
}

/** The English sentence of a code: `serverMessageText('nms.assigned', { count: 3 })` is '3 heat pumps assigned'. */
export function serverMessageText<C extends ServerMessageCode>(code: C, ...params: ParamsOf<C>): string {
  const values = params[0] as ServerMessageParams | undefined;
  return fill((SERVER_MESSAGES as Record<string, string>)[keyFor(code, values)] ?? '', values);
}

/** What `serverMessageCode` finds: the code of an English sentence, and its placeholders' values. */
export interface CodedMessage {
  code: ServerMessageCode;
  params?: ServerMessageParams;
}

interface Matcher {
  code: ServerMessageCode;
  pattern: RegExp;
  names: string[];
  /** The sentence's own characters: the most specific template wins ('filter[{{index}}].key is required' over '{{field}} is required'). */
  fixedLength: number;
}

let fixedTexts: Map<string, ServerMessageCode> | null = null;
let matchers: Matcher[] = [];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const codeOf = (key: string) => key.replace(/_(one|other)$/, '') as ServerMessageCode;

// built on first use, not at import: a bundle that imports only the types keeps nothing of this
function index(): Map<string, ServerMessageCode> {
  if (fixedTexts) return fixedTexts;
  fixedTexts = new Map();
  for (const [key, text] of Object.entries(SERVER_MESSAGES) as [string, string][]) {
    const names = placeholdersOf(text);
    if (names.length === 0) {
      fixedTexts.set(text, codeOf(key));
      continue;
    }
    const source = text.split(PLACEHOLDER).map((part, i) => (i % 2 === 1 ? '(.+?)' : escape(part))).join('');
    matchers.push({ code: codeOf(key), pattern: new RegExp(`^${source}$`, 's'), names, fixedLength: text.replace(PLACEHOLDER, '').length });
  }
  matchers = matchers.sort((a, b) => b.fixedLength - a.fixedLength);
  return fixedTexts;
}

/** A number's digits come back as a number (a count chooses its plural form by it). */
const valueOf = (s: string): string | number => (/^-?\d+(\.\d+)?$/.test(s) && String(Number(s)) === s ? Number(s) : s);

/**
 * The code of an English sentence of the catalogue and the values of its placeholders: the exact
 * sentence first, then the templates, the most specific first. Null for any other text (ajv's own
 * words, a message from elsewhere): it is shown as it is.
 */
export function serverMessageCode(text: string): CodedMessage | null {
  const code = index().get(text);
  if (code) return { code };
  for (const m of matchers) {
    const found = m.pattern.exec(text);
    if (!found) continue;
    const params: ServerMessageParams = {};
    m.names.forEach((name, i) => {
      params[name] = valueOf(found[i + 1] ?? '');
    });
    return { code: m.code, params };
  }
  return null;
}
