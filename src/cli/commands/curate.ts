/** `confide curate`: execution-labeled training candidates from gold SQL, mutations and candidate files. */
import { curationReport, formatCurationReport } from '../../core/curate/index.ts';
import { writeFileAtomic } from '../../node/files.ts';
import { loadBenchmark, readCandidateFile, writeCandidateFileAtomic } from '../../node/bench.ts';
import { curate } from '../../node/curate.ts';
import { createNodeSqlPool } from '../../node/sql-pool.ts';
import { numberFlag, parseFlags } from '../args.ts';
import type { Command } from '../command.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { progressReporter } from '../progress.ts';
import { benchInputs, ruleFlag } from '../bench-flags.ts';
import { checkInputs } from '../../node/input-file.ts';
import { CURATE_SPEC } from '../specs.ts';

const spec = CURATE_SPEC;

export const curateCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    checkInputs(benchInputs(flags));
    guardOutputs({
      outputs: [flagPath(flags, 'out'), flagPath(flags, 'report')],
      inputs: [flagPath(flags, 'candidates')],
      bench: { dir: flags.bench, split: flags.split },
    });
    const bench = await loadBenchmark(flags.bench, { split: flags.split });
    if (bench.skipped > 0)
      process.stderr.write(`skipped ${bench.skipped} question(s): ${bench.missingDbs.map((m) => `${m.db_id} (${m.questions})`).join(', ')} missing\n`);
    const extra = flags.candidates === undefined ? undefined : await readCandidateFile(flags.candidates);
    const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
    const sqlPool = createNodeSqlPool({ timeoutMs });
    try {
      const records = await curate(bench, {
        sqlPool,
        mutations: numberFlag(flags, 'mutations', 8),
        seed: numberFlag(flags, 'seed', 1),
        ...(extra !== undefined ? { extra } : {}),
        keepFailed: flags['keep-failed'],
        balance: flags.balance,
        rule: ruleFlag(flags),
        timeoutMs,
        onProgress: progressReporter('labeling'),
      });
      await writeCandidateFileAtomic(flags.out, records);
      const text = formatCurationReport(curationReport(records));
      process.stdout.write(text + '\n');
      if (flags.report !== undefined) await writeFileAtomic(flags.report, text + '\n');
      return 0;
    } finally {
      sqlPool.terminate();
    }
  },
};
