/**
 * Test helpers: a schema table with TEXT columns and nothing else (no keys, no
 * samples), for readers that need only names; a two-table schema and a parse
 * that must succeed, for the scope tests.
 *
 * @example
 * const SCHEMA = { tables: [textTable('singer', ['singer_id', 'name'])] };
 */
import type { Schema, TableInfo } from '../../../src/core/schema.ts';
import type { Node } from '../../../src/core/sql/ast.ts';
import { parseSql } from '../../../src/core/sql/parse.ts';

export const textTable = (name: string, columns: readonly string[]): TableInfo => ({
  name,
  columns: columns.map((c) => ({ name: c, type: 'TEXT', notNull: false, pk: 0, samples: [] })),
  primaryKey: [],
  foreignKeys: [],
  rowCount: 0,
  sql: '',
});

/** Two tables, singer and concert, that the scope tests read names against. */
export const SINGER_CONCERT: Schema = {
  tables: [textTable('singer', ['singer_id', 'name', 'age']), textTable('concert', ['concert_id', 'singer_id', 'year'])],
};

/**
 * The AST of SQL that must parse (a test's own input).
 *
 * @example collectSelects(parsed('SELECT name FROM singer'));
 */
export function parsed(sql: string): Node {
  const p = parseSql(sql);
  if (!p.ok) throw new Error(`does not parse: ${sql}`);
  return p.ast as unknown as Node;
}
