/**
 * `confide eval`: labels candidates that have no `correct` field by execution,
 * then prints the study's tables; `--json` and `--per-question` write them.
 * The steps are core's `evaluateFile`: the benchmark's files on Node worker
 * threads, the ORM file as the verifier, `evaluate` on this thread.
 */
import { evaluateFile, type EvaluateFileSteps } from '../../core/eval/evaluate-file.ts';
import { evaluateLabeled } from '../../core/eval/report.ts';
import type { EvalReport } from '../../core/eval/types.ts';
import { writeFileAtomic } from '../../node/files.ts';
import { ormSidecarPath, scoreWithOrmFile } from '../../node/orm/attach.ts';
import { numberFlag, parseFlags, UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { reportText } from '../report-text.ts';
import { checkInputs } from '../../node/input-file.ts';
import { benchInputs, openBench, prepareRunOptions, reportRun } from '../bench-flags.ts';
import { prepareInputs, preparedRunOf } from '../../node/prepare.ts';
import { EVAL_SPEC } from '../specs.ts';

const spec = EVAL_SPEC;

/** The most bootstrap resamples a run may ask for (2,000 is the default; 100,000 takes minutes on a benchmark). */
const MAX_BOOTSTRAP = 100_000;

export const evalCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const group = flags.group;
    if (group !== undefined && group !== 'db_id') throw new UsageError(`--group must be db_id, got ${JSON.stringify(group)}`);
    // Bounded work, said before any: the resamples, as recompute-report.py bounds them too.
    const bootstrap = numberFlag(flags, 'bootstrap', 2000);
    if (!Number.isInteger(bootstrap) || bootstrap < 1 || bootstrap > MAX_BOOTSTRAP)
      throw new UsageError(`--bootstrap must be a whole number of resamples from 1 to ${MAX_BOOTSTRAP.toLocaleString('en-US')}, got ${flags.bootstrap}`);
    const folds = numberFlag(flags, 'folds', 2);
    if (!Number.isInteger(folds) || folds < 2) throw new UsageError(`--folds must be a whole number, at least 2, got ${flags.folds}`);
    checkInputs([...benchInputs(flags), flags.orm === undefined ? undefined : { flag: '--orm', path: flags.orm }]);
    const sidecar = flags.orm === undefined ? undefined : ormSidecarPath(flags.orm);
    guardOutputs({
      outputs: [flagPath(flags, 'json'), flagPath(flags, 'per-question')],
      inputs: [flagPath(flags, 'candidates'), flagPath(flags, 'orm'), sidecar === undefined ? undefined : { flag: '--orm', path: sidecar }],
      bench: { dir: flags.bench, split: flags.split },
    });
    const t0 = performance.now();
    // With a verifier, each candidate's evidence is read too (a verifier that reads it scores as Ask does).
    const withOrm = flags.orm !== undefined;
    const opened = await openBench(flags, { ormFacts: withOrm });
    let report: EvalReport;
    try {
      const { access, options } = prepareInputs(opened.bench, prepareRunOptions(opened, { evidence: withOrm }));
      const out = await evaluateFile(
        { name: flags.candidates, records: opened.records, questions: opened.bench.questions, access, prepare: options },
        {
          // The databases are done with: the threads end, and what was left out is said, before the labeled-enough check.
          onPrepared: (file) => {
            opened.end();
            reportRun(preparedRunOf(file, file.noGold));
          },
          ...(flags.orm === undefined ? {} : { score: ormScoring(flags.orm) }),
          report: (prepared) =>
            evaluateLabeled(prepared, {
              bootstrap,
              seed: numberFlag(flags, 'seed', 1),
              folds,
              ...(group === 'db_id' ? { group: 'db_id' as const } : {}),
              rule: opened.rule,
              provenance: { data: `${flags.bench} (${flags.split})`, generator: flags.candidates, created: new Date().toISOString() },
            }),
        },
      );
      if (!out.ok) throw new Error(`${out.error.code}: ${out.error.message}`); // scoreWithOrmFile throws instead
      report = out.report;
    } finally {
      opened.end();
    }
    process.stdout.write(reportText(report) + '\n');
    if (flags.json !== undefined) await writeFileAtomic(flags.json, JSON.stringify(report, null, 1) + '\n');
    if (flags['per-question'] !== undefined) {
      const lines = report.per_question.map((q) => JSON.stringify(q)).join('\n');
      await writeFileAtomic(flags['per-question'], lines + '\n');
    }
    process.stderr.write(`eval finished in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return 0;
  },
};

/**
 * The reward model in `file` as the verifier: every candidate scored (with
 * the analysis thread's facts), its timings on stderr.
 */
function ormScoring(file: string): NonNullable<EvaluateFileSteps['score']> {
  return async (prepared, run) => {
    const r = await scoreWithOrmFile(prepared, file, { facts: run.facts });
    const s = r.stats;
    process.stderr.write(
      `orm ${r.name}: ${s.candidates} candidates (${s.scored} distinct per question) in ${((s.featurizeMs + s.modelMs) / 1000).toFixed(1)} s: featurize ${(s.featurizeMs / s.scored).toFixed(2)} ms/row, model ${(s.modelMs / s.scored).toFixed(3)} ms/row\n`,
    );
    return { ok: true, prepared: r.prepared, name: r.name };
  };
}
