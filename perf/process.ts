/**
 * Whole-process figures: what a person waits for, from a command's start to
 * its exit (start-up, reading and writing included), side by side with a
 * reference, in one run. Each pair runs the two commands one after the other
 * (Confide first, then the reference), after one warm-up pair; reported are
 * the median wall and CPU seconds of each side (CPU: user + system of the
 * finished child, from /proc, so Linux only; NaN elsewhere) and the median of
 * the pairs' wall ratios (Confide / reference), since a shared machine's load
 * drifts between pairs.
 *
 * - `--help`: `node bin/confide.mjs --help` against `node -e ''`.
 * - label: `confide label --rule spider-keep-distinct` against
 *   perf/reference/label.py, a plain single-threaded Python sqlite3 labeler
 *   with that rule's reading (DISTINCT kept; row order when the gold orders
 *   its result) and the same limits; the two files' labels are compared.
 * - eval: `confide eval --orm public/models/orm-v2.onnx --bootstrap 1000`
 *   against the same script with `--eval` (labels, then three signals' AUROC
 *   with a 1,000-resample bootstrap, numpy and scipy).
 *
 * Both on ../shared/data/real-candidates/spider-dev-A.jsonl (real systems'
 * candidates) and on a full-size pool made here with `confide synth --n 19`
 * (Spider dev, 19 simulated candidates per question).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'bin/confide.mjs');
const REFERENCE = join(ROOT, 'perf/reference/label.py');
const ORM = join(ROOT, 'public/models/orm-v2.onnx');

/** One side's medians over the timed runs. */
export interface SideFigures {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
}

/** A side-by-side comparison of two commands. */
export interface ProcessPair {
  readonly confide: SideFigures;
  readonly reference: SideFigures;
  /** Median of the pairs' wall ratios, Confide / reference. */
  readonly ratio: number;
  readonly pairs: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** CPU seconds used by this process's finished children so far (Linux /proc; NaN elsewhere). */
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3rd), in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/** Runs one command to its end; its wall and CPU seconds. Throws with its stderr when it fails. */
function timed(argv: readonly string[]): SideFigures {
  const c0 = childrenCpuSeconds();
  const t0 = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 2 ** 20 });
  const wallSeconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited with ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
  return { wallSeconds, cpuSeconds: childrenCpuSeconds() - c0 };
}

/**
 * Times `confide` and `reference` in pairs (one warm-up pair first).
 *
 * @example
 * comparePair(['node', 'bin/confide.mjs', '--help'], ['node', '-e', ''], 10).ratio; // ≈ 1.3
 */
export function comparePair(confide: readonly string[], reference: readonly string[], pairs: number): ProcessPair {
  timed(confide);
  timed(reference);
  const a: SideFigures[] = [];
  const b: SideFigures[] = [];
  for (let i = 0; i < pairs; i++) {
    a.push(timed(confide));
    b.push(timed(reference));
  }
  const side = (xs: SideFigures[]): SideFigures => ({ wallSeconds: median(xs.map((x) => x.wallSeconds)), cpuSeconds: median(xs.map((x) => x.cpuSeconds)) });
  return { confide: side(a), reference: side(b), ratio: median(a.map((x, i) => x.wallSeconds / b[i]!.wallSeconds)), pairs };
}

/** Whether python3 on PATH has numpy and scipy (the eval reference's bootstrap). */
export function referenceCanEvaluate(): boolean {
  return spawnSync('python3', ['-c', 'import numpy, scipy'], { stdio: 'ignore' }).status === 0;
}

/** How many candidates both files label, and on how many they agree. */
function agreement(confideFile: string, referenceFile: string): { compared: number; agree: number } {
  const lines = (f: string): { id: string; candidates: { correct?: boolean }[] }[] =>
    readFileSync(f, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const ref = new Map(lines(referenceFile).map((r) => [r.id, r]));
  let compared = 0;
  let agree = 0;
  for (const r of lines(confideFile)) {
    const other = ref.get(r.id);
    r.candidates.forEach((c, i) => {
      const d = other?.candidates[i];
      if (c.correct === undefined || d?.correct === undefined) return;
      compared++;
      if (c.correct === d.correct) agree++;
    });
  }
  return { compared, agree };
}

/** The figures of one candidate file. */
export interface FileFigures {
  readonly file: string;
  readonly candidates: number;
  readonly label: ProcessPair & { readonly compared: number; readonly agree: number };
  /** null when python3 lacks numpy or scipy. */
  readonly eval: ProcessPair | null;
}

/**
 * Every whole-process figure on Spider: `--help`, then label and eval on
 * spider-dev-A (when present) and on a pool `confide synth --n 19` makes.
 *
 * @example
 * const r = benchProcesses('../shared/data/spider', '../shared/data/real-candidates/spider-dev-A.jsonl');
 */
export function benchProcesses(spider: string, realCandidates: string, passes = { help: 10, label: 5, eval: 3 }): { help: ProcessPair; files: FileFigures[] } {
  const help = comparePair([process.execPath, CLI, '--help'], [process.execPath, '-e', ''], passes.help);
  const dir = mkdtempSync(join(tmpdir(), 'confide-process-'));
  try {
    const synth = join(dir, 'synth-19.jsonl');
    timed([process.execPath, CLI, 'synth', '--bench', spider, '--n', '19', '--out', synth]);
    const files = [...(existsSync(realCandidates) ? [realCandidates] : []), synth].map((file): FileFigures => {
      const out = join(dir, 'confide.jsonl');
      const refOut = join(dir, 'reference.jsonl');
      const label = comparePair(
        [process.execPath, CLI, 'label', '--bench', spider, '--candidates', file, '--out', out, '--rule', 'spider-keep-distinct'],
        ['python3', REFERENCE, '--bench', spider, '--candidates', file, '--out', refOut],
        passes.label,
      );
      const evalPair = referenceCanEvaluate()
        ? comparePair(
            [process.execPath, CLI, 'eval', '--bench', spider, '--candidates', file, '--orm', ORM, '--bootstrap', '1000'],
            ['python3', REFERENCE, '--bench', spider, '--candidates', file, '--out', refOut, '--eval', '--bootstrap', '1000'],
            passes.eval,
          )
        : null;
      const candidates = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .reduce((n, l) => n + (JSON.parse(l) as { candidates: unknown[] }).candidates.length, 0);
      return { file: file === synth ? 'confide synth --n 19 (Spider dev)' : file, candidates, label: { ...label, ...agreement(out, refOut) }, eval: evalPair };
    });
    return { help, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
