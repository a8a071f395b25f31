/**
 * Reading names in a scope (scope.ts): the binding a qualifier refers to,
 * the source a reference names, and the column an unqualified or qualified
 * reference resolves to (its own SELECT first, then the scopes around it; a
 * name found in two sources of one SELECT is ambiguous).
 */
import type { ColumnInfo } from '../schema.ts';
import { columnName, qualifier, type Node } from './ast.ts';
import type { Scope } from './scope-types.ts';
import type { Binding, Source } from './sources.ts';

/**
 * The binding a qualifier (`T1` in `T1.name`) refers to, innermost scope
 * first, read leniently (an aliased table answers to its own name too, as
 * usage and structure keys want for hand-written SQL); null when no enclosing
 * FROM names it.
 *
 * @example
 * lookup(scope, 'T1')?.name; // 'singer' for `FROM singer AS T1`
 */
export function lookup(scope: Scope | null, qualifier: string): Binding | null {
  const q = qualifier.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const b = s.bindings.get(q);
    if (b !== undefined) return b;
  }
  return null;
}

/**
 * The source a qualifier names, as SQLite reads it (the alias, else the table
 * name), searching enclosing scopes outward.
 *
 * @example
 * sourceByRef(site.scope, 't1')?.table?.name; // 'singer' for `FROM singer AS T1`
 */
export function sourceByRef(scope: Scope | null, ref: string): Source | null {
  const low = ref.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const hit = s.sources.find((src) => src.ref.toLowerCase() === low);
    if (hit) return hit;
  }
  return null;
}

/** A column reference resolved to its source and column. */
export interface Resolved {
  readonly source: Source;
  readonly column: ColumnInfo;
}

/**
 * An unqualified column name resolved among the sources `accept` admits,
 * innermost SELECT first: the one source of the first SELECT that has such a
 * column; `'ambiguous'` when that SELECT has several; null when none has one.
 *
 * @example
 * findColumn(scope, 'age')?.source.ref; // 'T1' for `FROM singer AS T1 JOIN concert AS T2`
 */
export function findColumn(scope: Scope | null, name: string, accept: (s: Source) => boolean = () => true): Resolved | 'ambiguous' | null {
  const low = name.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const hits: Resolved[] = [];
    for (const source of s.sources) {
      const column = accept(source) ? source.columns.find((c) => c.name.toLowerCase() === low) : undefined;
      if (column !== undefined) hits.push({ source, column });
    }
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) return 'ambiguous';
  }
  return null;
}

/**
 * Resolves a column reference, or null when it names no known column (a select
 * alias, a double-quoted string, an ambiguous name, a derived table's unknown column).
 *
 * @example
 * resolve(site.scope, { type: 'column_ref', table: 'T1', column: 'age' })?.column.type; // 'INT'
 */
export function resolve(scope: Scope, ref: Node): Resolved | null {
  const name = columnName(ref);
  if (name === null) return null;
  const q = qualifier(ref);
  if (q === null) {
    const hit = findColumn(scope, name);
    return hit === 'ambiguous' ? null : hit;
  }
  const low = name.toLowerCase();
  const source = sourceByRef(scope, q);
  const column = source?.columns.find((c) => c.name.toLowerCase() === low);
  return source && column ? { source, column } : null;
}
