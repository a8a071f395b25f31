/**
 * The one SQL parser entry point: node-sql-parser, tried dialect by dialect.
 *
 * node-sql-parser's `sqlite` grammar rejects INTERSECT and EXCEPT; trying
 * sqlite, then postgresql, then mysql, then bigquery parses every Spider dev
 * gold query (see FACTS.md). Per-dialect builds keep the browser bundle small.
 * Nothing here is a hand-written grammar. Text outside the parser's limits
 * (parse-limits.ts) fails at once instead of risking exponential time.
 *
 * Parsing is the costly step of every SQL view (structure keys, usage, the
 * ORM's facts), so each distinct text is parsed once: results are kept in a
 * bounded cache keyed by the text ({@link PARSE_CACHE_SIZE} entries, least
 * recently used dropped first). The AST is shared: callers read it and clone
 * (`structuredClone`) before changing anything, as the mutation generator does.
 */
// The per-dialect builds are CommonJS: take `Parser` off the default export
// (Node cannot see named exports of these bundles; Vite's interop agrees).
import sqliteBuild from 'node-sql-parser/build/sqlite.js';
import postgresBuild from 'node-sql-parser/build/postgresql.js';
import mysqlBuild from 'node-sql-parser/build/mysql.js';
import bigqueryBuild from 'node-sql-parser/build/bigquery.js';
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
  return parseSqlWithin(sql, never);
}

const never = (): boolean => false;

/**
 * {@link parseSql} with a time budget: `overBudget` is asked after each
 * dialect that fails, and once it says yes no further dialect is tried and
 * the text is unparsed (`message` says so). node-sql-parser is synchronous,
 * so a budget can only be checked between dialects; a worker that must never
 * overrun also stops the thread (the page's analysis worker does). The
 * result is cached like any parse, so later `parseSql` calls on the same
 * text (structure keys, usage, the ORM's facts) agree with it. Pure: the
 * clock is the caller's.
 *
 * @example
 * const t0 = performance.now();
 * parseSqlWithin(sql, () => performance.now() - t0 > 500);
 */
export function parseSqlWithin(sql: string, overBudget: () => boolean): Parsed | ParseFailure {
  const hit = cache.get(sql);
  if (hit !== undefined) {
    cache.delete(sql);
    cache.set(sql, hit);
    return hit;
  }
  return remember(sql, parseUncached(sql, overBudget));
}

/**
 * Records `sql` as unparsed without trying the parser (a text whose parse
 * ran past a worker's hard limit): every later `parseSql` of it fails at once
 * with `why`, until the cache lets it go.
 *
 * @example markUnparsed(sql, 'not parsed: it took longer than 3 s');
 */
export function markUnparsed(sql: string, why: string): void {
  cache.delete(sql);
  remember(sql, { ok: false, message: why });
}

function remember(sql: string, result: Parsed | ParseFailure): Parsed | ParseFailure {
  if (cache.size >= PARSE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(sql, result);
  return result;
}

/** Distinct SQL texts whose parse is kept (a few Spider-sized pools of candidates). */
export const PARSE_CACHE_SIZE = 4096;

const cache = new Map<string, Parsed | ParseFailure>();

function parseUncached(sql: string, overBudget: () => boolean): Parsed | ParseFailure {
  if (!fitsParser(sql)) {
    return {
      ok: false,
      message: `not handed to the parser: unbalanced parentheses, nesting deeper than ${MAX_PARSE_DEPTH} or more than ${MAX_PARSE_TOKENS} tokens`,
    };
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
    if (dialect !== DIALECTS[DIALECTS.length - 1] && overBudget())
      return { ok: false, message: `not parsed: the parser ran past its time budget (after the ${dialect} grammar)` };
  }
  return { ok: false, message: first ?? 'unparseable SQL' };
}

/**
 * Prints an AST back to SQL with the dialect that parsed it. Identifiers come
 * back double-quoted for sqlite/postgresql (valid SQLite) and backquoted for
 * mysql/bigquery (also accepted by SQLite). The AST is left as it was.
 *
 * @example
 * const p = parseSql('select a from t');
 * if (p.ok) toSql(p.ast, p.dialect); // 'SELECT "a" FROM "t"'
 */
export function toSql(ast: AST, dialect: Dialect): string {
  // node-sql-parser's printer writes into the tree it prints (it spreads a
  // subquery's statement into its wrapper): print a copy, so a shared parse
  // stays as parsed.
  return PARSERS[dialect].sqlify(structuredClone(ast), { database: dialect });
}
