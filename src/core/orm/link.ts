/**
 * Schema-linking features between a question and the parts of the schema
 * one SQL candidate uses: lexical overlap of stems, numbers and quoted values
 * shared between question and SQL, and (with a schema) whether the tables,
 * columns and join keys the SQL uses exist and fit together.
 *
 * Every value is in [0, 1]: fractions are 0 when their denominator is empty
 * (a separate presence flag says whether it was), counts go through
 * `min(1, log1p(n) / log1p(8))`. The features read against the schema are
 * link-schema.ts.
 */
import type { Schema } from '../schema.ts';
import { stem } from '../text/stem.ts';
import { LINK_STOP_WORDS } from '../text/stop-words.ts';
import { frac, schemaLinks, schemaView, squash } from './link-schema.ts';
import { boundedMemo } from './memo.ts';
import type { ColumnRef, SqlFacts } from './sql-facts.ts';
import { nameStemsShared, textNumbers, textWords } from './words.ts';

export { schemaColumnNames } from './link-schema.ts';

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

const content = (stems: readonly string[]): string[] => stems.filter((s) => !LINK_STOP_WORDS.has(s) && !/^\d/.test(s));

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

/**
 * Computes {@link LINK_FEATURES} for one candidate. `text` is the question
 * plus any evidence.
 *
 * @example
 * const v = linkFeatures('singers from France', sqlFacts("SELECT name FROM singer WHERE country = 'France'"));
 * v[LINK_FEATURES.indexOf('sql_strings_exact_case')]; // 1
 */
export function linkFeatures(text: string, facts: SqlFacts, schema?: Schema): number[] {
  const q = textView(text);
  const nums = numberLinks(q.numbers, facts);
  const view = schema === undefined ? undefined : schemaView(schema);
  const strs = stringLinks(text, q.lower, facts, view?.columns);
  const names = nameLinks(q, facts);
  const out: number[] = [
    q.numbers.length > 0 ? 1 : 0,
    frac(nums.qNumsInSql, q.numbers.length),
    facts.numbers.length > 0 ? 1 : 0,
    squash(nums.sqlNumsOut),
    strs.bare > 0 ? 1 : 0,
    frac(strs.strIn, strs.bare),
    frac(strs.strExact, strs.bare),
    frac(names.tablesMentioned, facts.tables.length),
    frac(names.columnsMentioned, names.columns.length),
    frac(names.covered, q.content.length),
  ];
  if (schema === undefined || view === undefined) {
    while (out.length < LINK_FEATURES.length) out.push(0);
    return out;
  }
  out.push(...schemaLinks(view, schema, facts, names.columns, names.usedStems, q.content));
  return out;
}

/** The question's numbers the SQL uses (as numbers or in its strings), and the SQL's numbers the question does not name. */
function numberLinks(qNums: readonly number[], facts: SqlFacts): { qNumsInSql: number; sqlNumsOut: number } {
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
  return { qNumsInSql, sqlNumsOut };
}

/** Quoted values (not column names of the schema), without LIKE's wildcards at their ends: how many, how many the question holds in any case and as written. */
function stringLinks(
  text: string,
  lower: string,
  facts: SqlFacts,
  schemaColumns: ReadonlySet<string> | undefined,
): { bare: number; strIn: number; strExact: number } {
  let bare = 0;
  let strIn = 0;
  let strExact = 0;
  for (const s of facts.strings) {
    if (schemaColumns?.has(s.toLowerCase())) continue;
    const value = s.replace(/^[%_]+|[%_]+$/g, '').trim();
    if (value.length === 0) continue;
    bare++;
    if (lower.includes(value.toLowerCase())) strIn++;
    if (text.includes(value)) strExact++;
  }
  return { bare, strIn, strExact };
}

/** The names the SQL uses against the question's words: its distinct columns and their stems, the question words they cover, the tables and columns the question mentions. */
function nameLinks(q: TextView, facts: SqlFacts) {
  const columns: ColumnRef[] = [...new Map(facts.columns.map((c) => [`${c.table}.${c.column}`, c])).values()];
  const mentioned = (name: string): boolean => contentStems(name).some((s) => q.stems.has(s));
  const usedStems = new Set<string>();
  for (const name of facts.tables) for (const s of nameStemsShared(name)) usedStems.add(s);
  for (const c of columns) for (const s of nameStemsShared(c.column)) usedStems.add(s);
  let covered = 0;
  for (const s of q.content) if (usedStems.has(s)) covered++;
  let tablesMentioned = 0;
  for (const t of facts.tables) if (mentioned(t)) tablesMentioned++;
  let columnsMentioned = 0;
  for (const c of columns) if (mentioned(c.column)) columnsMentioned++;
  return { columns, usedStems, covered, tablesMentioned, columnsMentioned };
}
