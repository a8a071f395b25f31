/**
 * `npx tsx scripts/orm/pools.ts --bench DIR --split train --candidates POOLS.jsonl --out FILE`
 *
 * Executes and labels sampled pools (e.g. from `confide synth --split train`)
 * and writes each candidate's agreement shares into `scores` (exec_share,
 * struct_share, string_share): the training file of
 * `npm run orm:train -- --agreement`.
 */
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { progressReporter } from '../../src/cli/progress.ts';
import { labelPoolsWithAgreement } from '../../src/node/orm/pools.ts';

const spec: CommandSpec = {
  name: 'orm:pools',
  summary: 'label sampled pools and add their agreement shares',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
    split: { type: 'string', default: 'train', help: 'question file <split>.json (gold SQL)' },
    candidates: { type: 'string', required: true, help: 'pools: a candidate file with N sampled candidates per question' },
    out: { type: 'string', required: true, help: 'labeled candidate file with agreement shares to write' },
    'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
    workers: { type: 'string', help: 'SQL worker threads (default min(4, cores))' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

async function main(flags: ParsedFlags): Promise<number> {
  const r = await labelPoolsWithAgreement({
    bench: String(flags.bench),
    split: String(flags.split),
    candidates: String(flags.candidates),
    out: String(flags.out),
    timeoutMs: numberFlag(flags, 'timeout-ms', 5000),
    ...(flags.workers !== undefined ? { workers: numberFlag(flags, 'workers', 2) } : {}),
    onProgress: progressReporter('executing'),
  });
  console.error(`${r.questions} questions, ${r.candidates} candidates (${r.correct} correct), ${r.skipped} records skipped → ${String(flags.out)}`);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
