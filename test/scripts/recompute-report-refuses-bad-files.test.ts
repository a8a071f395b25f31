/**
 * `scripts/recompute-report.py` held to the CLI's standard. Before: `--json`
 * onto a FIFO or a link to a device replaced it with a regular file (as
 * root, /dev/null itself), a folder or a missing folder failed after the
 * whole computation with a traceback and left `*.tmp-<pid>` behind,
 * `combiner.folds: 0`, `signals` as a list and deep nesting gave tracebacks,
 * `/dev/zero` read until memory ran out, a FIFO hung, and `bootstrap.B =
 * 1e9` ran unbounded. Now each is one line on stderr, exit 2, before any
 * work, and nothing is written or left behind.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/recompute-report.py');
const PYTHONS = [process.env.CONFIDE_PYTHON, 'python3', '/usr/bin/python3'].filter((p): p is string => p !== undefined && p !== '');
const python = PYTHONS.find((p) => spawnSync(p, ['-c', 'import numpy, scipy'], { stdio: 'ignore' }).status === 0);

let dir: string;
let report: string;
let lines: string;
let good: Record<string, unknown>;

/** Runs the script (never longer than 20 s: a hang fails the test) and checks it said one line and left no temporary file. */
function run(args: readonly string[]): { status: number | null; stderr: string } {
  const r = spawnSync(python!, [SCRIPT, ...args], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] });
  expect(r.signal, 'it ended by itself').toBeNull();
  expect(r.stderr).not.toContain('Traceback');
  expect(readdirSync(dir).filter((f) => f.endsWith('.tmp') || f.includes('.tmp-'))).toEqual([]);
  return { status: r.status, stderr: r.stderr };
}

const refused = (args: readonly string[], words: string): void => {
  const r = run(args);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(words)]);
};

const reportWith = (name: string, change: (r: Record<string, any>) => void): string => {
  const r = structuredClone(good) as Record<string, any>;
  change(r);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(r));
  return path;
};

beforeAll(async () => {
  expect(python, 'a python3 with numpy and scipy (Debian: python3-numpy python3-scipy, or CONFIDE_PYTHON)').toBeDefined();
  dir = mkdtempSync(join(tmpdir(), 'confide-recompute-bad-'));
  report = join(dir, 'report.json');
  lines = join(dir, 'questions.jsonl');
  const r = await runCli([
    'eval',
    '--bench',
    'public/demo',
    '--candidates',
    'public/demo/candidates.jsonl',
    '--bootstrap',
    '200',
    '--json',
    report,
    '--per-question',
    lines,
  ]);
  expect(r.code, r.stderr).toBe(0);
  good = JSON.parse(readFileSync(report, 'utf8'));
});

describe('recompute-report.py outputs, checked before any work', () => {
  it('refuses a FIFO, a link to its own stdout, /dev/null, a folder, a missing folder and an input, leaving each as it was', () => {
    const fifo = join(dir, 'out.fifo');
    spawnSync('mkfifo', [fifo]);
    refused(['--report', report, '--per-question', lines, '--json', fifo], `--json ${fifo} is a FIFO (named pipe); choose a regular file or a new name`);
    expect(statSync(fifo).isFIFO()).toBe(true);
    const stdout = run(['--report', report, '--per-question', lines, '--json', '/proc/self/fd/1']);
    expect(stdout.status).toBe(2);
    expect(stdout.stderr).toMatch(
      /^recompute-report: --json \/proc\/self\/fd\/1 is a symbolic link to a (FIFO \(named pipe\)|socket); choose a regular file or a new name\n$/,
    );
    const toNull = join(dir, 'null-link');
    symlinkSync('/dev/null', toNull);
    refused(['--report', report, '--per-question', lines, '--json', toNull], 'is a symbolic link to a character device');
    refused(['--report', report, '--per-question', lines, '--json', '/dev/null'], '--json /dev/null is a character device');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(lstatSync(toNull).isSymbolicLink()).toBe(true);
    refused(['--report', report, '--per-question', lines, '--json', dir], 'is a folder');
    refused(['--report', report, '--per-question', lines, '--json', join(dir, 'missing', 'checks.json')], 'is in a folder that does not exist');
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling-link'));
    refused(['--report', report, '--per-question', lines, '--json', join(dir, 'dangling-link')], 'is a symbolic link to nothing');
    refused(['--report', report, '--per-question', lines, '--json', lines], 'is one of the inputs');
  });

  it('writes a new name, and through a link to a regular file, atomically, with nothing left beside it', () => {
    const out = join(dir, 'checks.json');
    expect(run(['--report', report, '--per-question', lines, '--json', out]).status).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).checks.length).toBeGreaterThan(100);
    const link = join(dir, 'checks-link.json');
    symlinkSync(out, link);
    writeFileSync(out, 'old');
    expect(run(['--report', report, '--per-question', lines, '--json', link]).status).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(out, 'utf8')).checks.length).toBeGreaterThan(100);
  });
});

