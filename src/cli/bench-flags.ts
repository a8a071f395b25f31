/**
 * What the commands that execute a candidate file against a benchmark (label,
 * eval, curate) share besides their flags (BENCH_FLAGS in specs.ts): the
 * inputs those flags name, the rule, and the one step they share: load the
 * benchmark and the candidates and prepare (execute + label) every record.
 */
import { EQUIVALENCE_RULES, isEquivalenceRule, type EquivalenceRule } from '../core/results/index.ts';
import { loadBenchmark, readCandidateFile } from '../node/bench.ts';
import { prepareRun, type PreparedRun } from '../node/prepare.ts';
import type { InputPath } from '../node/input-file.ts';
import { createNodeAnalyzer } from '../node/analysis-worker.ts';
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
  const rule = ruleFlag(flags);
  const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
  const workers = flags.workers === undefined ? undefined : numberFlag(flags, 'workers', 4);
  // The threads start first: they load while the benchmark and the candidates are read.
  const pool = createNodeSqlPool({ timeoutMs, ...(workers !== undefined ? { size: workers } : {}) });
  const analyzer = options.labelsOnly === true ? undefined : createNodeAnalyzer({ facts: options.ormFacts === true });
  try {
    const bench = await loadBenchmark(flags.bench, { split: flags.split });
    const records = await readCandidateFile(flags.candidates);
    const run = await prepareRun(records, bench, {
      pool,
      rule,
      timeoutMs,
      labelsOnly: options.labelsOnly === true,
      ...(options.evidence === true ? { evidence: true } : {}),
      ...(analyzer === undefined ? {} : { analyzer }),
      onProgress: progressReporter('executing'),
    });
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
    return { run, rule };
  } finally {
    pool.terminate();
    analyzer?.terminate();
  }
}
