/**
 * How both drivers read values from PostgreSQL's text form (db/index.ts says what each type becomes):
 * the parsers keyed by type OID, and the timestamp and array-literal readers behind them.
 */
/** Type OIDs (pg_type.oid) that we parse ourselves. */
export const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
} as const;

const TS_RE =
  /^(-?\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)?( BC)?$/;

/** Postgres text timestamp ("2026-11-22 04:03:58.123456+00") -> ISO string in UTC. */
export function timestampToIso(text: string): string {
  if (text === 'infinity' || text === '-infinity') return text;
  const m = TS_RE.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (sign) {
    const offset = (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * 1000;
    t -= sign === '+' ? offset : -offset;
  }
  const date = new Date(t);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

const parseNumber = (text: string): number => Number(text);
const identity = (text: string): string => text;

/**
 * A PostgreSQL array literal ('{1,2,NULL}', '{"a b","c"}', '{{1,2},{3,4}}') -> JS array, elements
 * through `parse`. PGlite builds its array parsers from the element parsers itself; pg does not.
 */
export function parseArrayLiteral(text: string, parse: (element: string) => unknown): unknown[] {
  let i = 0;
  const readArray = (): unknown[] => {
    const out: unknown[] = [];
    i += 1; // '{'
    if (text[i] === '}') {
      i += 1;
      return out;
    }
    for (;;) {
      if (text[i] === '{') {
        out.push(readArray());
      } else if (text[i] === '"') {
        let value = '';
        i += 1;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i += 1;
          value += text[i] ?? '';
          i += 1;
        }
        i += 1; // closing quote
        out.push(parse(value));
      } else {
        const start = i;
        while (i < text.length && text[i] !== ',' && text[i] !== '}') i += 1;
        const raw = text.slice(start, i);
        out.push(raw === 'NULL' ? null : parse(raw));
      }
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      i += 1; // '}'
      return out;
    }
  };
  // A lower-bound prefix like '[0:1]={...}' is dropped: JS arrays start at 0 anyway.
  const eq = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  i = eq;
  return readArray();
}

const parseTimestamp = (text: string): string => timestampToIso(`${text}+00`);

/** The parsers both drivers use, keyed by type OID (arrays of the same types: their array OIDs). */
export const PARSERS: Record<number, (text: string) => unknown> = {
  [OID.INT8]: parseNumber,
  [OID.NUMERIC]: parseNumber,
  [OID.DATE]: identity,
  [OID.TIMESTAMP]: parseTimestamp,
  [OID.TIMESTAMPTZ]: timestampToIso,
  1016: (text) => parseArrayLiteral(text, parseNumber), // int8[]
  1231: (text) => parseArrayLiteral(text, parseNumber), // numeric[]
  1182: (text) => parseArrayLiteral(text, identity), // date[]
  1115: (text) => parseArrayLiteral(text, parseTimestamp), // timestamp[]
  1185: (text) => parseArrayLiteral(text, timestampToIso), // timestamptz[]
};