describe('recompute-report.py inputs', () => {
  it('refuses /dev/zero, a FIFO and a folder before reading a byte, and a file past its cap by its size', () => {
    refused(['--report', '/dev/zero', '--per-question', lines], '--report /dev/zero is a character device, not a file');
    const fifo = join(dir, 'in.fifo');
    spawnSync('mkfifo', [fifo]);
    refused(['--report', fifo, '--per-question', lines], `--report ${fifo} is a FIFO (named pipe), not a file`);
    refused(['--report', report, '--per-question', dir], `--per-question ${dir} is a folder, not a file`);
    const huge = join(dir, 'huge.jsonl');
    closeSync(openSync(huge, 'w'));
    spawnSync('truncate', ['-s', '300M', huge]); // sparse: nothing is written
    refused(['--report', report, '--per-question', huge], `--per-question ${huge} is 300 MB; the limit is 256 MB`);
    refused(['--report', join(dir, 'absent.json'), '--per-question', lines], 'no such file');
    const latin = join(dir, 'latin.json');
    writeFileSync(latin, Buffer.from([0x7b, 0xe9, 0x7d]));
    refused(['--report', latin, '--per-question', lines], 'is not UTF-8 text');
  });

  it('says in one line what is wrong with a field: folds 0, signals as a list, resamples past the bound, deep nesting', () => {
    refused(
      ['--report', reportWith('folds0.json', (r) => (r.combiner.folds = 0)), '--per-question', lines],
      "the report's combiner.folds must be a whole number of folds, at least 1 (got 0)",
    );
    refused(
      ['--report', reportWith('list.json', (r) => (r.signals = Object.keys(r.signals))), '--per-question', lines],
      "the report's signals must be an object of signal name → figures (got list)",
    );
    refused(
      ['--report', reportWith('b.json', (r) => (r.bootstrap.B = 1e9)), '--per-question', lines],
      "the report's bootstrap.B must be a whole number of resamples from 1 to 100,000 (got 1000000000)",
    );
    refused(['--report', reportWith('half.json', (r) => (r.bootstrap.B = 2.5)), '--per-question', lines], 'bootstrap.B must be a whole number');
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, '['.repeat(100_000) + ']'.repeat(100_000));
    refused(['--report', deep, '--per-question', lines], 'is nested too deeply');
    const deepLine = join(dir, 'deep.jsonl');
    writeFileSync(deepLine, readFileSync(lines, 'utf8') + '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) + '\n');
    refused(['--report', report, '--per-question', deepLine], 'line 41 is nested too deeply');
    const arrays = join(dir, 'arrays.jsonl');
    writeFileSync(arrays, '[1, 2]\n');
    refused(['--report', report, '--per-question', arrays], '--per-question line 1 is not a per-question line of confide eval');
    refused(['--report'], 'expected one argument (see --help)');
  });
});
