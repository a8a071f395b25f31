/**
 * What the featurizer needs to know about one SQL text: its tokens, literals,
 * and (when it parses) the tables, columns and join equalities it uses.
 *
 * Tokens are read off the **canonical print** of the query when it parses
 * (node-sql-parser's printer, in the dialect that parsed it), else off the
 * text as written. So the way a query happens to be written (quotes around
 * names, letter case, spacing, `JOIN` or `INNER JOIN`, optional parentheses)
 * never reaches the features: a human-written gold query and the same query
 * printed by the mutation generator featurize identically, and a model cannot
 * learn who wrote a candidate instead of whether it is right.
 *
 * Tables and columns come from the node-sql-parser AST through `parseSql`,
 * read with the one AST walker (sql/ast.ts) over the whole statement;
 * aliases are resolved by the flat reading (sql/statement-aliases.ts),
 * one alias map for the whole statement (Spider's `T1`/`T2` style),
 * the reading the shipped model was trained on. Table and column names are
 * lowercased. A column written without a table stays `table: null` here;
 * linking resolves it against the schema. Literals come from the lexer, so they exist even without a parse.
 */
import { isNode, nameOf, walk, type Node } from '../sql/ast.ts';
import { parseSql, toSql } from '../sql/parse.ts';
import { statementAliases, type StatementAliases } from '../sql/statement-aliases.ts';
import { featureTokens, type FeatureToken } from './tokens.ts';

/** A column reference: lowercased names; `table` null when unqualified and unresolved. */
export interface ColumnRef {
  readonly table: string | null;
  readonly column: string;
}

export interface SqlFacts {
  /** The text the tokens were read from: the canonical print, or the input when it does not parse. */
  readonly text: string;
  readonly tokens: readonly FeatureToken[];
  /** Numeric literals, except the count after LIMIT/OFFSET. */
  readonly numbers: readonly number[];
  /** Single-quoted literal contents (LIKE wildcards kept) plus double-quoted texts. */
  readonly strings: readonly string[];
  readonly parsed: boolean;
  readonly tables: readonly string[];
  readonly columns: readonly ColumnRef[];
  /** `a.x = b.y` equalities between two column references (ON clauses and WHERE). */
  readonly joinPairs: readonly (readonly [ColumnRef, ColumnRef])[];
}

interface Walk {
  aliases: StatementAliases;
  rawColumns: { table: string | null; column: string }[];
  rawPairs: [Node, Node][];
}

/** Reads one node of the whole statement (subqueries and compound parts included). */
function visit(v: Node, w: Walk): void {
  w.aliases.add(v);
  if (v.type === 'column_ref') {
    const column = nameOf(v.column);
    if (column !== null && column !== '*')
      w.rawColumns.push({ table: typeof v.table === 'string' ? v.table.toLowerCase() : null, column: column.toLowerCase() });
  }
  if (v.type === 'binary_expr' && v.operator === '=' && isNode(v.left) && isNode(v.right) && v.left.type === 'column_ref' && v.right.type === 'column_ref') {
    w.rawPairs.push([v.left, v.right]);
  }
}

/**
 * Collects the facts of one SQL text. Never throws.
 *
 * @example
 * const f = sqlFacts('SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id');
 * f.tables;    // ['singer', 'concert']
 * f.joinPairs; // [[{table: 'singer', column: 'id'}, {table: 'concert', column: 'singer_id'}]]
 * f.text;      // 'SELECT "T1"."name" FROM "singer" AS "T1" INNER JOIN "concert" AS "T2" ON …'
 */
export function sqlFacts(sql: string): SqlFacts {
  const p = parseSql(sql);
  if (!p.ok) return { ...literals(sql), parsed: false, tables: [], columns: [], joinPairs: [] };
  const w: Walk = { aliases: statementAliases(), rawColumns: [], rawPairs: [] };
  walk(p.ast, [], (n) => visit(n, w), { intoSelects: true, intoCompound: true, paths: false });
  const { resolve } = w.aliases;
  const columns = w.rawColumns.map((c) => ({ table: resolve(c.table), column: c.column }));
  const ref = (n: Node): ColumnRef => ({
    table: resolve(typeof n.table === 'string' ? n.table.toLowerCase() : null),
    column: (nameOf(n.column) ?? '').toLowerCase(),
  });
  const joinPairs = w.rawPairs.map(([a, b]) => [ref(a), ref(b)] as const);
  let text = sql;
  try {
    text = toSql(p.ast, p.dialect);
  } catch {
    // The printer rejects a few ASTs it parsed; the text as written still has tokens.
  }
  return { ...literals(text), parsed: true, tables: [...w.aliases.tables], columns, joinPairs };
}

/** Tokens of `text` and the literals among them. */
function literals(text: string): Pick<SqlFacts, 'text' | 'tokens' | 'numbers' | 'strings'> {
  const tokens = featureTokens(text);
  const numbers: number[] = [];
  const strings: string[] = [];
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    if (t.kind === 'num' && !(prev?.kind === 'kw' && (prev.text === 'limit' || prev.text === 'offset'))) numbers.push(Number(t.text));
    if (t.kind === 'str' || t.kind === 'dq') strings.push(t.text);
  });
  return { text, tokens, numbers, strings };
}
