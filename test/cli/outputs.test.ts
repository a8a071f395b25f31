/**
 * Outputs never alias inputs: every `--out`, `--json`, `--per-question` and
 * `--report` is compared by real path (and inode) with every input and with
 * the benchmark's database folder; a clash is refused before anything runs
 * (exit 1, a typed code), and the input is left byte for byte as it was.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

let root: string;
let bench: string;
let db: string;
let cands: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'confide-outputs-'));
  bench = join(root, 'bench');
  mkdirSync(join(bench, 'database', 'demo'), { recursive: true });
  db = join(bench, 'database', 'demo', 'demo.sqlite');
  copyFileSync('public/demo/database/demo/demo.sqlite', db);
  copyFileSync('public/demo/dev.json', join(bench, 'dev.json'));
  cands = join(root, 'c.jsonl');
  const s = await runCli(['synth', '--bench', bench, '--n', '2', '--limit', '3', '--out', cands]);
  expect(s.code, s.stderr).toBe(0);
  symlinkSync(cands, join(root, 'link-to-c.jsonl'));
  linkSync(cands, join(root, 'hard-c.jsonl'));
  copyFileSync('public/models/orm-v1.onnx', join(root, 'm.onnx'));
  copyFileSync('public/models/orm-v1.json', join(root, 'm.json'));
  symlinkSync(join(bench, 'database'), join(root, 'db-folder-link'));
});

const evalArgs = (...rest: string[]): string[] => ['eval', '--bench', bench, '--candidates', cands, '--bootstrap', '50', '--workers', '1', ...rest];

describe('an output that would overwrite an input is refused, and the input survives', () => {
  const cases: [string, () => string[], string][] = [
    ['eval --json onto a database of the benchmark', () => evalArgs('--json', db), 'OUTPUT_IN_BENCH'],
    ['eval --json onto the candidate file', () => evalArgs('--json', cands), 'OUTPUT_IS_INPUT'],
    ['eval --per-question onto a symlink to the candidate file', () => evalArgs('--per-question', join(root, 'link-to-c.jsonl')), 'OUTPUT_IS_INPUT'],
    ['eval --json onto a hard link of the candidate file', () => evalArgs('--json', join(root, 'hard-c.jsonl')), 'OUTPUT_IS_INPUT'],
    ['eval --json onto dev.json', () => evalArgs('--json', join(bench, 'dev.json')), 'OUTPUT_IS_INPUT'],
    [
      'eval --json and --per-question the same file',
      () => evalArgs('--json', join(root, 'r.json'), '--per-question', join(root, '.', 'r.json')),
      'OUTPUT_TWICE',
    ],
    [
      'eval --json as a new file inside the database folder, through a symlinked folder',
      () => evalArgs('--json', join(root, 'db-folder-link', 'report.json')),
      'OUTPUT_IN_BENCH',
    ],
    ["eval --json onto the ORM model's sidecar", () => evalArgs('--orm', join(root, 'm.onnx'), '--json', join(root, 'm.json')), 'OUTPUT_IS_INPUT'],
    ['label --out onto the candidate file', () => ['label', '--bench', bench, '--candidates', cands, '--out', cands], 'OUTPUT_IS_INPUT'],
    ['label --out onto a database', () => ['label', '--bench', bench, '--candidates', cands, '--out', db], 'OUTPUT_IN_BENCH'],
    [
      'curate --report onto the candidate file',
      () => ['curate', '--bench', bench, '--split', 'dev', '--candidates', cands, '--out', join(root, 'cur.jsonl'), '--report', cands],
      'OUTPUT_IS_INPUT',
    ],
    ['synth --out onto a database', () => ['synth', '--bench', bench, '--out', db], 'OUTPUT_IN_BENCH'],
  ];
  it.each(cases)('%s', async (_, args, code) => {
    const inputs = [db, cands, join(bench, 'dev.json'), join(root, 'm.json')];
    const before = inputs.map(sha);
    const r = await runCli(args());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${code}: `);
    expect(inputs.map(sha)).toEqual(before);
    expect(existsSync(join(root, 'r.json'))).toBe(false);
  });

  it('writes when the outputs are elsewhere', async () => {
    const r = await runCli(evalArgs('--json', join(root, 'ok.json'), '--per-question', join(root, 'ok.jsonl')));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'ok.json'), 'utf8')).n_questions).toBe(3);
  });
});
