import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { WRITES, fixtureBytes, sha256 } from './fixture.ts';

let bytes: Uint8Array;
let runner: SqlRunner;

beforeAll(async () => {
  bytes = await fixtureBytes();
  runner = await loadSqlRunner();
  expect(runner.open('db', bytes)).toMatchObject({ ok: true });
});

const codeOf = (out: ExecOutcome): string => (out.ok ? 'OK' : out.error.code);

/** Every table's rows plus sqlite_master, as one digest: what db.export() would show changed. */
const contentDigest = (r: SqlRunner): string => {
  const parts: unknown[] = [r.exec('db', 'SELECT type, name, sql FROM sqlite_master ORDER BY name')];
  for (const t of ['author', 'book', 'review', '"odd ""name"" table"', 'nums']) parts.push(r.exec('db', `SELECT * FROM ${t}`));
  return sha256(new TextEncoder().encode(JSON.stringify(parts, (k, v: unknown) => (k === 'ms' ? undefined : v))));
};

describe('runner exec', () => {
  it('returns column names and typed values: integer, real, text, null, blob, big integer', () => {
    const out = runner.exec('db', 'SELECT id, title, price, cover FROM book ORDER BY id');
    expect(out).toMatchObject({ ok: true, cut: false, columns: ['id', 'title', 'price', 'cover'] });
    if (!out.ok) return;
    expect(out.rows).toEqual([
      [1, 'Alpha', 9.5, { blob: 'deadbeef', bytes: 4 }],
      [2, 'Beta', null, null],
      [3, 'Gamma', 12, { blob: '00'.repeat(64), bytes: 100 }],
      [4, null, 7.25, null],
    ]);
    const big = runner.exec('db', `SELECT v FROM "odd ""name"" table" WHERE "the key" = 'k1'`);
    expect(big.ok && big.rows).toEqual([['9007199254740993']]);
  });

  it('keeps every INTEGER exact at the edge of a double, and REALs as numbers, in the same row', () => {
    const edge = 'SELECT 9007199254740991, -9007199254740991, 9007199254740992, -9007199254740993, 9223372036854775807, 1e20, 2.5, 3, 4.0';
    const out = runner.exec('db', edge);
    expect(out.ok && out.rows).toEqual([
      [9007199254740991, -9007199254740991, '9007199254740992', '-9007199254740993', '9223372036854775807', 1e20, 2.5, 3, 4],
    ]);
    const safe = runner.exec('db', 'SELECT 9007199254740991 - i FROM nums WHERE i <= 2 ORDER BY i');
    expect(safe.ok && safe.rows).toEqual([[9007199254740990], [9007199254740989]]);
  });

  it('cuts a result at the row cap and says so only when more rows exist', () => {
    const cut = runner.exec('db', 'SELECT i FROM nums ORDER BY i', 10);
    expect(cut.ok && cut.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cut.ok && cut.cut).toBe(true);
    expect(runner.exec('db', 'SELECT i FROM nums', 50)).toMatchObject({ ok: true, cut: false });
    expect(runner.exec('db', 'SELECT i FROM nums', 51)).toMatchObject({ ok: true, cut: false });
    expect(() => runner.exec('db', 'SELECT 1', -1)).toThrow(RangeError);
  });

  it('maps SQLite errors to codes with a message that says what to check', () => {
    const cases: [string, string][] = [
      ['SELEC 1', 'SYNTAX'],
      ['SELECT FROM book', 'SYNTAX'],
      ["SELECT 'abc", 'SYNTAX'],
      ['SELECT (1', 'SYNTAX'],
      ['SELECT * FROM singer', 'NO_SUCH_TABLE'],
      ['SELECT nmae FROM author', 'NO_SUCH_COLUMN'],
      ['SELECT id FROM author, book', 'AMBIGUOUS_COLUMN'],
      ['SELECT 1; SELECT 2', 'MULTI_STATEMENT'],
      ['  -- nothing\n;', 'EMPTY'],
      ['SELECT randomblob(2000000000)', 'TOO_LARGE'],
      ['SELECT nosuchfn(1)', 'SQLITE_ERROR'],
    ];
    for (const [sql, code] of cases) {
      const out = runner.exec('db', sql);
      expect(codeOf(out), sql).toBe(code);
      if (!out.ok) expect(out.error.message.length, sql).toBeGreaterThan(10);
    }
    const missing = runner.exec('db', 'SELECT * FROM singer');
    expect(!missing.ok && missing.error.message).toMatch(/no such table: singer.*schema/);
  });

  it('fails TOO_LARGE when a result outgrows its byte budget', async () => {
    const small = await loadSqlRunner({ maxResultBytes: 4096 });
    small.open('db', bytes);
    expect(codeOf(small.exec('db', "SELECT printf('%.*c', 1000, 'x') FROM nums"))).toBe('TOO_LARGE');
    expect(codeOf(small.exec('db', 'SELECT i FROM nums LIMIT 5'))).toBe('OK');
  });

  it('runs with query_only on, as a second line behind the guard', () => {
    const out = runner.exec('db', 'PRAGMA query_only');
    expect(out.ok && out.rows).toEqual([[1]]);
  });

  it('refuses every write and leaves both the caller bytes and the database unchanged', () => {
    const callerBefore = sha256(bytes);
    const before = contentDigest(runner);
    for (const sql of WRITES) expect(codeOf(runner.exec('db', sql)), sql).toBe('READONLY');
    expect(contentDigest(runner)).toBe(before);
    expect(sha256(bytes)).toBe(callerBefore);
  });

  it('normalizes SQL through SQLite, and gives null when it does not prepare', () => {
    const a = runner.normalizedSql('db', 'select   title from book where id = 3');
    const b = runner.normalizedSql('db', 'SELECT title\nFROM book WHERE id=4;');
    expect(a).toBeTypeOf('string');
    expect(a).toBe(b);
    expect(runner.normalizedSql('db', 'SELEC title FROM book')).toBeNull();
    expect(runner.normalizedSql('db', 'DELETE FROM book')).toBeNull();
  });
});

