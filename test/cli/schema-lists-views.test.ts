/**
 * `confide schema` lists a database's views beside its tables, marked as
 * views: as JSON (`"kind": "view"`) when its output is a pipe or a file, or
 * with --json; as text for a person at a terminal, each view under its name
 * with "(view)" and its columns, after the tables with their row counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../src/core/schema.ts';
import { runCli } from './run-cli.ts';

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'confide-schema-views-'));
  file = join(dir, 'music.sqlite');
  const db = new Database(file);
  db.exec(`CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE album (album_id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES artist(artist_id), title TEXT);
    INSERT INTO artist VALUES (1, 'Ana'), (2, 'Bo');
    INSERT INTO album VALUES (1, 1, 'First'), (2, 1, 'Second'), (3, 2, 'Only');
    CREATE VIEW albums_per_artist AS SELECT a.name AS artist, count(*) AS albums FROM artist a JOIN album b USING (artist_id) GROUP BY a.name;`);
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI as if its stdout were a terminal (or not). */
async function onTerminal(tty: boolean, argv: string[]): Promise<Awaited<ReturnType<typeof runCli>>> {
  const before = process.stdout.isTTY;
  process.stdout.isTTY = tty;
  try {
    return await runCli(argv);
  } finally {
    process.stdout.isTTY = before;
  }
}

describe('confide schema', () => {
  it('writes JSON to a pipe, with the view marked as a view after the tables', async () => {
    const r = await onTerminal(false, ['schema', '--db', file]);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout) as Schema;
    expect(schema.tables.map((t) => [t.name, t.kind ?? 'table'])).toEqual([
      ['artist', 'table'],
      ['album', 'table'],
      ['albums_per_artist', 'view'],
    ]);
    expect(schema.tables[2]!.columns.map((c) => c.name)).toEqual(['artist', 'albums']);
    expect(schema.tables[0]!.rowCount).toBe(2);
  });

  it('prints text on a terminal, the view marked "(view)", and JSON there with --json', async () => {
    const text = await onTerminal(true, ['schema', '--db', file]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe('music.sqlite: 2 tables, 1 view');
    expect(text.stdout).toContain('\nartist (2 rows)\n  artist_id  INTEGER  PK        e.g. 1, 2\n  name       TEXT     NOT NULL  e.g. Ana, Bo\n');
    expect(text.stdout).toContain('\nalbums_per_artist (view)\n  artist  TEXT\n  albums\n');
    const json = await onTerminal(true, ['schema', '--db', file, '--json']);
    expect((JSON.parse(json.stdout) as Schema).tables.find((t) => t.name === 'albums_per_artist')?.kind).toBe('view');
  });
});
