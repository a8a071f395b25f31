/**
 * Test helper: a schema table with TEXT columns and nothing else (no keys, no
 * samples), for readers that need only names.
 *
 * @example
 * const SCHEMA = { tables: [textTable('singer', ['singer_id', 'name'])] };
 */
import type { TableInfo } from '../../../src/core/schema.ts';

export const textTable = (name: string, columns: readonly string[]): TableInfo => ({
  name,
  columns: columns.map((c) => ({ name: c, type: 'TEXT', notNull: false, pk: 0, samples: [] })),
  primaryKey: [],
  foreignKeys: [],
  rowCount: 0,
  sql: '',
});
