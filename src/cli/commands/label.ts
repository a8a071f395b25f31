/**
 * `confide label`: executes every candidate against its database and writes
 * the same candidate file with `correct` (and `exec_error`) on each candidate.
 */
import { labeledRecord } from '../../core/eval/prepare.ts';
import { ruleInfo } from '../../core/results/rules.ts';
import { writeCandidateFileAtomic } from '../../node/bench.ts';
import { parseFlags } from '../args.ts';
import { checkInputs } from '../../node/input-file.ts';
import { benchInputs, prepareFromFlags } from '../bench-flags.ts';
import type { Command } from '../command.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { LABEL_SPEC } from '../specs.ts';

const spec = LABEL_SPEC;

export const labelCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    checkInputs(benchInputs(flags));
    guardOutputs({
      outputs: [flagPath(flags, 'out')],
      inputs: [flagPath(flags, 'candidates')],
      bench: { dir: flags.bench, split: flags.split },
    });
    // Labels need execution and the rule's texts only: nothing is parsed.
    const { run, rule } = await prepareFromFlags(flags, { labelsOnly: true });
    const out = run.records.map((r, i) => labeledRecord(r, run.prepared[i]!));
    await writeCandidateFileAtomic(flags.out, out);
    let correct = 0;
    let total = 0;
    for (const p of run.prepared)
      for (const c of p.candidates)
        if (c.correct !== null) {
          total++;
          if (c.correct) correct++;
        }
    const checked = run.prepared.map((p) => p.databases ?? 0).filter((d) => d > 0);
    const databases = checked.length === 0 ? 0 : Math.max(...checked);
    const suites =
      databases > 1 ? `; ${checked.filter((d) => d > 1).length} question(s) checked on more than one database of their folder (up to ${databases})` : '';
    process.stderr.write(
      `labeled ${total} candidates in ${out.length} questions: ${correct} correct, ${total - correct} incorrect (rule ${rule}: ${ruleInfo(rule).source}${suites}) → ${flags.out}\n`,
    );
    return 0;
  },
};
