/**
 * One evaluation run, as `confide eval` does it (core's `evaluateFile`): the
 * candidates matched to the benchmark's gold SQL, every candidate executed and
 * labelled in the worker pool, optionally scored by the reward model, then
 * `evaluate()` in its own worker; the report view, or a line saying why
 * there is no report.
 */
import { evaluateFile, labeledRecord } from '../../core/eval/index.ts';
import type { EvaluateOptions, PreparedQuestion, Scored } from '../../core/eval/index.ts';
import type { EquivalenceRule } from '../../core/results/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { pageAnalyzer } from '../analysis-client.ts';
import { el } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';
import type { OrmClient } from '../orm/orm-client.ts';
import { scorePrepared } from '../orm/score-prepared.ts';
import type { ProfileStore } from '../profiles/store.ts';
import type { ProgressView } from '../ui/progress.ts';
import type { LoadedBench } from './bench-source.ts';
import type { Candidates } from './candidates-step.ts';
import { benchAccess } from './db-access.ts';
import { evaluateInWorker } from './evaluate-worker.ts';
import { reportView } from './report-view.ts';

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

/** The run's settings on the form: the labels' rule, resamples, seed and cross-fit folds. */
export type RunSettings = Pick<EvaluateOptions, 'bootstrap' | 'seed' | 'folds' | 'group'> & { readonly rule: EquivalenceRule };

export interface EvaluationRun {
  readonly sqlPool: SqlPool;
  readonly profiles: ProfileStore;
  readonly bench: LoadedBench;
  readonly candidates: Candidates;
  /** The reward model when it is ticked, else null; asked once the candidates are executed. */
  orm(): OrmClient | null;
  /** The settings on the form, read when the statistics begin. */
  settings(): RunSettings;
  readonly progress: ProgressView;
  readonly signal: AbortSignal;
}

/**
 * Runs the evaluation; resolves to what to show under the run (the report,
 * or why there is none) and throws what stopped it (an abort, too few
 * labelled questions, a failed worker). Ends `progress` unless it throws.
 *
 * @example out.replaceChildren(await runEvaluation({ sqlPool, profiles, bench, candidates, orm: () => null, settings, progress, signal }));
 */
export async function runEvaluation(run: EvaluationRun): Promise<HTMLElement> {
  const { sqlPool, bench, candidates, progress, signal } = run;
  const known = new Set(bench.dbIds);
  if (!candidates.records.some((r) => known.has(r.db_id))) {
    const theirs = [...new Set(candidates.records.map((r) => r.db_id))];
    progress.finish('');
    const list = (ids: readonly string[]) => ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
    return errorLine(
      `None of the ${plural(candidates.records.length, 'question')} in ${candidates.origin} is about a database of ${bench.source}: the candidates name ${list(theirs)}; the benchmark has ${list(bench.dbIds)}. Choose the benchmark these candidates were made for.`,
    );
  }
  const orm = run.orm();
  const { rule } = run.settings();
  const out = await evaluateFile(
    {
      name: candidates.origin,
      records: candidates.records,
      questions: bench.questions,
      access: benchAccess(sqlPool, bench),
      // Candidates are parsed in the page's analysis worker (as confide eval parses on its analysis thread), never here.
      // With the reward model on, each candidate's evidence is read too, as Ask reads it before scoring.
      prepare: { signal, rule, analyzer: pageAnalyzer(), onProgress: (p) => progress.update(p.progress, p.text), ...(orm !== null ? { evidence: true } : {}) },
    },
    {
      ...(orm !== null ? { score: (prepared) => ormScores(prepared, orm, progress, signal) } : {}),
      report: (prepared, ormName) => {
        progress.update(null, 'computing the statistics');
        return evaluateInWorker(
          prepared,
          {
            ...run.settings(),
            profileName: `${bench.source} ${bench.split}`,
            provenance: {
              data: `${bench.source}, split ${bench.split} (${prepared.length} questions evaluated${ormName === null ? '' : `; reward model ${ormName}`})`,
              generator: candidates.origin,
              created: new Date().toISOString(),
            },
          },
          signal,
        );
      },
    },
  );
  if (!out.ok) {
    progress.finish('');
    return errorLine(`The reward model did not score: ${out.error.message} (${out.error.code})`);
  }
  progress.finish('Done.');
  const byId = new Map(out.file.records.map((r) => [r.id, r]));
  return reportView({
    report: out.report,
    labeled: out.prepared.map((p) => labeledRecord(byId.get(p.id)!, p)),
    baseName: `${bench.source.replace(/\.zip$/, '').replace(/[^A-Za-z0-9_-]+/g, '-')}-${bench.split}`,
    profiles: run.profiles,
    skipped: out.file.skipped.length,
    suiteFailures: out.file.suiteFailures,
  });
}

/** The reward model's scores on the prepared questions, its progress shown. */
function ormScores(prepared: readonly PreparedQuestion[], orm: OrmClient, progress: ProgressView, signal: AbortSignal): Promise<Scored> {
  progress.update(null, 'scoring with the reward model');
  return scorePrepared(prepared, orm, { signal, onProgress: (f, text) => progress.update(f, text) });
}
