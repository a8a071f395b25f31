/**
 * What the commands that execute a candidate file against a benchmark (label,
 * eval, curate) share besides their flags (BENCH_FLAGS in specs.ts): the
 * inputs those flags name, the rule, and the one step they share: load the
 * benchmark and the candidates (openBench) and prepare (execute + label)
 * every record, saying on stderr what was left out (reportRun). `confide eval`
 * opens them the same way and prepares through core's `evaluateFile`.
 */
import { EQUIVALENCE_RULES, isEquivalenceRule, type EquivalenceRule } from '../core/results/index.ts';
import type { QuestionRecord } from '../core/bench/types.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import { loadBenchmark, readCandidateFile, type LoadedBenchmark } from '../node/bench.ts';
import { prepareRun, type PreparedRun, type PrepareRunOptions } from '../node/prepare.ts';
import type { InputPath } from '../node/input-file.ts';
import { createNodeAnalyzer, type NodeAnalyzer } from '../node/analysis-worker.ts';
import { createNodeSqlPool } from '../node/sql-pool.ts';
import { numberFlag, UsageError, type FlagValues } from './args.ts';
import { progressReporter } from './progress.ts';
import type { BENCH_FLAGS } from './specs.ts';

/** The values of BENCH_FLAGS as parseFlags gives them (label's and eval's flags include them). */
export type BenchFlagValues = FlagValues<typeof BENCH_FLAGS>;

/**
 * The inputs the benchmark flags name: the benchmark folder and, when given, the candidate file.
 *
 * @example
 * checkInputs(benchInputs(flags));
 */
export function benchInputs(flags: Pick<BenchFlagValues, 'bench'> & { readonly candidates?: string | undefined }): InputPath[] {
  const inputs: InputPath[] = [{ flag: '--bench', path: flags.bench, kind: 'folder' }];
  if (flags.candidates !== undefined && flags.candidates !== '-') inputs.push({ flag: '--candidates', path: flags.candidates });
  return inputs;
}

/**
 * Reads the rule flag (core/results/rules.ts lists the rules).
 *
 * @example
 * ruleFlag({ rule: 'bird' }); // 'bird'
 */
export function ruleFlag(flags: Pick<BenchFlagValues, 'rule'>): EquivalenceRule {
  const rule = flags.rule;
  if (!isEquivalenceRule(rule)) throw new UsageError(`--rule must be ${EQUIVALENCE_RULES.map((r) => r.rule).join(', ')}; got ${JSON.stringify(rule)}`);
  return rule;
}

/** The benchmark and the candidate file read, with the threads that prepare them; `end` ends the threads (once). */
export interface OpenedBench {
  readonly rule: EquivalenceRule;
  readonly timeoutMs: number;
  readonly sqlPool: SqlPool;
  readonly analyzer: NodeAnalyzer | undefined;
  readonly bench: LoadedBenchmark;
  readonly records: QuestionRecord[];
  end(): void;
}

/**
 * Starts a worker pool (and, unless `labelsOnly`, an analysis thread; with
 * `ormFacts`, it makes the ORM's facts too), then loads the benchmark and the
 * candidates while they start. The threads end if loading fails; else the caller ends them.
 *
 * @example
 * const opened = await openBench(flags, { ormFacts: true });
 * try { ... } finally { opened.end(); }
 */
export async function openBench(flags: BenchFlagValues, options: { labelsOnly?: boolean; ormFacts?: boolean } = {}): Promise<OpenedBench> {
  const rule = ruleFlag(flags);
  const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
  const workers = flags.workers === undefined ? undefined : numberFlag(flags, 'workers', 4);
  // The threads start first: they load while the benchmark and the candidates are read.
  const sqlPool = createNodeSqlPool({ timeoutMs, ...(workers !== undefined ? { size: workers } : {}) });
  const analyzer = options.labelsOnly === true ? undefined : createNodeAnalyzer({ facts: options.ormFacts === true });
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    sqlPool.terminate();
    analyzer?.terminate();
  };
  try {
    const bench = await loadBenchmark(flags.bench, { split: flags.split });
    const records = await readCandidateFile(flags.candidates);
    return { rule, timeoutMs, sqlPool, analyzer, bench, records, end };
  } catch (e) {
    end();
    throw e;
  }
}

/**
 * Loads the benchmark and candidates and prepares (executes + labels) every
 * record on a worker pool of its own, ended before this returns; reports
 * skipped records on stderr. `labelsOnly` when only the labels will be read;
 * otherwise the candidates are parsed on an analysis thread beside execution
 * (with `ormFacts`, the ORM's facts too, in `run.facts`).
 *
 * @example
 * const { run, rule } = await prepareFromFlags(parseFlags(spec, argv), { labelsOnly: true });
 */
export async function prepareFromFlags(
  flags: BenchFlagValues,
  options: { labelsOnly?: boolean; ormFacts?: boolean; evidence?: boolean } = {},
): Promise<{ run: PreparedRun; rule: EquivalenceRule }> {
  const opened = await openBench(flags, options);
  try {
    const run = await prepareRun(opened.records, opened.bench, prepareRunOptions(opened, options));
    reportRun(run);
    return { run, rule: opened.rule };
  } finally {
    opened.end();
  }
}

/**
 * How `prepareRun` (or `prepareInputs`) runs over an opened benchmark: its
 * pool, rule, time limit and analyzer, progress on stderr as "executing".
 *
 * @example
 * const { access, options } = prepareInputs(opened.bench, prepareRunOptions(opened, { evidence: true }));
 */
export function prepareRunOptions(opened: OpenedBench, options: { labelsOnly?: boolean; evidence?: boolean }): PrepareRunOptions {
  return {
    sqlPool: opened.sqlPool,
    rule: opened.rule,
    timeoutMs: opened.timeoutMs,
    labelsOnly: options.labelsOnly === true,
    ...(options.evidence === true ? { evidence: true } : {}),
    ...(opened.analyzer === undefined ? {} : { analyzer: opened.analyzer }),
    onProgress: progressReporter('executing'),
  };
}

/**
 * Says on stderr what a prepared run left out: records of missing or
 * unopened databases, records with no gold, test-suite databases that did
 * not open, and questions whose gold failed.
 *
 * @example
 * reportRun(run);
 */
export function reportRun(run: PreparedRun): void {
  for (const s of run.skippedMissingDb) {
    const ids = s.ids.slice(0, 5).join(', ') + (s.ids.length > 5 ? ', …' : '');
    process.stderr.write(`skipped ${s.records} record(s) (id ${ids}): database ${s.db_id} is not in the benchmark\n`);
  }
  for (const b of run.badDbs) process.stderr.write(`skipped ${b.records} record(s): database ${b.db_id}: ${b.code}: ${b.message}\n`);
  if (run.noGold > 0) process.stderr.write(`${run.noGold} record(s) have no gold SQL (neither in the file nor in the benchmark)\n`);
  for (const f of run.suiteFailures)
    process.stderr.write(
      `test-suite database ${f.db_id}/${f.name} could not be opened (${f.code}: ${f.message}); the questions it was to check are left unlabeled\n`,
    );
  const goldErrors = run.prepared.filter((p) => p.goldError !== undefined).length;
  if (goldErrors > 0)
    process.stderr.write(`${goldErrors} question(s) whose gold SQL failed to execute (on some database of their folder) are left unlabeled\n`);
}
