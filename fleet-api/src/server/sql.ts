/**
 * Numbered SQL parameters that several builders (the policy scope, list filters, a module's own
 * conditions) add to one query without counting `$n` by hand.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and answers its placeholder (`$3`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A piece of SQL with the params it needs already added to a SqlParams. */
export type SqlCondition = string;

/** Joins conditions into a WHERE clause ('' when there are none). */
export function whereClause(conditions: SqlCondition[]): string {
  const real = conditions.filter((c) => c.trim() !== '');
  return real.length ? `WHERE ${real.map((c) => `(${c})`).join(' AND ')}` : '';
}

/** A timestamp column as the API writes it (ISO 8601, UTC, milliseconds): `${ISO('d.created_at')} AS created_at`. */
export const ISO = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
