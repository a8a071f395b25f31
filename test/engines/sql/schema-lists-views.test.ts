/**
 * Views are part of the schema: the reader lists them after the tables,
 * marked `kind: 'view'`, with the columns SQLite derives for them and no
 * keys, samples or row count (reading a view runs its query); a view SQLite
 * cannot compile is listed with no columns and does not stop the database
 * from opening. Everything that resolves names sees a view as it sees a
 * table: the prompt's schema, query usage (schema relevance's input), and
 * the scope rule under it. A schema without views is read and rendered as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSchema } from '../../../src/core/prompt/schema-text.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { isView } from '../../../src/core/schema.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';

const SQL_TEXT = `
CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE album (album_id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES artist(artist_id), title TEXT);
INSERT INTO artist VALUES (1, 'Ana'), (2, 'Bo');
INSERT INTO album VALUES (1, 1, 'First'), (2, 1, 'Second'), (3, 2, 'Only');
CREATE VIEW albums_per_artist AS SELECT a.name AS artist, count(*) AS albums FROM artist a JOIN album b USING (artist_id) GROUP BY a.name;
CREATE TABLE gone (x INTEGER);
CREATE VIEW stale AS SELECT x FROM gone;
DROP TABLE gone;
`;

let schema: Schema;

beforeAll(async () => {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec(SQL_TEXT);
  const bytes = db.export();
  db.close();
  const runner = await loadSqlRunner();
  expect(runner.open('db', bytes)).toMatchObject({ ok: true }); // the stale view does not stop the open
  const r = runner.schema('db');
  if (!r.ok) throw new Error(r.error.message);
  schema = r.schema;
});

describe('the schema reader', () => {
  it('lists the tables, then the views marked as views, with their columns and no keys or counts', () => {
    expect(schema.tables.map((t) => [t.name, t.kind ?? 'table'])).toEqual([
      ['artist', 'table'],
      ['album', 'table'],
      ['albums_per_artist', 'view'],
      ['stale', 'view'],
    ]);
    const view = schema.tables.find((t) => t.name === 'albums_per_artist')!;
    expect(isView(view)).toBe(true);
    expect(view.columns.map((c) => [c.name, c.type, c.samples])).toEqual([
      ['artist', 'TEXT', []],
      ['albums', '', []],
    ]);
    expect(view).toMatchObject({ primaryKey: [], foreignKeys: [], rowCount: 0, rowCountKind: 'unknown' });
    expect(view.sql).toMatch(/^CREATE VIEW albums_per_artist AS SELECT/);
    expect(schema.tables.find((t) => t.name === 'stale')!.columns).toEqual([]);
    expect(schema.tables.filter((t) => !isView(t)).every((t) => !('kind' in t))).toBe(true);
  });
});

describe('what reads the schema', () => {
  it('renders a view for the model as CREATE VIEW with its columns, and leaves out a view with none', () => {
    const text = renderSchema(schema, { samplesPerColumn: 0 });
    expect(text).toContain('CREATE VIEW albums_per_artist (\n  artist TEXT,\n  albums\n);');
    expect(text).not.toContain('stale');
    const tablesOnly = { tables: schema.tables.filter((t) => !isView(t)) };
    expect(text.startsWith(renderSchema(tablesOnly, { samplesPerColumn: 0 }))).toBe(true);
  });

  it('resolves a view and its columns in a query as it resolves a table', () => {
    const usage = queryUsage('SELECT artist FROM albums_per_artist WHERE albums > 1', schema);
    expect(usage).toEqual({
      tables: ['albums_per_artist'],
      columns: [
        { table: 'albums_per_artist', column: 'artist' },
        { table: 'albums_per_artist', column: 'albums' },
      ],
    });
  });
});
