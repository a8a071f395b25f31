/**
 * The schema side of the linking features (link.ts): what linking reads off
 * a schema (kept per schema object), and the features of one candidate read
 * against it: question words found only in the schema's unused parts, the
 * tables and columns that exist, joins on declared keys, and AVG or SUM over
 * a text column.
 */
import type { Schema, TableInfo } from '../schema.ts';
import type { ColumnRef, SqlFacts } from './sql-facts.ts';
import { nameStemsShared } from './words.ts';

/** A fraction, 0 when its denominator is empty. @example frac(1, 4); // 0.25 */
export const frac = (hit: number, all: number): number => (all === 0 ? 0 : hit / all);
/** A count squashed into [0, 1]: `min(1, log1p(n) / log1p(8))`. @example squash(8); // 1 */
export const squash = (n: number): number => Math.min(1, Math.log1p(n) / Math.log1p(8));

/**
 * What linking reads off a schema, the same for every candidate on it: lowercase
 * column names, tables by lowercase name (the first of a name, as a search in
 * table order finds), each table's columns and foreign keys, and the tables by
 * name stem.
 */
export interface SchemaView {
  readonly columns: ReadonlySet<string>;
  readonly tables: ReadonlyMap<string, TableInfo>;
  /** Each table's lowercase column names. */
  readonly columnsOf: ReadonlyMap<TableInfo, ReadonlySet<string>>;
  /** For each stem of a table's name or column names, the tables (in schema order) that have it. */
  readonly tablesWithStem: ReadonlyMap<string, readonly TableInfo[]>;
  /** Each table's foreign keys, names lowercase. */
  readonly keysOf: ReadonlyMap<TableInfo, readonly { readonly table: string; readonly from: readonly string[]; readonly to: readonly string[] }[]>;
}

/** Schemas are plain data shared by all candidates of a database: their views are kept while the schema lives. */
const SCHEMAS = new WeakMap<Schema, SchemaView>();

/**
 * The schema's view, made once per schema object.
 *
 * @example schemaView(schema).tables.get('singer');
 */
export function schemaView(schema: Schema): SchemaView {
  let view = SCHEMAS.get(schema);
  if (view === undefined) {
    const tables = new Map<string, TableInfo>();
    for (const t of schema.tables) if (!tables.has(t.name.toLowerCase())) tables.set(t.name.toLowerCase(), t);
    const stems = new Map(schema.tables.map((t) => [t, new Set([t.name, ...t.columns.map((c) => c.name)].flatMap((n) => nameStemsShared(n)))]));
    const tablesWithStem = new Map<string, TableInfo[]>();
    for (const [t, own] of stems) for (const st of own) tablesWithStem.set(st, [...(tablesWithStem.get(st) ?? []), t]);
    view = {
      columns: new Set(schema.tables.flatMap((t) => t.columns.map((c) => c.name.toLowerCase()))),
      tables,
      columnsOf: new Map(schema.tables.map((t) => [t, new Set(t.columns.map((c) => c.name.toLowerCase()))])),
      tablesWithStem,
      keysOf: new Map(
        schema.tables.map((t) => [
          t,
          t.foreignKeys.map((f) => ({ table: f.table.toLowerCase(), from: f.from.map((c) => c.toLowerCase()), to: f.to.map((c) => c.toLowerCase()) })),
        ]),
      ),
    };
    SCHEMAS.set(schema, view);
  }
  return view;
}

/**
 * The lowercase names of every column of `schema` (kept per schema object).
 *
 * @example
 * schemaColumnNames({ tables: [singerTable] }).has('name'); // true
 */
export function schemaColumnNames(schema: Schema): ReadonlySet<string> {
  return schemaView(schema).columns;
}

/**
 * The features read against the schema, in LINK_FEATURES order from
 * `schema_given`: `columns` are the SQL's distinct columns, `usedStems` the
 * stems of the names it uses, `qContent` the question's content stems.
 *
 * @example schemaLinks(schemaView(schema), schema, facts, columns, usedStems, qContent).length; // 10
 */
export function schemaLinks(
  view: SchemaView,
  schema: Schema,
  facts: SqlFacts,
  columns: readonly ColumnRef[],
  usedStems: ReadonlySet<string>,
  qContent: readonly string[],
): number[] {
  const used = facts.tables.map((t) => view.tables.get(t)).filter((t): t is TableInfo => t !== undefined);
  const usedSet = new Set(used);
  const referenced = new Set(facts.columns.map((f) => f.column));
  // Stems of the columns of used tables that the SQL never names (made when first needed).
  let unnamed: Set<string> | null = null;
  const unnamedStems = (): Set<string> => {
    if (unnamed !== null) return unnamed;
    unnamed = new Set<string>();
    for (const t of used) for (const c of t.columns) if (!referenced.has(c.name.toLowerCase())) for (const st of nameStemsShared(c.name)) unnamed.add(st);
    return unnamed;
  };
  // A stem of an unused table (its name or a column), or of a column of a used table the SQL never names.
  const inUnused = (s: string): boolean => (view.tablesWithStem.get(s) ?? []).some((t) => !usedSet.has(t)) || unnamedStems().has(s);
  let unusedCovered = 0;
  for (const s of qContent) if (!usedStems.has(s) && inUnused(s)) unusedCovered++;
  // A column of a used table: any used table's when unqualified, else that table's (a name leads to its first table).
  const known = (c: ColumnRef): boolean => {
    if (c.table === null) return used.some((t) => view.columnsOf.get(t)!.has(c.column));
    const t = view.tables.get(c.table);
    return t !== undefined && usedSet.has(t) && view.columnsOf.get(t)!.has(c.column);
  };
  let knownColumns = 0;
  for (const c of columns) if (known(c)) knownColumns++;
  let onKeys = 0;
  for (const [a, b] of facts.joinPairs) if (isKeyPair(view, a, b)) onKeys++;
  return [
    1,
    frac(unusedCovered, qContent.length),
    frac(used.length, facts.tables.length),
    frac(knownColumns, columns.length),
    facts.joinPairs.length > 0 ? 1 : 0,
    frac(onKeys, facts.joinPairs.length),
    squash(facts.joinPairs.length - onKeys),
    squash(schema.tables.length),
    frac(used.length, schema.tables.length),
    aggregatesText(facts, used),
  ];
}

/** Whether `a = b` joins on a declared foreign key, in either direction (names lowercase, as in the schema view). */
function isKeyPair(view: SchemaView, a: ColumnRef, b: ColumnRef): boolean {
  const fk = (x: ColumnRef, y: ColumnRef): boolean => {
    const t = x.table === null ? undefined : view.tables.get(x.table);
    return (
      t !== undefined && view.keysOf.get(t)!.some((f) => f.table === y.table && f.from.includes(x.column) && (f.to.length === 0 || f.to.includes(y.column)))
    );
  };
  return fk(a, b) || fk(b, a);
}

/** 1 when AVG or SUM is applied directly to a column declared with a text type. */
function aggregatesText(facts: SqlFacts, used: readonly TableInfo[]): number {
  const t = facts.tokens;
  for (let i = 0; i + 3 < t.length; i++) {
    if (!(t[i]!.text === 'avg' || t[i]!.text === 'sum') || t[i + 1]!.text !== '(') continue;
    let j = i + 2;
    if (t[j]!.text === 'distinct') j++;
    const name = t[j + 1]?.text === '.' ? t[j + 2]?.text : t[j]?.text;
    const col = used.flatMap((u) => u.columns).find((c) => c.name.toLowerCase() === name?.toLowerCase());
    if (col && /char|text|clob/i.test(col.type)) return 1;
  }
  return 0;
}
