/**
 * Benchmark paths cannot escape: a db_id is a name, never a path, and the
 * database file found for it must really lie (symlinks followed) inside the
 * benchmark's database folder. Hostile dev.json, tables.json and candidate
 * files, and symlinks out of the benchmark, are refused with OUTSIDE_BENCH
 * before any outside file is opened; labels never disclose an outside file,
 * and ORM training (which reads a labeled file's databases in any layout)
 * keeps to the same rule.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dbIdProblem } from '../../src/core/bench/db-id.ts';
import { parseBenchmark, tryParseCandidateFile } from '../../src/core/bench/index.ts';
import { loadBenchmark } from '../../src/node/bench.ts';
import { loadLabeledData } from '../../src/node/orm/load.ts';
import { runCli } from '../cli/run-cli.ts';

const DEMO_DB = 'public/demo/database/demo/demo.sqlite';
const question = (db_id: string, query = 'SELECT count(*) FROM customers') => ({ db_id, question: 'How many?', query });
const record = (id: string, db_id: string, sql: string) => JSON.stringify({ id, db_id, question: 'q', gold: 'SELECT 1', candidates: [{ sql }] });

let root: string;
let bench: string;
let secret: string;

/** A bench folder with the demo database and a "secret" database beside it, outside the bench. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'confide-paths-'));
  bench = join(root, 'bench');
  mkdirSync(join(bench, 'database', 'demo'), { recursive: true });
  copyFileSync(DEMO_DB, join(bench, 'database', 'demo', 'demo.sqlite'));
  writeFileSync(join(bench, 'dev.json'), JSON.stringify([question('demo')]));
  mkdirSync(join(root, 'outside', 'secret'), { recursive: true });
  secret = join(root, 'outside', 'secret', 'secret.sqlite');
  copyFileSync(DEMO_DB, secret);
});

/** A db_id that climbs from `database/<id>/` to the outside secret (the form in the finding). */
const climbing = (): string => `../../../../../../../../../../../..${join(root, 'outside', 'secret', 'secret').replace(/\.sqlite$/, '')}`;

/** Ways a database named evil leads out of the benchmark's database folder. */
const symlinkCases: [string, () => void][] = [
  [
    'a database file symlinked out',
    () => {
      mkdirSync(join(bench, 'database', 'evil'));
      symlinkSync(secret, join(bench, 'database', 'evil', 'evil.sqlite'));
    },
  ],
  [
    'a database folder symlinked out',
    () => {
      mkdirSync(join(root, 'outside', 'evil'));
      copyFileSync(secret, join(root, 'outside', 'evil', 'evil.sqlite'));
      symlinkSync(join(root, 'outside', 'evil'), join(bench, 'database', 'evil'));
    },
  ],
  [
    'a relative symlink climbing out',
    () => {
      mkdirSync(join(bench, 'database', 'evil'));
      symlinkSync(relative(join(bench, 'database', 'evil'), secret), join(bench, 'database', 'evil', 'evil.sqlite'));
    },
  ],
  [
    'a symlink to /dev/zero',
    () => {
      mkdirSync(join(bench, 'database', 'evil'));
      symlinkSync('/dev/zero', join(bench, 'database', 'evil', 'evil.sqlite'));
    },
  ],
];

describe('a db_id is a name, not a path', () => {
  it.each([
    ['climbing', '../../etc/secret'],
    ['absolute', '/etc/secret'],
    ['a backslash', '..\\..\\secret'],
    ['dot-dot alone', '..'],
    ['dot alone', '.'],
    ['a drive letter', 'C:secret'],
    ['NUL', 'demo\u0000x'],
    ['empty', ''],
    ['too long', 'a'.repeat(201)],
  ])('refuses %s', (_, id) => {
    expect(dbIdProblem(id)).toMatch(/must be a database name/);
  });
  it.each(['demo', 'concert_singer', 'world_1', 'car..db', 'Ünïcode naïve'])('accepts %s', (id) => {
    expect(dbIdProblem(id)).toBeUndefined();
  });

  it('in a question file: OUTSIDE_BENCH naming the entry', () => {
    const text = JSON.stringify([question('demo'), question('../../secret')]);
    expect(() => parseBenchmark(text, { file: 'dev.json', split: 'dev' })).toThrow(expect.objectContaining({ code: 'OUTSIDE_BENCH', field: '[1].db_id' }));
  });

  it('in a candidate file: OUTSIDE_BENCH naming the line', () => {
    const r = tryParseCandidateFile([record('a', 'demo', 'SELECT 1'), record('b', '/etc/passwd', 'SELECT 1')].join('\n'), 'c.jsonl');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'OUTSIDE_BENCH', line: 2, field: 'db_id' });
  });
});

