/**
 * Small helpers over node-sql-parser ASTs, shared by every mutation family.
 *
 * The parser's node shapes differ by dialect (a column name is a plain string
 * in the sqlite and mysql grammars, `{expr: {type, value}}` in postgresql and
 * bigquery), so nodes are handled as loosely typed JSON objects here and every
 * read of a name goes through these helpers (writes go through build.ts).
 * Nothing is printed here.
 */

/** A node of a node-sql-parser AST: plain JSON, shape depending on `type` and dialect. */
export type Node = Record<string, any>;

/** Keys from the root to a node, e.g. `['where', 'left']`. */
export type Path = readonly (string | number)[];

/** Keys holding parser bookkeeping or sibling queries, never walked as sub-expressions. */
const SKIP = new Set(['_next', 'tableList', 'columnList']);

/**
 * True for a non-null, non-array object.
 *
 * @example
 * isNode([]); // false
 */
export function isNode(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * True for a SELECT statement node.
 *
 * @example
 * isSelect(parsed.ast); // true for 'SELECT 1'
 */
export function isSelect(x: unknown): x is Node {
  return isNode(x) && x.type === 'select';
}

/**
 * The node at `path` below `root`; throws `RangeError` when the path is gone.
 *
 * @example
 * getAt({ where: { left: n } }, ['where', 'left']) === n;
 */
export function getAt(root: Node, path: Path): Node {
  let cur: unknown = root;
  for (const key of path) {
    cur = (cur as Node)?.[key];
    if (cur === undefined) throw new RangeError(`no node at ${path.join('.')}`);
  }
  return cur as Node;
}

/**
 * Visits every object below `node` (itself included) with its path from the
 * root, in key order, without entering nested SELECTs or `_next` siblings.
 * `visit` returning `false` stops the descent below that node.
 *
 * @example
 * walk(select.where, ['where'], (n, p) => { if (n.type === 'column_ref') refs.push(p); });
 */
export function walk(node: unknown, path: Path, visit: (n: Node, p: Path) => boolean | void): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walk(child, [...path, i], visit));
    return;
  }
  if (!isNode(node)) return;
  if (visit(node, path) === false) return;
  for (const [key, child] of Object.entries(node)) {
    if (SKIP.has(key) || !(typeof child === 'object' && child !== null)) continue;
    if (isSelect(child)) continue;
    walk(child, [...path, key], visit);
  }
}

/**
 * True when a SELECT occurs anywhere inside `node` (itself excluded).
 *
 * @example
 * containsSelect(where); // true for `x IN (SELECT …)`
 */
export function containsSelect(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsSelect);
  if (!isNode(node)) return false;
  return Object.entries(node).some(([key, child]) => !SKIP.has(key) && (isSelect(child) || containsSelect(child)));
}

/** The clauses of one SELECT that hold column references (ON conditions live in `from`). */
export const REF_CLAUSES: readonly string[] = ['columns', 'from', 'where', 'groupby', 'having', 'orderby'];

/**
 * Column name of a `column_ref` node, or null for `*` and non-references.
 *
 * @example
 * columnName({ type: 'column_ref', table: 'T1', column: 'age' }); // 'age'
 */
export function columnName(ref: Node): string | null {
  if (ref.type !== 'column_ref') return null;
  const c: unknown = ref.column;
  const name = typeof c === 'string' ? c : isNode(c) && isNode(c.expr) ? c.expr.value : null;
  return typeof name === 'string' && name !== '*' ? name : null;
}

/**
 * True when a column reference was written as a double-quoted token (identifier or string).
 *
 * @example
 * isDoubleQuotedRef(pgRefTo('"France"')); // true
 */
export function isDoubleQuotedRef(ref: Node): boolean {
  return ref.type === 'column_ref' && isNode(ref.column) && ref.column.expr?.type === 'double_quote_string';
}

/**
 * The qualifier of a column reference (`T1` in `T1.age`), or null. The
 * postgresql grammar stores the one of `T1.*` as `{value}`.
 *
 * @example
 * qualifier({ type: 'column_ref', table: 'T1', column: 'age' }); // 'T1'
 */
export function qualifier(ref: Node): string | null {
  const t: unknown = isNode(ref.table) ? ref.table.value : ref.table;
  return typeof t === 'string' && t !== '' ? t : null;
}
