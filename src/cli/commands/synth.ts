/** `confide synth`: a simulated candidate file (gold + mutation-generator variants) for a benchmark split. */
import { loadBenchmark, writeCandidateFileAtomic } from '../../node/bench.ts';
import { createNodeSqlPool } from '../../node/sql-pool.ts';
import { synthesizeBenchmark } from '../../node/synth.ts';
import { numberFlag, parseFlags } from '../args.ts';
import type { Command } from '../command.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { checkInputs } from '../../node/input-file.ts';
import { benchInputs } from '../bench-flags.ts';
import { SYNTH_SPEC } from '../specs.ts';

const spec = SYNTH_SPEC;

export const synthCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    checkInputs(benchInputs(flags));
    guardOutputs({ outputs: [flagPath(flags, 'out')], inputs: [], bench: { dir: flags.bench, split: flags.split } });
    const bench = await loadBenchmark(flags.bench, { split: flags.split });
    const sqlPool = createNodeSqlPool({ size: 1 });
    try {
      const records = await synthesizeBenchmark(bench, sqlPool, {
        n: numberFlag(flags, 'n', 8),
        seed: numberFlag(flags, 'seed', 1),
        ...(flags.limit !== undefined ? { limit: numberFlag(flags, 'limit', 0) } : {}),
      });
      await writeCandidateFileAtomic(flags.out, records);
      process.stderr.write(
        `${records.length} questions × ${numberFlag(flags, 'n', 8)} candidates (${bench.skipped} skipped: missing database) → ${flags.out}\n`,
      );
      return 0;
    } finally {
      sqlPool.terminate();
    }
  },
};
