/**
 * Literal value grounding: do the string literals a candidate compares with
 * occur in the database? A wrong literal ('Dutch' for 'Netherlands', 'France'
 * for 'FR') is a common real mistake that execution agreement cannot see when
 * several systems make it.
 *
 * Conventions:
 * - The value index holds every distinct text value of the database's text
 *   columns (as the caller read them, at most a cap per column), trimmed and
 *   lower-cased.
 * - A literal is the content of a single-quoted SQL string. A literal with
 *   `%` or `_` wildcards (LIKE patterns) counts as grounded when some indexed
 *   value contains its text between the wildcards (lower-cased); any other
 *   literal when its trimmed, lower-cased text is an indexed value.
 * - Features: `[literals, grounded_share, any_ungrounded]`, with
 *   grounded_share = 1 and any_ungrounded = 0 when there is no literal.
 */
import { featureTokens } from '../tokens.ts';

export const GROUNDING_FEATURES = ['literals', 'grounded_share', 'any_ungrounded'] as const;

/** Distinct text values of one database, normalized as above. */
export interface ValueIndex {
  readonly values: ReadonlySet<string>;
}

/**
 * Builds the index from raw column values (non-strings are skipped).
 *
 * @example
 * const index = valueIndex([['France', 'Netherlands'], ['Paris']]);
 */
export function valueIndex(columns: Iterable<Iterable<unknown>>): ValueIndex {
  const values = new Set<string>();
  for (const col of columns) for (const v of col) if (typeof v === 'string') values.add(v.trim().toLowerCase());
  return { values };
}

function grounded(literal: string, index: ValueIndex): boolean {
  const text = literal.trim().toLowerCase();
  if (!/[%_]/.test(text)) return index.values.has(text);
  const core = text.split(/[%_]+/).filter((p) => p.length > 0);
  if (core.length === 0) return true;
  for (const v of index.values) if (core.every((p) => v.includes(p))) return true;
  return false;
}

/**
 * The {@link GROUNDING_FEATURES} of one candidate's SQL.
 *
 * @example
 * literalGrounding("SELECT * FROM c WHERE name = 'Dutch'", valueIndex([['Netherlands']])); // [1, 0, 1]
 */
export function literalGrounding(sql: string, index: ValueIndex): number[] {
  let literals = 0;
  let ok = 0;
  for (const t of featureTokens(sql)) {
    if (t.kind !== 'str') continue;
    literals++;
    if (grounded(t.text, index)) ok++;
  }
  return literals === 0 ? [0, 1, 0] : [literals, ok / literals, ok < literals ? 1 : 0];
}
