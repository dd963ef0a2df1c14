/**
 * The text fields of a form from a stored record: each key's stored text, '' where it has none (a new
 * record passes `{}`). The agency and electrician forms start from this, then add what is not text.
 */
export function textsOf<K extends string>(record: { readonly [key in K]?: string | null | undefined }, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? ''])) as Record<K, string>;
}
