/** `confide curate`: execution-labeled training candidates from gold SQL, mutations and candidate files. */
import { curationReport, formatCurationReport } from '../../core/curate/index.ts';
import { writeFileAtomic } from '../../node/files.ts';
import { loadBenchmark, readCandidateFile, writeCandidateFileAtomic } from '../../node/bench.ts';
import { curate } from '../../node/curate.ts';
import { createNodeSqlPool } from '../../node/sql-pool.ts';
import { numberFlag, parseFlags, type CommandSpec } from '../args.ts';
import type { Command } from '../main.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { progressReporter } from '../progress.ts';
import { benchInputs, ruleFlag } from '../bench-flags.ts';
import { checkInputs } from '../../node/input-file.ts';

const spec: CommandSpec = {
  name: 'curate',
  summary: 'curate execution-labeled candidates (gold + mutations + candidate files) for training a verifier',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
    split: { type: 'string', default: 'train', help: 'question file <split>.json' },
    mutations: { type: 'string', default: '8', help: 'mutants per gold query' },
    candidates: { type: 'string', help: 'extra candidates (JSON Lines), e.g. LLM samples' },
    out: { type: 'string', required: true, help: 'curated candidate file to write' },
    balance: { type: 'boolean', default: false, help: 'balance correct/incorrect 50/50' },
    'keep-failed': { type: 'boolean', default: false, help: 'keep candidates that fail to execute (flagged with exec_error)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    rule: { type: 'string', default: 'spider', help: 'equivalence rule: spider | bird' },
    'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
    report: { type: 'string', help: 'also write the curation report (Markdown) here' },
  },
};

export const curateCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    checkInputs(benchInputs(flags));
    guardOutputs({ outputs: [flagPath(flags, 'out'), flagPath(flags, 'report')], inputs: [flagPath(flags, 'candidates')], bench: { dir: flags.bench as string, split: flags.split as string } });
    const bench = await loadBenchmark(flags.bench as string, { split: flags.split as string });
    if (bench.skipped > 0) process.stderr.write(`skipped ${bench.skipped} question(s): ${bench.missingDbs.map((m) => `${m.db_id} (${m.questions})`).join(', ')} missing\n`);
    const extra = flags.candidates === undefined ? undefined : await readCandidateFile(flags.candidates as string);
    const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
    const pool = createNodeSqlPool({ timeoutMs });
    try {
      const records = await curate(bench, {
        pool,
        mutations: numberFlag(flags, 'mutations', 8),
        seed: numberFlag(flags, 'seed', 1),
        ...(extra !== undefined ? { extra } : {}),
        keepFailed: flags['keep-failed'] === true,
        balance: flags.balance === true,
        rule: ruleFlag(flags),
        timeoutMs,
        onProgress: progressReporter('labeling'),
      });
      await writeCandidateFileAtomic(flags.out as string, records);
      const text = formatCurationReport(curationReport(records));
      process.stdout.write(text + '\n');
      if (flags.report !== undefined) await writeFileAtomic(flags.report as string, text + '\n');
      return 0;
    } finally {
      pool.terminate();
    }
  },
};
