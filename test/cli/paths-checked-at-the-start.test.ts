/**
 * Every path a command is given is checked before any work, and a refusal
 * names the path the person gave (never a temporary file):
 * - an output must be a regular file, or a new name in a folder that exists:
 *   a FIFO, a folder, a symlink to anything but a regular file (a device),
 *   or a file of a kernel file system (/proc) is refused; so is a missing
 *   folder, at the start, in words; a symlink to a regular file is written
 *   through (the link stays a link);
 * - an output is never an input's SQLite sidecar (`-wal`, `-shm`,
 *   `-journal`): a report written over the `-wal` of a WAL database would
 *   throw away its last committed transactions;
 * - an input must be a regular file (a device, FIFO or folder is refused
 *   before a byte is read), and text read whole has a size cap.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const DEMO_DB = 'public/demo/database/demo/demo.sqlite';

let root: string;
let bench: string;
let cands: string;
let sql: string;
let fifo: string;
let wal: { db: string; walFile: string; rows: number };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'confide-paths-'));
  bench = join(root, 'bench');
  mkdirSync(join(bench, 'database', 'demo'), { recursive: true });
  copyFileSync(DEMO_DB, join(bench, 'database', 'demo', 'demo.sqlite'));
  copyFileSync('public/demo/dev.json', join(bench, 'dev.json'));
  cands = join(root, 'c.jsonl');
  const s = await runCli(['synth', '--bench', bench, '--n', '2', '--limit', '3', '--out', cands]);
  expect(s.code, s.stderr).toBe(0);
  sql = join(root, 'q.sql');
  writeFileSync(sql, 'SELECT count(*) FROM customers;\nSELECT count(*) FROM customers;\n');
  fifo = join(root, 'pipe');
  execFileSync('mkfifo', [fifo]);
  symlinkSync('/dev/null', join(root, 'null-link'));
  symlinkSync(join(root, 'gone.json'), join(root, 'dangling-link'));
  mkdirSync(join(root, 'a-folder'));
  writeFileSync(join(root, 'target.json'), 'old');
  symlinkSync(join(root, 'target.json'), join(root, 'file-link.json'));
  // A WAL database whose last 100 rows live only in its -wal: the pair is copied while the writer holds it open.
  const live = new Database(join(root, 'live.sqlite'));
  live.pragma('journal_mode = WAL');
  live.pragma('wal_autocheckpoint = 0');
  live.exec('CREATE TABLE t (i INTEGER)');
  live.pragma('wal_checkpoint(TRUNCATE)');
  live.exec('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i FROM n');
  const db = join(root, 'own.sqlite');
  copyFileSync(join(root, 'live.sqlite'), db);
  copyFileSync(join(root, 'live.sqlite-wal'), `${db}-wal`);
  live.close();
  wal = { db, walFile: `${db}-wal`, rows: 100 };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rowsOf = (db: string): number => {
  const ref = new Database(db, { readonly: true });
  try {
    return (ref.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    ref.close();
  }
};
const noTemp = (): void => expect(readdirSync(root).filter((n) => n.endsWith('.tmp'))).toEqual([]);
const askDb = (db: string, ...rest: string[]): string[] => ['ask', '--db', db, '--question', 'How many?', '--candidates', sql, ...rest];
const evalArgs = (...rest: string[]): string[] => ['eval', '--bench', bench, '--candidates', cands, '--bootstrap', '50', '--workers', '1', ...rest];

describe("an output is never an input's SQLite sidecar", () => {
  it('the uncheckpointed -wal of a WAL database is its committed data', () => expect(rowsOf(wal.db)).toBe(wal.rows));
  it.each(['-wal', '-shm', '-journal'])("ask --out onto the database's %s is refused, and the data stays", async (suffix) => {
    const target = `${wal.db}${suffix}`;
    const state = (): string | null => (existsSync(target) ? sha(target) : null);
    const before = { walFile: sha(wal.walFile), target: state() };
    const r = await runCli(askDb(wal.db, '--out', target));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('OUTPUT_IS_INPUT: ');
    expect(r.stderr).toContain(target);
    expect({ walFile: sha(wal.walFile), target: state() }).toEqual(before);
    expect(rowsOf(wal.db)).toBe(wal.rows);
  });
});

describe('an output must be a regular file or a new name in an existing folder', () => {
  const refused: [string, () => string][] = [
    ['a FIFO', () => fifo],
    ['a folder', () => join(root, 'a-folder')],
    ['a symlink to a device (/dev/null)', () => join(root, 'null-link')],
    ['a symlink to nothing', () => join(root, 'dangling-link')],
    ['a file of /proc', () => '/proc/self/environ'],
  ];
  it.each(refused)('label --out onto %s is refused before any work, naming the path given', async (_, path) => {
    const kind = lstatSync(path()).isSymbolicLink() ? 'link' : 'other';
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', path()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/OUTPUT_NOT_A_FILE: /);
    expect(r.stderr).toContain(path());
    expect(r.stderr).not.toMatch(/executing|\.tmp/);
    if (kind === 'link') expect(lstatSync(path()).isSymbolicLink()).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    noTemp();
  });

  it('a missing folder is refused at the start, in words, naming the path given', async () => {
    const out = join(root, 'no-such-folder', 'r.json');
    const r = await runCli(evalArgs('--json', out));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('OUTPUT_NO_FOLDER: ');
    expect(r.stderr).toContain(out);
    expect(r.stderr).not.toMatch(/executing|ENOENT|\.tmp/);
  });

  it('a symlink to a regular file is written through: the link stays and its file gets the output', async () => {
    const r = await runCli(evalArgs('--json', join(root, 'file-link.json')));
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(root, 'file-link.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'target.json'), 'utf8')).n_questions).toBe(3);
    noTemp();
  });
});

describe('an input must be a regular file', () => {
  const cases: [string, () => string[], string][] = [
    ['schema --db a FIFO', () => ['schema', '--db', fifo], '--db'],
    ['schema --db a device', () => ['schema', '--db', '/dev/null'], '--db'],
    ['schema --db a folder', () => ['schema', '--db', join(root, 'a-folder')], '--db'],
    ['ask --candidates a FIFO', () => ['ask', '--db', DEMO_DB, '--question', 'q', '--candidates', fifo], '--candidates'],
    ['ask --candidates a folder', () => ['ask', '--db', DEMO_DB, '--question', 'q', '--candidates', join(root, 'a-folder')], '--candidates'],
    ['ask --profile a device', () => askDb(DEMO_DB, '--profile', '/dev/null'), '--profile'],
    ['ask --profile a FIFO', () => askDb(DEMO_DB, '--profile', fifo), '--profile'],
    ['eval --orm a folder', () => evalArgs('--orm', join(root, 'a-folder')), '--orm'],
    ['label --candidates a FIFO', () => ['label', '--bench', bench, '--candidates', fifo, '--out', join(root, 'l.jsonl')], '--candidates'],
  ];
  it.each(cases)(
    '%s is refused before a byte is read',
    async (_, args, flag) => {
      const r = await runCli(args());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/INPUT_NOT_A_FILE: /);
      expect(r.stderr).toContain(flag);
    },
    20_000,
  );

  it('a missing database says so once, naming it', async () => {
    const r = await runCli(['schema', '--db', join(root, 'nope.sqlite')]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`confide schema: INPUT_NOT_FOUND: --db ${join(root, 'nope.sqlite')} does not exist`);
  });

  it('a 600 MB candidate text is refused by its size, not read into one string', async () => {
    const big = join(root, 'huge.sql');
    writeFileSync(big, 'SELECT 1;\n');
    truncateSync(big, 600 * 2 ** 20);
    const r = await runCli(['ask', '--db', DEMO_DB, '--question', 'q', '--candidates', big]);
    rmSync(big);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/INPUT_TOO_LARGE: --candidates .*huge\.sql is 600 MB/);
  });
});
