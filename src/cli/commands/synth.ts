/** `confide synth`: a simulated candidate file (gold + mutation-generator variants) for a benchmark split. */
import { loadBenchmark, writeCandidateFileAtomic } from '../../node/bench.ts';
import { createNodeSqlPool } from '../../node/sql-pool.ts';
import { synthesizeBenchmark } from '../../node/synth.ts';
import { numberFlag, parseFlags, type CommandSpec } from '../args.ts';
import type { Command } from '../main.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { checkInputs } from '../../node/input-file.ts';
import { benchInputs } from '../bench-flags.ts';

const spec: CommandSpec = {
  name: 'synth',
  summary: 'simulate N sampled candidates per question from gold SQL and the mutation generator (no LLM)',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
    split: { type: 'string', default: 'dev', help: 'question file <split>.json' },
    n: { type: 'string', default: '8', help: 'candidates per question' },
    seed: { type: 'string', default: '1', help: 'seed' },
    limit: { type: 'string', help: 'only the first L questions' },
    out: { type: 'string', required: true, help: 'candidate file to write' },
  },
};

export const synthCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    checkInputs(benchInputs(flags));
    guardOutputs({ outputs: [flagPath(flags, 'out')], inputs: [], bench: { dir: flags.bench as string, split: flags.split as string } });
    const bench = await loadBenchmark(flags.bench as string, { split: flags.split as string });
    const pool = createNodeSqlPool({ size: 1 });
    try {
      const records = await synthesizeBenchmark(bench, pool, {
        n: numberFlag(flags, 'n', 8),
        seed: numberFlag(flags, 'seed', 1),
        ...(flags.limit !== undefined ? { limit: numberFlag(flags, 'limit', 0) } : {}),
      });
      await writeCandidateFileAtomic(flags.out as string, records);
      process.stderr.write(`${records.length} questions × ${numberFlag(flags, 'n', 8)} candidates (${bench.skipped} skipped: missing database) → ${flags.out as string}\n`);
      return 0;
    } finally {
      pool.terminate();
    }
  },
};
