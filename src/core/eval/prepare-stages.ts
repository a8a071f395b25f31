/**
 * The stages of `prepareAll`, in order: each database, then the other
 * databases of its folder (a test suite, `DbAccess.suite`). A stage opens
 * and closes its database; a suite stage checks the labels still open on
 * its database (prepare-suite.ts).
 */
import { labelsOf, withLabels, type PreparedQuestion } from './prepare.ts';
import type { LabelPlan } from './prepare-labels.ts';
import { requestAnalyses, type PrepareRun } from './prepare-run.ts';
import { distinctRuns } from './prepare-chunks.ts';
import { labelOnSuiteDb, unopenedSuiteLabels } from './prepare-suite.ts';
import type { DbAccess, SuiteDb } from './prepare-types.ts';

/** A database to open: a question's own (`suite` absent) or the `nth` of the `of` other databases of its folder. */
export interface Stage {
  readonly dbId: string;
  readonly suite?: SuiteDb;
  readonly nth?: number;
  readonly of?: number;
}

/** What opening a stage gives. */
export type Opened = Awaited<ReturnType<DbAccess['open']>>;

/**
 * Each database, then the other databases of its folder.
 *
 * @example stagesOf(['a'], access); // [{ dbId: 'a' }, { dbId: 'a', suite, nth: 1, of: 1 }]
 */
export function stagesOf(dbIds: Iterable<string>, access: DbAccess): Stage[] {
  return [...dbIds].flatMap((dbId) => {
    const suite = access.suite?.(dbId) ?? [];
    return [{ dbId }, ...suite.map((s, j) => ({ dbId, suite: s, nth: j + 1, of: suite.length }))];
  });
}

/** Opens a stage's database; a question's own, once open, sends its texts to the analyzer. */
export function openStage(run: PrepareRun, access: DbAccess, stage: Stage): Promise<Opened> {
  return stage.suite !== undefined
    ? stage.suite.open()
    : access.open(stage.dbId).then((o) => {
        if (o.ok) requestAnalyses(run, stage.dbId, o.db.schema);
        return o;
      });
}

/** Closes a stage's database. */
export function closeStage(access: DbAccess, stage: Stage): Promise<void> {
  return stage.suite !== undefined ? stage.suite.close() : access.close(stage.dbId);
}

/**
 * Checks the labels of `dbId`'s prepared questions on a suite database, or,
 * when it did not open, leaves the labels still open unknown and lists the failure.
 */
export async function labelOnSuiteStage(
  run: PrepareRun,
  stage: Stage & { readonly suite: SuiteDb },
  opened: Opened,
  indices: readonly number[],
): Promise<void> {
  const { dbId } = stage;
  const { out, plans } = run;
  const mine = indices.filter((i) => out[i] !== undefined && plans[i] !== null);
  const minePlans = mine.map((i) => plans[i] as LabelPlan);
  const before = mine.map((i) => labelsOf(out[i] as PreparedQuestion));
  let after;
  if (!opened.ok) {
    const code = opened.code ?? 'NOT_OPENED';
    run.suiteFailures.push({ db_id: dbId, name: stage.suite.name, code, message: opened.message });
    after = unopenedSuiteLabels(minePlans, before, code);
  } else {
    run.note(`${dbId}: test-suite database ${stage.nth} of ${stage.of} (${stage.suite.name})`);
    const { signal } = run.options;
    after = await labelOnSuiteDb(opened.db, minePlans, before, { chunkQueries: run.chunkQueries, distinct: distinctRuns, ...(signal ? { signal } : {}) });
  }
  mine.forEach((i, j) => (out[i] = withLabels(out[i] as PreparedQuestion, after[j]!)));
}
