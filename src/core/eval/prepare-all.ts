/**
 * Preparing a whole candidate file for evaluation, the one way the browser
 * and the CLI both do it: records grouped by database, each database opened
 * once (the next one opened while the current one runs), its questions
 * executed in chunks of many queries per `runMany` call (few round trips to
 * the workers; a text repeated in a chunk runs once, see distinctRuns) with a
 * few chunks in flight so the workers never wait for the labeling, each
 * question prepared as `prepareQuestion` does (prepare-run.ts). When the database's folder
 * holds more databases (a test suite, `DbAccess.suite`), each is opened in
 * turn after it, in the same pipeline, and checks the labels still open
 * (prepare-stages.ts, prepare-suite.ts). The result keeps input order, so the seeded steps of
 * `evaluate` see the file's order. A record whose database cannot be opened
 * is skipped and listed.
 */
import type { QuestionRecord } from '../bench/types.ts';
import { DEFAULT_RULE } from '../results/index.ts';
import { questionQueries, type PreparedQuestion } from './prepare.ts';
import { byDatabase, chunksOf } from './prepare-chunks.ts';
import { labelPlan, type LabelPlan } from './prepare-labels.ts';
import { runDatabase, type PrepareRun } from './prepare-run.ts';
import { closeStage, labelOnSuiteStage, openStage, stagesOf, type Opened, type Stage } from './prepare-stages.ts';
import type { DbAccess, PrepareAllOptions, PrepareAllResult, SuiteDb } from './prepare-types.ts';
export { distinctRuns } from './prepare-chunks.ts';

export type {
  AnalyzedSql,
  DbAccess,
  OpenedDb,
  OpenFailure,
  PrepareAllOptions,
  PrepareAllResult,
  PrepareProgress,
  SqlAnalyzer,
  SuiteDb,
  SuiteFailure,
} from './prepare-types.ts';

/**
 * Prepares every record. Rejects with the signal's reason when aborted.
 *
 * @example
 * const { prepared, skipped } = await prepareAll(records, access, { signal, onProgress });
 * const report = evaluate(prepared, { seed: 1 });
 */
export async function prepareAll(records: readonly QuestionRecord[], access: DbAccess, options: PrepareAllOptions = {}): Promise<PrepareAllResult> {
  const chunkQueries = options.chunkQueries ?? 256;
  const inFlight = options.inFlight ?? 2;
  if (!(chunkQueries >= 1 && Number.isInteger(inFlight) && inFlight >= 1)) throw new RangeError('chunkQueries and inFlight must be at least 1');
  const byDb = byDatabase(records);
  const run = startRun(records, byDb, options, chunkQueries, inFlight);
  await runStages(run, access, stagesOf(byDb.keys(), access), byDb);
  return resultOf(run);
}

/** The run's state before any database opens: each record's label plan, queries and chunks, and the progress count. */
function startRun(
  records: readonly QuestionRecord[],
  byDb: ReadonlyMap<string, readonly number[]>,
  options: PrepareAllOptions,
  chunkQueries: number,
  inFlight: number,
): PrepareRun {
  const total = records.length;
  let done = 0;
  const note = (text: string): void => options.onProgress?.({ done, total, progress: done / total, text });
  const plans: (LabelPlan | null)[] = records.map((r) => labelPlan(r, options.rule ?? DEFAULT_RULE));
  const queries = records.map((r, i) => questionQueries(r, plans[i] as LabelPlan | null));
  return {
    records,
    plans,
    queries,
    chunksOfDb: new Map([...byDb].map(([dbId, indices]) => [dbId, chunksOf(queries, indices, chunkQueries)])),
    options,
    chunkQueries,
    inFlight,
    analyzer: options.labelsOnly === true ? undefined : options.analyzer,
    out: new Array(records.length),
    facts: new Map(),
    analysedOf: new Map(),
    reasons: new Map(),
    suiteFailures: [],
    step: (dbId) => {
      done++;
      note(`${dbId}: ${done} of ${total} questions executed and labelled`);
    },
    note,
  };
}

/**
 * Runs the stages in order, the next one's database opening while one runs.
 * A question's database that does not open skips its questions and its suite.
 */
async function runStages(run: PrepareRun, access: DbAccess, stages: readonly Stage[], byDb: ReadonlyMap<string, readonly number[]>): Promise<void> {
  const { signal } = run.options;
  let opening = stages.length > 0 ? openStage(run, access, stages[0]!) : null;
  for (let k = 0; k < stages.length; k++) {
    const stage = stages[k] as Stage;
    const { dbId } = stage;
    const opened = await (opening as Promise<Opened>);
    opening = null;
    if (signal?.aborted) {
      if (opened.ok) await closeStage(access, stage);
      signal.throwIfAborted();
    }
    const indices = byDb.get(dbId) as readonly number[];
    if (!opened.ok && stage.suite === undefined) {
      run.reasons.set(dbId, opened);
      for (let n = 0; n < indices.length; n++) run.step(dbId);
      while (stages[k + 1]?.suite !== undefined && stages[k + 1]?.dbId === dbId) k++; // its suite has nothing to check
    }
    // The next database opens while this one's questions run.
    const next = stages[k + 1];
    if (next !== undefined) opening = openStage(run, access, next);
    if (!opened.ok && stage.suite === undefined) continue;
    try {
      if (stage.suite !== undefined) await labelOnSuiteStage(run, stage as Stage & { readonly suite: SuiteDb }, opened, indices);
      else if (opened.ok) await runDatabase(run, dbId, opened.db);
    } catch (e) {
      const pending = opening;
      if (pending !== null && next !== undefined)
        void pending.then(
          (o) => (o.ok ? closeStage(access, next) : undefined),
          () => undefined,
        );
      if (opened.ok) await closeStage(access, stage);
      throw e;
    }
    if (opened.ok) await closeStage(access, stage);
  }
}

/** The result: the prepared questions in input order, and the records skipped with why. */
function resultOf(run: PrepareRun): PrepareAllResult {
  const { out, records, reasons } = run;
  const keep = out.flatMap((p, i) => (p === undefined ? [] : [i]));
  return {
    facts: run.facts,
    suiteFailures: run.suiteFailures,
    prepared: keep.map((i) => out[i] as PreparedQuestion),
    records: keep.map((i) => records[i] as QuestionRecord),
    skipped: records.flatMap((r) => {
      const f = reasons.get(r.db_id);
      return f === undefined ? [] : [{ id: r.id, db_id: r.db_id, reason: f.message, ...(f.code !== undefined ? { code: f.code } : {}) }];
    }),
  };
}
