/**
 * The prompt's schema once wrote a table called `order` bare, which SQLite
 * (and a model copying the name) reads as a keyword. Every name the prompt
 * shows must be one SQLite accepts as written: the schema text it renders is
 * run as DDL here and read back.
 */
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../../../src/core/prompt/schema-text.ts';
import { buildSqlPrompt } from '../../../src/core/prompt/sql-prompt.ts';
import type { ColumnInfo, Schema } from '../../../src/core/schema.ts';
import { readSchema } from '../../../src/engines/sql/worker/schema.ts';

const col = (name: string, type: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({ name, type, notNull: false, pk: 0, samples: [], ...extra });

const schema: Schema = {
  tables: [
    {
      name: 'order',
      columns: [col('id', 'INTEGER', { pk: 1 }), col('select', 'TEXT'), col('unit price', 'REAL'), col('say "hi"', 'TEXT')],
      primaryKey: ['id'],
      foreignKeys: [],
      rowCount: 0,
      sql: '',
    },
    {
      name: 'Order Items',
      columns: [col('order', 'INTEGER'), col('qty', 'INTEGER')],
      primaryKey: [],
      foreignKeys: [{ from: ['order'], table: 'order', to: ['id'] }],
      rowCount: 0,
      sql: '',
    },
  ],
};

describe('the SQL prompt quotes names SQLite would not read bare', () => {
  it('shows a table called order, a column called select and names with a space or a double quote quoted', () => {
    const user = buildSqlPrompt({ schema, question: 'How many orders?' }).messages[1]!.content;
    expect(user).toContain('CREATE TABLE "order" (');
    expect(user).toContain('  "select" TEXT');
    expect(user).toContain('  "unit price" REAL');
    expect(user).toContain('  "say ""hi""" TEXT');
    expect(user).toContain('CREATE TABLE "Order Items" (');
    expect(user).toContain('FOREIGN KEY ("order") REFERENCES "order" (id)');
    expect(user).toContain('  qty INTEGER');
  });

  it('renders a schema SQLite runs as written and reads back with the same names', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    try {
      db.exec(renderSchema(schema));
      const back = readSchema(db);
      expect(back.tables.map((t) => t.name)).toEqual(['order', 'Order Items']);
      expect(back.tables.map((t) => t.columns.map((c) => c.name))).toEqual([
        ['id', 'select', 'unit price', 'say "hi"'],
        ['order', 'qty'],
      ]);
      expect(back.tables[1]!.foreignKeys).toEqual([{ from: ['order'], table: 'order', to: ['id'] }]);
    } finally {
      db.close();
    }
  });
});
