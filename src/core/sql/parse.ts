/**
 * The one SQL parser entry point: node-sql-parser, tried dialect by dialect.
 *
 * node-sql-parser's `sqlite` grammar rejects INTERSECT and EXCEPT; trying
 * sqlite, then postgresql, then mysql, then bigquery parses every Spider dev
 * gold query (see FACTS.md). Per-dialect builds keep the browser bundle small.
 * Nothing here is a hand-written grammar. Text outside the parser's limits
 * (parse-limits.ts) fails at once instead of risking exponential time.
 */
// The per-dialect builds are CommonJS: take `Parser` off the default export
// (Node cannot see named exports of these bundles; Vite's interop agrees).
import sqliteBuild from 'node-sql-parser/build/sqlite';
import postgresBuild from 'node-sql-parser/build/postgresql';
import mysqlBuild from 'node-sql-parser/build/mysql';
import bigqueryBuild from 'node-sql-parser/build/bigquery';
import type { AST } from 'node-sql-parser';
import { fitsParser, MAX_PARSE_DEPTH, MAX_PARSE_TOKENS } from './parse-limits.ts';

/** Dialects in the order they are tried. */
export const DIALECTS = ['sqlite', 'postgresql', 'mysql', 'bigquery'] as const;
export type Dialect = (typeof DIALECTS)[number];

interface ParserLike {
  astify(sql: string, opt?: { database?: string }): AST | AST[];
  sqlify(ast: AST | AST[], opt?: { database?: string }): string;
}

type ParserModule = { Parser: new () => ParserLike };
const parserOf = (m: unknown): ParserLike => new (m as ParserModule).Parser();

const PARSERS: Record<Dialect, ParserLike> = {
  sqlite: parserOf(sqliteBuild),
  postgresql: parserOf(postgresBuild),
  mysql: parserOf(mysqlBuild),
  bigquery: parserOf(bigqueryBuild),
};

/** A parsed single statement, with the dialect that accepted it. */
export interface Parsed {
  readonly ok: true;
  readonly ast: AST;
  readonly dialect: Dialect;
}

/** No dialect accepted the text; `message` is the sqlite grammar's complaint. */
export interface ParseFailure {
  readonly ok: false;
  readonly message: string;
}

/**
 * Parses one SQL statement, trying each dialect in {@link DIALECTS} order.
 * A text holding several statements is a failure (candidates are single queries).
 *
 * @example
 * const p = parseSql('SELECT name FROM a EXCEPT SELECT name FROM b');
 * if (p.ok) console.log(p.dialect); // 'postgresql'
 */
export function parseSql(sql: string): Parsed | ParseFailure {
  if (!fitsParser(sql)) {
    return { ok: false, message: `not handed to the parser: unbalanced parentheses, nesting deeper than ${MAX_PARSE_DEPTH} or more than ${MAX_PARSE_TOKENS} tokens` };
  }
  let first: string | undefined;
  for (const dialect of DIALECTS) {
    try {
      const ast = PARSERS[dialect].astify(sql, { database: dialect });
      if (Array.isArray(ast)) {
        if (ast.length !== 1) return { ok: false, message: `expected one statement, found ${ast.length}` };
        return { ok: true, ast: ast[0] as AST, dialect };
      }
      return { ok: true, ast, dialect };
    } catch (e) {
      first ??= e instanceof Error ? e.message : String(e);
    }
  }
  return { ok: false, message: first ?? 'unparseable SQL' };
}

/**
 * Prints an AST back to SQL with the dialect that parsed it. Identifiers come
 * back double-quoted for sqlite/postgresql (valid SQLite) and backquoted for
 * mysql/bigquery (also accepted by SQLite).
 *
 * @example
 * const p = parseSql('select a from t');
 * if (p.ok) toSql(p.ast, p.dialect); // 'SELECT "a" FROM "t"'
 */
export function toSql(ast: AST, dialect: Dialect): string {
  return PARSERS[dialect].sqlify(ast, { database: dialect });
}