describe('runner open', () => {
  it('refuses a file that is not SQLite', () => {
    const text = new TextEncoder().encode('id,name\n1,Ann\n'.repeat(20));
    expect(runner.open('x', text)).toMatchObject({ ok: false, error: { code: 'NOT_SQLITE' } });
    expect(runner.open('x', new Uint8Array(0))).toMatchObject({ ok: false, error: { code: 'NOT_SQLITE' } });
    const dump = new TextEncoder().encode('CREATE TABLE t(a);\nINSERT INTO t VALUES (1);\n');
    const r = runner.open('x', dump);
    expect(!r.ok && r.error.message).toMatch(/SQL text dump/);
  });

  it('calls a truncated or damaged SQLite file CORRUPT', () => {
    expect(runner.open('x', bytes.slice(0, 60))).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    expect(runner.open('x', bytes.slice(0, 4096 * 2))).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    // Header page count marked stale (bytes 92..95 differ from 24..27): only SQLite itself can see the cut.
    const stale = bytes.slice(0, 4096 * 2);
    stale[95] = stale[95]! ^ 0xff;
    expect(runner.open('x', stale)).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    // Full length, but a page of junk in the middle.
    const junk = bytes.slice();
    for (let i = 4096; i < 4096 * 3; i += 1) junk[i] = (i * 7) & 0xff;
    expect(runner.open('x', junk)).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
  });

  it('keeps a few databases, closing the least recently used', async () => {
    const small = await loadSqlRunner({ maxOpen: 2 });
    for (const k of ['a', 'b']) small.open(k, bytes);
    small.exec('a', 'SELECT 1');
    small.open('c', bytes);
    expect(codeOf(small.exec('a', 'SELECT 1'))).toBe('OK');
    expect(() => small.exec('b', 'SELECT 1')).toThrow(RangeError);
    expect(small.close('c')).toBe(true);
    expect(() => small.exec('c', 'SELECT 1')).toThrow(RangeError);
  });
});

