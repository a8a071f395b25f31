/**
 * Column-level near misses: a reference to the wrong column of the right table.
 *
 * "Same type" means the same SQLite type affinity of the declared types
 * (sqlite.org/datatype3.html, section 3.1): INT → integer; CHAR, CLOB, TEXT →
 * text; BLOB or none → blob; REAL, FLOA, DOUB → real; anything else → numeric.
 */
import type { ColumnInfo } from '../schema.ts';
import type { Dialect } from '../sql/parse.ts';
import { type Node, getAt, qualifier } from './ast.ts';
import { literal, setColumnName } from './build.ts';
import { resolve } from '../sql/scope.ts';
import { columnRefs } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

export type Affinity = 'integer' | 'text' | 'blob' | 'real' | 'numeric';

/**
 * SQLite's affinity for a declared column type.
 *
 * @example
 * affinity('VARCHAR(20)'); // 'text'
 * affinity('bigint');      // 'integer'
 */
export function affinity(declared: string): Affinity {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text';
  if (t.includes('BLOB') || t.trim() === '') return 'blob';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  return 'numeric';
}

/**
 * True for the affinities whose sample values print as numbers.
 *
 * @example
 * isNumericType('DECIMAL(10,2)'); // true
 */
export function isNumericType(declared: string): boolean {
  const a = affinity(declared);
  return a === 'integer' || a === 'real' || a === 'numeric';
}

/**
 * A literal for a sample value of a column: a number for numeric affinities
 * (and for untyped columns whose sample reads as a number), else a string.
 *
 * @example
 * sampleLiteral({ name: 'age', type: 'int', ... }, '52'); // prints as 52
 */
export function sampleLiteral(column: ColumnInfo, text: string): Node {
  const a = affinity(column.type);
  return literal(text, a !== 'text' && (a !== 'blob' || /^-?\d+(\.\d+)?$/.test(text.trim())));
}

/**
 * The other columns of a table to swap in for `column`: those with the same
 * affinity when there are any, else all the others.
 *
 * @example
 * alternativeColumns(age, singer.columns); // [year] when age and year are the only INT columns
 */
export function alternativeColumns(column: ColumnInfo, columns: readonly ColumnInfo[]): ColumnInfo[] {
  const others = columns.filter((c) => c.name.toLowerCase() !== column.name.toLowerCase());
  const same = others.filter((c) => affinity(c.type) === affinity(column.type));
  return same.length > 0 ? same : others;
}

/**
 * Points a column reference at another column of its source, qualifying it
 * with the source's name when `qualify` (several sources in scope) so that the
 * new name cannot be ambiguous.
 *
 * @example
 * renameRef(ref, 'age', 'T1', true, 'sqlite'); // `name` becomes "T1"."age"
 */
export function renameRef(ref: Node, name: string, sourceRef: string, qualify: boolean, dialect: Dialect): void {
  setColumnName(ref, name, dialect);
  if (qualify && qualifier(ref) === null) ref.table = sourceRef;
}

/**
 * Keeps the output name of a derived table's column whose reference is about
 * to change: `(SELECT country …) AS s` read as `s.country` outside must still
 * export `country`, so the select item gets `AS country` when it had no alias.
 *
 * @example
 * pinOutputName(root, ['from', 0, 'expr', 'ast', 'columns', 0, 'expr'], 'country');
 */
export function pinOutputName(root: Node, refPath: readonly (string | number)[], name: string): void {
  const n = refPath.length;
  if (n < 7 || refPath[n - 1] !== 'expr' || refPath[n - 3] !== 'columns') return;
  const [from, , expr, ast] = refPath.slice(n - 7, n - 3);
  if (from !== 'from' || expr !== 'expr' || ast !== 'ast') return;
  const item = getAt(root, refPath.slice(0, -1));
  if (!item.as) item.as = name;
}

/** Clauses whose column references a wrong-column edit may touch (not join conditions). */
const CLAUSES = ['columns', 'where', 'groupby', 'having', 'orderby'];

/** `wrong-column`: one column reference replaced by another column of the same table. */
export const wrongColumn: MutationRule = {
  kind: 'wrong-column',
  preserving: false,
  description: 'a column replaced by another column of the same table (same affinity preferred)',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      for (const { node, path } of columnRefs(site, CLAUSES)) {
        const hit = resolve(site.scope, node);
        if (hit === null || hit.source.table === null) continue;
        for (const alt of alternativeColumns(hit.column, hit.source.columns)) {
          edits.push((root) => {
            pinOutputName(root, path, hit.column.name);
            renameRef(getAt(root, path), alt.name, hit.source.ref, site.scope.sources.length > 1, ctx.dialect);
          });
        }
      }
    }
    return edits;
  },
};
