/**
 * Schema-linking features between a question and the parts of the schema
 * one SQL candidate uses: lexical overlap of stems, numbers and quoted values
 * shared between question and SQL, and (with a schema) whether the tables,
 * columns and join keys the SQL uses exist and fit together.
 *
 * Every value is in [0, 1]: fractions are 0 when their denominator is empty
 * (a separate presence flag says whether it was), counts go through
 * `min(1, log1p(n) / log1p(8))`.
 */
import type { Schema, TableInfo } from '../schema.ts';
import { stem } from '../text/stem.ts';
import { LINK_STOP_WORDS } from '../text/stop-words.ts';
import { boundedMemo } from './memo.ts';
import type { ColumnRef, SqlFacts } from './sql-facts.ts';
import { nameStemsShared, textNumbers, textWords } from './words.ts';

/** Feature names in output order. Changing the list changes the featurizer version. */
export const LINK_FEATURES = [
  'q_has_numbers',
  'q_numbers_in_sql',
  'sql_has_numbers',
  'sql_numbers_not_in_q',
  'sql_has_strings',
  'sql_strings_in_q',
  'sql_strings_exact_case',
  'tables_mentioned',
  'columns_mentioned',
  'q_words_covered',
  'schema_given',
  'q_words_in_unused_schema',
  'tables_known',
  'columns_known',
  'has_join_pairs',
  'join_pairs_on_keys',
  'join_pairs_off_keys',
  'schema_tables',
  'used_table_share',
  'avg_sum_on_text',
] as const;

const frac = (hit: number, all: number): number => (all === 0 ? 0 : hit / all);
const squash = (n: number): number => Math.min(1, Math.log1p(n) / Math.log1p(8));
const content = (stems: readonly string[]): string[] => stems.filter((s) => !LINK_STOP_WORDS.has(s) && !/^\d/.test(s));

/**
 * What linking reads off a schema, the same for every candidate on it: lowercase
 * column names, tables by lowercase name (the first of a name, as a search in
 * table order finds), each table's columns and foreign keys, and the tables by
 * name stem.
 */
interface SchemaView {
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

function schemaView(schema: Schema): SchemaView {
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

/** What linking reads off a question text, the same for every candidate of it. */
interface TextView {
  readonly lower: string;
  readonly stems: ReadonlySet<string>;
  readonly content: readonly string[];
  readonly numbers: readonly number[];
}

/** Question texts repeat once per candidate: their views are kept (a bounded memo, cleared when full). */
const textView = boundedMemo(1024, (text: string): TextView => {
  const stems = new Set(textWords(text).map((w) => stem(w)));
  return { lower: text.toLowerCase(), stems, content: content([...stems]), numbers: textNumbers(text) };
});

/** A name's stems that can link it to a question: no stopwords, no numbers (names repeat: kept in a bounded memo). */
const contentStems = boundedMemo(8192, (name: string): readonly string[] => nameStemsShared(name).filter((s) => !LINK_STOP_WORDS.has(s) && !/^\d/.test(s)));

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

/**
 * Computes {@link LINK_FEATURES} for one candidate. `text` is the question
 * plus any evidence.
 *
 * @example
 * const v = linkFeatures('singers from France', sqlFacts("SELECT name FROM singer WHERE country = 'France'"));
 * v[LINK_FEATURES.indexOf('sql_strings_exact_case')]; // 1
 */
export function linkFeatures(text: string, facts: SqlFacts, schema?: Schema): number[] {
  const { lower, stems: qStems, content: qContent, numbers: qNums } = textView(text);
  let qNumsInSql = 0;
  if (qNums.length > 0) {
    const sqlNums = new Set(facts.numbers);
    let strLower: string[] | null = null;
    for (const n of qNums) {
      if (sqlNums.has(n) || (strLower ??= facts.strings.map((s) => s.toLowerCase())).includes(String(n))) qNumsInSql++;
    }
  }
  let sqlNumsOut = 0;
  for (const n of facts.numbers) if (!qNums.includes(n)) sqlNumsOut++;

  const view = schema === undefined ? undefined : schemaView(schema);
  // Quoted values (not column names), without LIKE's wildcards at their ends.
  let bare = 0;
  let strIn = 0;
  let strExact = 0;
  for (const s of facts.strings) {
    if (view?.columns.has(s.toLowerCase())) continue;
    const value = s.replace(/^[%_]+|[%_]+$/g, '').trim();
    if (value.length === 0) continue;
    bare++;
    if (lower.includes(value.toLowerCase())) strIn++;
    if (text.includes(value)) strExact++;
  }

  const columns = [...new Map(facts.columns.map((c) => [`${c.table}.${c.column}`, c])).values()];
  const mentioned = (name: string): boolean => contentStems(name).some((s) => qStems.has(s));
  const usedStems = new Set<string>();
  for (const name of facts.tables) for (const s of nameStemsShared(name)) usedStems.add(s);
  for (const c of columns) for (const s of nameStemsShared(c.column)) usedStems.add(s);
  let covered = 0;
  for (const s of qContent) if (usedStems.has(s)) covered++;
  let tablesMentioned = 0;
  for (const t of facts.tables) if (mentioned(t)) tablesMentioned++;
  let columnsMentioned = 0;
  for (const c of columns) if (mentioned(c.column)) columnsMentioned++;

  const out: number[] = [
    qNums.length > 0 ? 1 : 0,
    frac(qNumsInSql, qNums.length),
    facts.numbers.length > 0 ? 1 : 0,
    squash(sqlNumsOut),
    bare > 0 ? 1 : 0,
    frac(strIn, bare),
    frac(strExact, bare),
    frac(tablesMentioned, facts.tables.length),
    frac(columnsMentioned, columns.length),
    frac(covered, qContent.length),
  ];
  if (schema === undefined || view === undefined) {
    while (out.length < LINK_FEATURES.length) out.push(0);
    return out;
  }

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
  out.push(
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
  );
  return out;
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
