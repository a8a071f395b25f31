/**
 * `confide label`: executes every candidate against its database and writes
 * the same candidate file with `correct` (and `exec_error`) on each candidate.
 */
import { labeledRecord } from '../../core/eval/prepare.ts';
import type { EquivalenceRule } from '../../core/results/index.ts';
import { loadBenchmark, readCandidateFile, writeCandidateFileAtomic } from '../../node/bench.ts';
import { prepareRun } from '../../node/prepare.ts';
import { createNodeSqlPool } from '../../node/sqlPool.ts';
import { numberFlag, parseFlags, UsageError, type CommandSpec, type ParsedFlags } from '../args.ts';
import type { Command } from '../main.ts';
import { progressReporter } from '../progress.ts';

export const BENCH_FLAGS = {
  bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
  split: { type: 'string', default: 'dev', help: 'question file <split>.json' },
  candidates: { type: 'string', required: true, help: 'candidate file (JSON Lines)' },
  rule: { type: 'string', default: 'spider', help: 'equivalence rule: spider | bird' },
  'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
  workers: { type: 'string', help: 'SQL worker threads (default min(4, cores))' },
} as const;

const spec: CommandSpec = {
  name: 'label',
  summary: 'label candidates by execution equivalence against gold SQL',
  flags: { ...BENCH_FLAGS, out: { type: 'string', required: true, help: 'labeled candidate file to write' } },
};

/** Reads the rule flag. */
export function ruleFlag(flags: ParsedFlags): EquivalenceRule {
  const rule = flags.rule;
  if (rule !== 'spider' && rule !== 'bird') throw new UsageError(`--rule must be spider or bird, got ${JSON.stringify(rule)}`);
  return rule;
}

/** Loads the benchmark and candidates and prepares (executes + labels) every record; shared by label and eval. */
export async function prepareFromFlags(flags: ParsedFlags, labelsOnly = false) {
  const rule = ruleFlag(flags);
  const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
  const bench = await loadBenchmark(flags.bench as string, { split: flags.split as string });
  const records = await readCandidateFile(flags.candidates as string);
  const workers = flags.workers === undefined ? undefined : numberFlag(flags, 'workers', 4);
  const pool = createNodeSqlPool({ timeoutMs, ...(workers !== undefined ? { size: workers } : {}) });
  try {
    const run = await prepareRun(records, bench, { pool, rule, timeoutMs, labelsOnly, onProgress: progressReporter('executing') });
    for (const s of run.skippedMissingDb) {
      const ids = s.ids.slice(0, 5).join(', ') + (s.ids.length > 5 ? ', …' : '');
      process.stderr.write(`skipped ${s.records} record(s) (id ${ids}): database ${s.db_id} is not in the benchmark\n`);
    }
    for (const b of run.badDbs) process.stderr.write(`skipped ${b.records} record(s): database ${b.db_id}: ${b.code}: ${b.message}\n`);
    if (run.noGold > 0) process.stderr.write(`${run.noGold} record(s) have no gold SQL (neither in the file nor in the benchmark)\n`);
    const goldErrors = run.prepared.filter((p) => p.goldError !== undefined).length;
    if (goldErrors > 0) process.stderr.write(`${goldErrors} question(s) whose gold SQL failed to execute are left unlabeled\n`);
    return { run, rule, pool };
  } finally {
    pool.terminate();
  }
}

export const labelCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const { run } = await prepareFromFlags(flags, true);
    const out = run.records.map((r, i) => labeledRecord(r, run.prepared[i]!));
    await writeCandidateFileAtomic(flags.out as string, out);
    let correct = 0;
    let total = 0;
    for (const p of run.prepared) for (const c of p.candidates) if (c.correct !== null) { total++; if (c.correct) correct++; }
    process.stderr.write(`labeled ${total} candidates in ${out.length} questions: ${correct} correct, ${total - correct} incorrect → ${flags.out as string}\n`);
    return 0;
  },
};