describe('runner schema', () => {
  it('describes tables, types, keys, foreign keys, row counts and samples', () => {
    const r = runner.schema('db');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const byName = new Map(r.schema.tables.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(['author', 'book', 'review', 'odd "name" table', 'nums']);
    const author = byName.get('author')!;
    expect(author.columns.map((c) => [c.name, c.type, c.notNull, c.pk])).toEqual([
      ['id', 'INTEGER', false, 1],
      ['name', 'TEXT', true, 0],
      ['born', 'REAL', false, 0],
    ]);
    expect(author.rowCount).toBe(3);
    expect(author.sql).toMatch(/^CREATE TABLE author/);
    expect([...author.columns[1]!.samples].sort()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(author.columns[2]!.samples.length).toBe(2); // NULL is not a sample
    const book = byName.get('book')!;
    expect(book.foreignKeys).toEqual([{ from: ['author_id'], table: 'author', to: ['id'] }]);
    expect([...book.columns.find((c) => c.name === 'cover')!.samples].sort()).toEqual(['<blob 100 bytes>', '<blob 4 bytes>']);
    const review = byName.get('review')!;
    expect(review.primaryKey).toEqual(['book_id', 'n']);
    expect(review.foreignKeys).toEqual([{ from: ['book_id'], table: 'book', to: ['id'] }]);
    const odd = byName.get('odd "name" table')!;
    expect(odd.columns.map((c) => c.name)).toEqual(['the key', 'v']);
    expect(odd.columns[0]!.samples.every((s) => s.length <= 40)).toBe(true);
    expect(odd.rowCount).toBe(3);
    const nums = byName.get('nums')!;
    expect(nums.rowCount).toBe(50);
    expect(nums.columns[0]!.samples).toHaveLength(3);
  });
});

describe('runner schema of a wide table', () => {
  it('gives every column of a 250-column table the samples its own DISTINCT query gives (columns read 100 at a time)', async () => {
    const SQL = await import('sql.js').then((m) => m.default());
    const db = new SQL.Database();
    const cols = Array.from({ length: 250 }, (_, i) => `c${i}`);
    db.exec(`CREATE TABLE wide (${cols.map((c) => `${c} INTEGER`).join(', ')})`);
    for (let r = 0; r < 6; r++) db.exec(`INSERT INTO wide VALUES (${cols.map((_, i) => ((r + i) % 4 === 0 ? 'NULL' : String((r * 7 + i) % 5))).join(', ')})`);
    const wide = new Uint8Array(db.export());
    db.close();
    const own = await loadSqlRunner();
    expect(own.open('wide', wide)).toMatchObject({ ok: true });
    const r = own.schema('wide');
    if (!r.ok) throw new Error(r.error.message);
    const columns = r.schema.tables[0]!.columns;
    expect(columns).toHaveLength(250);
    const expected = cols.map((c) => {
      const out = own.exec('wide', `SELECT DISTINCT ${c} FROM wide WHERE ${c} IS NOT NULL LIMIT 3`);
      return out.ok ? out.rows.map(([v]) => String(v)) : [];
    });
    expect(columns.map((c) => c.samples)).toEqual(expected);
    expect(expected.every((s) => s.length > 0)).toBe(true);
  });
});

describe('runner execBatch', () => {
  it('reports each statement in order, as exec would answer it, with the row cap', () => {
    const sqls = ['SELECT i FROM nums ORDER BY i', 'SELECT nmae FROM author', 'DELETE FROM book', 'SELECT count(*) FROM author'];
    const reports: [number, ExecOutcome][] = [];
    expect(runner.execBatch('db', sqls, 5, (i, out) => reports.push([i, out]))).toBe(sqls.length);
    const noMs = (o: ExecOutcome): unknown => ({ ...o, ms: undefined });
    expect(reports.map(([i]) => i)).toEqual([0, 1, 2, 3]);
    expect(reports.map(([, o]) => noMs(o))).toEqual(sqls.map((q) => noMs(runner.exec('db', q, 5))));
    expect(reports[0]![1]).toMatchObject({ ok: true, cut: true });
  });

  it('throws RangeError for a key that is not open, before reporting anything', () => {
    let reported = 0;
    expect(() => runner.execBatch('nope', ['SELECT 1'], undefined, () => (reported += 1))).toThrow(RangeError);
    expect(reported).toBe(0);
  });
});
