/**
 * What a person sees when a command fails: one line that says what and where
 * (never a stack trace, never the same code twice), and for a mistyped flag
 * the nearest flag the command has instead of the whole help. Every
 * subcommand is run on bad input, in-process and through the real binary.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const STACK = /^\s+at .*(:\d+:\d+\)?|\(native\)|<anonymous>)$/m;
let root: string;
let bomOnly: string;
let bench: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'confide-errors-'));
  bomOnly = join(root, 'bom.jsonl');
  writeFileSync(bomOnly, '\uFEFF');
  bench = join(root, 'bench');
  mkdirSync(bench);
  writeFileSync(join(bench, 'dev.json'), '{ not json');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const missing = (name: string): string => join(root, 'missing', name);
const BAD: [string, () => string[]][] = [
  ['schema: no such database', () => ['schema', '--db', missing('x.sqlite')]],
  ['schema: a text file as the database', () => ['schema', '--db', bomOnly]],
  ['label: no such benchmark', () => ['label', '--bench', missing('b'), '--candidates', bomOnly, '--out', join(root, 'o.jsonl')]],
  ['label: a question file that is not JSON', () => ['label', '--bench', bench, '--candidates', bomOnly, '--out', join(root, 'o.jsonl')]],
  ['eval: a candidate file holding only a BOM', () => ['eval', '--bench', 'public/demo', '--candidates', bomOnly]],
  ['eval: --bootstrap not a number', () => ['eval', '--bench', 'public/demo', '--candidates', bomOnly, '--bootstrap', 'many']],
  ['ask: neither --db nor --bench', () => ['ask', '--candidates', bomOnly]],
  ['ask: no such database', () => ['ask', '--db', missing('x.sqlite'), '--question', 'q', '--candidates', bomOnly]],
  [
    'ask: a profile that is not JSON',
    () => ['ask', '--db', 'public/demo/database/demo/demo.sqlite', '--question', 'q', '--candidates', bomOnly, '--profile', bomOnly],
  ],
  ['ask: a candidate file with no records', () => ['ask', '--bench', 'public/demo', '--candidates', bomOnly]],
  ['ask: --orm not a model', () => ['ask', '--bench', 'public/demo', '--candidates', 'public/demo/candidates.jsonl', '--orm', bomOnly]],
  ['synth: no such benchmark', () => ['synth', '--bench', missing('b'), '--out', join(root, 's.jsonl')]],
  [
    'curate: no such candidate file',
    () => ['curate', '--bench', 'public/demo', '--split', 'dev', '--candidates', missing('c.jsonl'), '--out', join(root, 'cur.jsonl')],
  ],
  ['curate: an output folder that does not exist', () => ['curate', '--bench', 'public/demo', '--split', 'dev', '--out', missing('cur.jsonl')]],
];

describe('every subcommand fails in one line, without a stack trace', () => {
  it.each(BAD)('%s', async (_, args) => {
    const r = await runCli(args());
    expect(r.code).toBeGreaterThan(0);
    const text = r.stderr.trim();
    expect(text).toMatch(new RegExp(`^confide ${args()[0]}: `));
    expect(text).not.toMatch(STACK);
    expect(text).not.toMatch(/\b(RangeError|TypeError|ReferenceError)\b/);
    expect(text).not.toMatch(/\b([A-Z_]{3,}): \1\b/); // a code said twice ("ENOENT: ENOENT")
    expect(text).not.toContain('Flags:'); // not the whole help
  });

  it('eval on fewer than 2 labeled questions says how many were found and why the others were left out', async () => {
    const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', bomOnly]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TOO_FEW_LABELED: .*0 labeled questions/);
    expect(r.stderr).toMatch(/holds no questions/);
  });

  it('a missing database says what and where once', async () => {
    const r = await runCli(['ask', '--db', missing('x.sqlite'), '--question', 'q', '--candidates', bomOnly]);
    expect(r.stderr.trim()).toBe(`confide ask: INPUT_NOT_FOUND: --db ${missing('x.sqlite')} does not exist`);
  });
});

describe('a mistyped flag or command names the nearest one', () => {
  it.each([
    [['ask', '--candidate', 'x.sql'], '--candidate', '--candidates'],
    [['eval', '--per_question', 'q.jsonl'], '--per_question', '--per-question'],
    [['label', '--bnech', 'b'], '--bnech', '--bench'],
  ])('%j', async (args, typed, near) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown flag ${typed}; did you mean ${near}?`);
    expect(r.stderr).not.toContain('Flags:');
    expect(r.stderr).toContain(`confide ${args[0]} --help`);
  });

  it('a mistyped command names the nearest command', async () => {
    const r = await runCli(['lable', '--bench', 'public/demo']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('confide: unknown command "lable"; did you mean "label"?');
    expect((await runCli(['frobnicate'])).stderr.split('\n')[0]).toBe('confide: unknown command "frobnicate"');
  });

  it('a flag far from every one is named alone', async () => {
    const r = await runCli(['schema', '--db', 'x', '--zzzzzzzz']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown flag --zzzzzzzz\n');
  });
});

describe('through the real binary', () => {
  const run = promisify(execFile);
  it.each([
    ['schema', ['schema', '--db', '/nonexistent/x.sqlite']],
    ['eval', ['eval', '--bench', 'public/demo', '--candidates', '/nonexistent/c.jsonl']],
    ['ask', ['ask', '--candidate', 'x']],
  ])(
    '%s: one line on stderr, no stack',
    async (_, args) => {
      const r = await run(process.execPath, ['bin/confide.mjs', ...args]).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
      expect(r.code).toBeGreaterThan(0);
      expect(r.stderr).not.toMatch(STACK);
      expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    },
    60_000,
  );
});
