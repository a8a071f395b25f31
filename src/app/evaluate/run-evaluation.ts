/**
 * One evaluation run, as `confide eval` does it: the candidates matched to
 * the benchmark's gold SQL, every candidate executed and labelled in the
 * worker pool (`prepareAll`), optionally scored by the reward model, then
 * `evaluate()` in its own worker; the report view, or a line saying why
 * there is no report.
 */
import { resolveGold } from '../../core/bench/index.ts';
import { labeledRecord } from '../../core/eval/index.ts';
import { prepareAll, requireLabeled, skippedReasons } from '../../core/eval/index.ts';
import type { EvaluateOptions } from '../../core/eval/index.ts';
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
  readonly pool: SqlPool;
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
 * @example out.replaceChildren(await runEvaluation({ pool, profiles, bench, candidates, orm: () => null, settings, progress, signal }));
 */
export async function runEvaluation(run: EvaluationRun): Promise<HTMLElement> {
  const { pool, bench, candidates, progress, signal } = run;
  const gold = resolveGold(candidates.records, bench.questions);
  const known = new Set(bench.dbIds);
  const matching = gold.records.filter((r) => known.has(r.db_id));
  if (matching.length === 0) {
    const theirs = [...new Set(gold.records.map((r) => r.db_id))];
    progress.finish('');
    const list = (ids: readonly string[]) => ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
    return errorLine(
      `None of the ${plural(gold.records.length, 'question')} in ${candidates.origin} is about a database of ${bench.source}: the candidates name ${list(theirs)}; the benchmark has ${list(bench.dbIds)}. Choose the benchmark these candidates were made for.`,
    );
  }
  const orm = run.orm();
  const { rule } = run.settings();
  // Candidates are parsed in the page's analysis worker (as confide eval parses on its analysis thread), never here.
  // With the reward model on, each candidate's evidence is read too, as Ask reads it before scoring.
  const prepare = await prepareAll(gold.records, benchAccess(pool, bench), {
    signal,
    rule,
    analyzer: pageAnalyzer(),
    onProgress: (p) => progress.update(p.progress, p.text),
    ...(orm !== null ? { evidence: true } : {}),
  });
  const { skipped, suiteFailures } = prepare;
  let { prepared } = prepare;
  // Too few labeled questions: say how many, naming each database skipped and why, before the statistics.
  requireLabeled(prepared, skippedReasons(skipped));
  let ormName: string | null = null;
  if (orm !== null) {
    progress.update(null, 'scoring with the reward model');
    const scored = await scorePrepared(prepared, orm, { signal, onProgress: (f, text) => progress.update(f, text) });
    if (!scored.ok) {
      progress.finish('');
      return errorLine(`The reward model did not score: ${scored.error.message} (${scored.error.code})`);
    }
    prepared = scored.prepared;
    ormName = scored.name;
  }
  progress.update(null, 'computing the statistics');
  const byId = new Map(gold.records.map((r) => [r.id, r]));
  const report = await evaluateInWorker(
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
  progress.finish('Done.');
  return reportView({
    report,
    labeled: prepared.map((p) => labeledRecord(byId.get(p.id)!, p)),
    baseName: `${bench.source.replace(/\.zip$/, '').replace(/[^A-Za-z0-9_-]+/g, '-')}-${bench.split}`,
    profiles: run.profiles,
    skipped: skipped.length,
    suiteFailures,
  });
}
