/**
 * Structural keys: two candidate queries with equal keys have the same shape
 * (tables, columns, operators, nesting) and may differ only in literal values
 * and in how they are written. Used for structural self-consistency.
 */
import { canonicalize } from './canonical.ts';
import { normalizeSql } from './normalize.ts';
import { fitsParser } from './parse-limits.ts';
import { parseSql } from './parse.ts';
import { stableJson } from './stable-json.ts';
import { quotedName, tokenizeSql } from './tokenize.ts';

/** A structural key, and whether it came from a parse (true) or a text fallback (false). */
export interface StructureKey {
  readonly key: string;
  readonly parsed: boolean;
}

/**
 * Rewrites [x] identifiers as `x`: node-sql-parser reads brackets as arrays
 * (bigquery) or not at all, while SQLite reads them as identifiers.
 */
function bracketsToBackticks(sql: string): string {
  if (!sql.includes('[')) return sql;
  return tokenizeSql(sql)
    .map((t) => (t.kind === 'br' ? `\`${quotedName(t.text).split('`').join('``')}\`` : t.text))
    .join('');
}

/**
 * The canonical structure of one query.
 *
 * When a dialect of node-sql-parser parses it (see `parse.ts`), the key is the
 * stable JSON of its canonical AST (`canonical.ts`): literals become `?`;
 * table aliases resolve to table names (a table repeated in one FROM becomes
 * `t`, `t#2`…, a subquery in FROM `#d1`…); an unqualified column is
 * qualified with the only table of its FROM when there is exactly one;
 * select-list aliases used in ORDER BY / GROUP BY / HAVING are replaced by
 * the expression they name; case is folded; AND/OR chains are flattened and
 * their operands sorted; IN lists are sorted; `=`/`!=` operands are sorted
 * and `<`/`>` comparisons turned to put the smaller operand left.
 * SQLite's "x" is read as a string when it is compared with a column
 * (`name = "Bob"`), and as a column elsewhere.
 *
 * When no dialect parses it, or it does not fit the parser ({@link fitsParser}:
 * too long, unbalanced or nested too deep), the key is `fallback` (pass sql.js's
 * `Statement.getNormalizedSQL()`, which already masks literals) or, when that
 * is absent, `sql`, put through `normalizeSql` with literals masked; `parsed`
 * is then false. A fallback key never equals a parsed key.
 *
 * @example
 * structureKey('SELECT T1.name FROM singer AS T1 WHERE T1.age > 30').key ===
 *   structureKey("select name from singer where age > 40").key; // true
 */
export function structureKey(sql: string, fallback?: string | null): StructureKey {
  return parsedStructureKey(sql) ?? textStructureKey(sql, fallback);
}

/**
 * The structure key of `sql` when a parser dialect reads it (see
 * {@link structureKey}), else null.
 *
 * @example
 * parsedStructureKey('SELECT a FROM t WHERE b = 1')?.parsed; // true
 * parsedStructureKey('SELEC a'); // null
 */
export function parsedStructureKey(sql: string): StructureKey | null {
  const parsed = fitsParser(sql) ? parseSql(bracketsToBackticks(sql)) : null;
  return parsed?.ok === true ? { key: stableJson(canonicalize(parsed.ast)), parsed: true } : null;
}

/**
 * The structure key of a text no parser dialect reads: `fallback` (sql.js's
 * normalized text) or, when that is absent or blank, `sql`, through
 * `normalizeSql` with literals masked. Parses nothing.
 *
 * @example
 * textStructureKey('SELEC a FROM t WHERE b = 1', null); // { key: …, parsed: false }
 */
export function textStructureKey(sql: string, fallback?: string | null): StructureKey {
  const text = fallback !== undefined && fallback !== null && fallback.trim() !== '' ? fallback : sql;
  return { key: normalizeSql(text, { maskLiterals: true }), parsed: false };
}