describe('confide label never opens a database outside the benchmark', () => {
  it('refuses a candidate file whose db_id climbs out, and writes nothing', async () => {
    const cands = join(root, 'c.jsonl');
    const out = join(root, 'out.jsonl');
    // The blind-extraction probe of the finding: the label would say whether the first letter of a name in the secret is 'c'.
    writeFileSync(
      cands,
      record('probe', climbing(), "SELECT 1 WHERE substr((SELECT name FROM sqlite_master WHERE type='table' ORDER BY name LIMIT 1),1,1)='c'") + '\n',
    );
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', out, '--workers', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('OUTSIDE_BENCH');
    expect(r.stderr).toMatch(/c\.jsonl:1: field "db_id" must be a database name, not a path/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a dev.json whose db_id climbs out', async () => {
    writeFileSync(join(bench, 'dev.json'), JSON.stringify([question('demo'), question(climbing())]));
    const cands = join(root, 'c.jsonl');
    writeFileSync(cands, record('dev-0', 'demo', 'SELECT count(*) FROM customers') + '\n');
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', join(root, 'out.jsonl'), '--workers', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/OUTSIDE_BENCH: .*dev\.json: field "\[1\]\.db_id" must be a database name/);
  });

  it('ignores a hostile tables.json: only dev.json names databases', async () => {
    writeFileSync(join(bench, 'tables.json'), JSON.stringify([{ db_id: climbing(), table_names_original: ['x'] }, { db_id: '/etc/passwd' }]));
    const cands = join(root, 'c.jsonl');
    const out = join(root, 'out.jsonl');
    writeFileSync(cands, record('dev-0', 'demo', 'SELECT count(*) FROM customers') + '\n');
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).db_id),
    ).toEqual(['demo']);
  });

  it.each(symlinkCases)('refuses %s, named by a candidate, with OUTSIDE_BENCH', async (_, make) => {
    make();
    const cands = join(root, 'c.jsonl');
    const out = join(root, 'out.jsonl');
    writeFileSync(cands, [record('dev-0', 'demo', 'SELECT count(*) FROM customers'), record('x', 'evil', 'SELECT count(*) FROM customers')].join('\n') + '\n');
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/skipped 1 record\(s\): database evil: OUTSIDE_BENCH: .*outside the benchmark's database folder/);
    expect(r.stderr).not.toMatch(/evil is not in the benchmark/);
    expect(
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).db_id),
    ).toEqual(['demo']);
  });

  it.each(symlinkCases)('refuses %s, named by dev.json, when loading the benchmark', async (_, make) => {
    make();
    writeFileSync(join(bench, 'dev.json'), JSON.stringify([question('demo'), question('evil')]));
    await expect(loadBenchmark(bench)).rejects.toMatchObject({ code: 'OUTSIDE_BENCH' });
  });

  it('refuses a test-suite database symlinked out, beside a database dev.json names, when loading the benchmark', async () => {
    symlinkSync(secret, join(bench, 'database', 'demo', 'demo_2.sqlite'));
    await expect(loadBenchmark(bench)).rejects.toMatchObject({ code: 'OUTSIDE_BENCH' });
  });

  it('skips, with OUTSIDE_BENCH, a database named by a candidate whose test-suite database is symlinked out', async () => {
    mkdirSync(join(bench, 'database', 'evil'));
    copyFileSync(DEMO_DB, join(bench, 'database', 'evil', 'evil.sqlite'));
    symlinkSync(secret, join(bench, 'database', 'evil', 'evil_2.sqlite'));
    const cands = join(root, 'c.jsonl');
    const out = join(root, 'out.jsonl');
    writeFileSync(cands, [record('dev-0', 'demo', 'SELECT count(*) FROM customers'), record('x', 'evil', 'SELECT count(*) FROM customers')].join('\n') + '\n');
    const r = await runCli(['label', '--bench', bench, '--candidates', cands, '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/skipped 1 record\(s\): database evil: OUTSIDE_BENCH: .*evil\/evil_2\.sqlite.*outside the benchmark's database folder/);
    expect(
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).db_id),
    ).toEqual(['demo']);
  });

  it('follows a symlink that stays inside the database folder', async () => {
    mkdirSync(join(bench, 'database', 'alias'));
    symlinkSync(join(bench, 'database', 'demo', 'demo.sqlite'), join(bench, 'database', 'alias', 'alias.sqlite'));
    writeFileSync(join(bench, 'dev.json'), JSON.stringify([question('demo'), question('alias')]));
    const b = await loadBenchmark(bench);
    expect(b.questions.map((q) => q.db_id)).toEqual(['demo', 'alias']);
    expect(b.dbPath('alias')).toMatch(/database[/\\]demo[/\\]demo\.sqlite$/);
  });
});

describe('ORM training reads no database outside the benchmark', () => {
  const bareFolderOut: [string, () => void] = [
    'a database folder of the bare layout symlinked out',
    () => {
      mkdirSync(join(root, 'outside', 'evil'));
      copyFileSync(secret, join(root, 'outside', 'evil', 'evil.sqlite'));
      symlinkSync(join(root, 'outside', 'evil'), join(bench, 'evil'));
    },
  ];

  it.each([...symlinkCases, bareFolderOut])('refuses %s, named by a labeled candidate file, with OUTSIDE_BENCH', async (_, make) => {
    make();
    const cands = join(root, 'labeled.jsonl');
    writeFileSync(cands, [record('dev-0', 'demo', 'SELECT count(*) FROM customers'), record('x', 'evil', 'SELECT count(*) FROM customers')].join('\n') + '\n');
    await expect(loadLabeledData(cands, bench)).rejects.toMatchObject({ code: 'OUTSIDE_BENCH' });
  });

  it('reads the databases inside, in any layout', async () => {
    mkdirSync(join(bench, 'dev_databases', 'bird'), { recursive: true });
    copyFileSync(DEMO_DB, join(bench, 'dev_databases', 'bird', 'bird.sqlite'));
    const cands = join(root, 'labeled.jsonl');
    writeFileSync(cands, [record('dev-0', 'demo', 'SELECT 1'), record('b', 'bird', 'SELECT 1'), record('m', 'missing', 'SELECT 1')].join('\n') + '\n');
    const data = await loadLabeledData(cands, bench);
    expect([...data.schemas.keys()]).toEqual(['demo', 'bird']);
    expect(data.unlocated).toEqual(['missing']);
  });
});
