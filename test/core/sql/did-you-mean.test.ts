/**
 * "Did you mean …?" from the errors SQLite really gives (sql.js runs each
 * query): a misspelt column is matched against the columns of the tables the
 * statement reads (its alias's table first), a misspelt table or view against
 * the schema's names, a column only another table has is named with that
 * table and the note that the query does not read it, and nothing is offered
 * when no name is near. Fixing a name rewrites identifiers only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/core/schema.ts';
import { renameIdentifier, suggestNames, suggestionWords } from '../../../src/core/sql/did-you-mean.ts';
import { namedTables } from '../../../src/core/sql/tables-named.ts';
import { editDistance, nearestNames } from '../../../src/core/text/nearest-name.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';

let runner: SqlRunner;
let schema: Schema;

beforeAll(async () => {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec(`CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
    CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER REFERENCES Artist);
    CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER, Milliseconds INTEGER, Composer TEXT);
    CREATE VIEW LongTracks AS SELECT Name FROM Track WHERE Milliseconds > 300000;`);
  const bytes = db.export();
  db.close();
  runner = await loadSqlRunner();
  runner.open('db', bytes);
  const r = runner.schema('db');
  if (!r.ok) throw new Error(r.error.message);
  schema = r.schema;
});

/** What SQLite says about `sql`, and the suggestion in words (null when none). */
function suggest(sql: string): string | null {
  const out = runner.exec('db', sql);
  if (out.ok) throw new Error(`${sql} ran`);
  const s = suggestNames(out.error, schema, sql);
  return s === null ? null : suggestionWords(s);
}

describe('did you mean', () => {
  it('offers the column of the table the query reads for a misspelt one', () => {
    expect(suggest('SELECT Nme FROM Artist')).toBe('Did you mean Name?');
    expect(suggest('SELECT Titel FROM Album')).toBe('Did you mean Title?');
    expect(suggest('SELECT name FROM Track WHERE Milisecond > 300')).toBe('Did you mean Milliseconds?');
  });

  it('reads an alias to find the table a qualified column belongs to', () => {
    expect(suggest('SELECT t.Nmae FROM Track AS t JOIN Album a ON t.AlbumId = a.AlbumId')).toBe('Did you mean Name?');
    expect(suggest('SELECT a.Titl FROM Track t JOIN Album a ON t.AlbumId = a.AlbumId')).toBe('Did you mean Title?');
    // The column exists, but in the other table the query reads.
    expect(suggest('SELECT a.Composer FROM Track t JOIN Album a ON t.AlbumId = a.AlbumId')).toBe('Did you mean Track.Composer?');
  });

  it('names a column only another table has, and says the query does not read that table', () => {
    expect(suggest('SELECT Title FROM Track')).toBe('Did you mean Album.Title? (The query does not read Album.)');
  });

  it('offers near table and view names for a misspelt one, and nothing when no name is near', () => {
    expect(suggest('SELECT * FROM Trak')).toBe('Did you mean Track?');
    expect(suggest('SELECT * FROM LongTrack')).toBe('Did you mean LongTracks?');
    expect(suggest('SELECT * FROM Invoice')).toBeNull();
    expect(suggest('SELECT Zzzzz FROM Track')).toBeNull();
    expect(suggest('SELEC 1')).toBeNull(); // a syntax error is not about names
  });

  it('rewrites only identifiers when a suggestion is taken', () => {
    expect(renameIdentifier('SELECT Nme, "nme" FROM Artist WHERE Nme = \'Nme\' -- Nme', 'Nme', 'Name')).toBe(
      "SELECT Name, Name FROM Artist WHERE Name = 'Nme' -- Nme",
    );
    expect(renameIdentifier('SELECT x FROM t', 'x', 'order')).toBe('SELECT "order" FROM t');
  });
});

describe('names and distances', () => {
  it('counts a swap of neighbours as one edit, and keeps every name at the nearest distance', () => {
    expect(editDistance('lable', 'label')).toBe(1);
    expect(editDistance('Nme', 'Name')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nearestNames(['Named', 'Name', 'Names'], 'nam', { minEdits: 1, ignoreCase: true })).toEqual(['Name']);
    expect(nearestNames(['cat', 'car', 'cab'], 'caz', { minEdits: 1 })).toEqual(['cat', 'car', 'cab']);
    expect(nearestNames(['label', 'eval'], 'lab', { minEdits: 2, prefix: true })).toEqual(['label']);
  });

  it('reads the tables a statement names and the aliases it gives them, not keywords', () => {
    const n = namedTables('SELECT * FROM Track t JOIN "Album" AS a ON 1 WHERE 1', schema);
    expect(n.tables.map((t) => t.name)).toEqual(['Album', 'Track']);
    expect([...n.aliases].map(([k, v]) => [k, v.name])).toEqual([
      ['t', 'Track'],
      ['a', 'Album'],
    ]);
    expect(namedTables('SELECT * FROM Track WHERE 1', schema).aliases.size).toBe(0);
  });
});
