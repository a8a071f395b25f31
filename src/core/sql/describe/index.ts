/**
 * What a query does, in words, read from its parsed SQL: no language model,
 * nothing leaves the machine. Tables, joins, filters with their values as
 * written (constant arithmetic folded and shown: `5 * 60` reads "300
 * (written 5 * 60)"), grouping, ordering, limits, aggregates, subqueries and
 * set operations. The reading names columns as the query does, so a person
 * can check that `Milliseconds > 300` compares milliseconds with 300.
 */
import { isSelect, type Node } from '../ast.ts';
import { parseSql } from '../parse.ts';
import { fitsParser, MAX_PARSE_DEPTH, MAX_PARSE_TOKENS } from '../parse-limits.ts';
import { statementWords } from './select.ts';

export type ReadingErrorCode = 'TOO_LONG' | 'SQL_UNPARSED' | 'NOT_A_QUERY' | 'READING_FAILED';

/** A query's reading, or why there is none (as data). */
export type SqlReading =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly error: { readonly code: ReadingErrorCode; readonly message: string } };

/**
 * Reads one SQL query in words: a phrase that starts with its verb ("counts
 * rows of …", "lists …", "gives …", "for each …").
 *
 * @example
 * describeSql('SELECT count(*) FROM Track WHERE Milliseconds > 5 * 60');
 * // {ok: true, text: 'counts rows of Track whose Milliseconds is greater than 300 (written 5 * 60)'}
 */
export function describeSql(sql: string): SqlReading {
  if (!fitsParser(sql)) {
    return {
      ok: false,
      error: {
        code: 'TOO_LONG',
        message: `The query (${sql.length.toLocaleString('en-US')} characters) is past what is read in words: more than ${MAX_PARSE_TOKENS} tokens, nesting deeper than ${MAX_PARSE_DEPTH}, or unbalanced parentheses.`,
      },
    };
  }
  const parsed = parseSql(sql);
  if (!parsed.ok) return { ok: false, error: { code: 'SQL_UNPARSED', message: `The query could not be read: ${parsed.message}` } };
  const ast = parsed.ast as unknown as Node;
  if (!isSelect(ast))
    return {
      ok: false,
      error: { code: 'NOT_A_QUERY', message: `Only SELECT queries are read in words; this is ${String((ast as Node).type).toUpperCase()}.` },
    };
  try {
    return { ok: true, text: statementWords(ast, null) };
  } catch (e) {
    // A shape of the parser's tree the reading does not know: the query still runs and is judged; only its words are missing.
    return { ok: false, error: { code: 'READING_FAILED', message: `The query could not be put in words: ${e instanceof Error ? e.message : String(e)}` } };
  }
}
