/**
 * Preparing a whole candidate file for evaluation, the one way the browser
 * and the CLI both do it: records grouped by database, each database opened
 * once (the next one opened while the current one runs), its questions
 * executed in chunks of many queries per `runMany` call (few round trips to
 * the workers; a text repeated in a chunk runs once, see distinctRuns) with a
 * few chunks in flight so the workers never wait for the labeling, each
 * question prepared as `prepareQuestion` does. When the database's folder
 * holds more databases (a test suite, `DbAccess.suite`), each is opened in
 * turn after it, in the same pipeline, and checks the labels still open
 * (prepare-suite.ts). The result keeps input order, so the seeded steps of
 * `evaluate` see the file's order. A record whose database cannot be opened
 * is skipped and listed.
 */
import type { QuestionRecord } from '../bench/types.ts';
import { gatherEvidence } from '../evidence/gather.ts';
import type { ExecOutcome } from '../exec/types.ts';
import type { SqlFacts } from '../orm/sql-facts.ts';
import { DEFAULT_RULE } from '../results/index.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import { labelsOf, preparedFrom, questionQueries, withLabels, type PreparedQuestion } from './prepare.ts';
import { labelPlan, type LabelPlan } from './prepare-labels.ts';
import { labelOnSuiteDb, unopenedSuiteLabels } from './prepare-suite.ts';
import type { AnalyzedSql, DbAccess, OpenedDb, OpenFailure, PrepareAllOptions, PrepareAllResult, SuiteDb, SuiteFailure } from './prepare-types.ts';

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

/** SQLite functions that can give another value each time a query runs: random(), randomblob(), date and time 'now', CURRENT_DATE/TIME/TIMESTAMP. */
const VOLATILE = /random|\bnow\b|current_(?:date|time)/i;

/**
 * The queries to run for `sqls`: each distinct text once (on a read-only
 * database a query gives the same result every time, so one outcome serves
 * every copy), except a text that names a volatile function (VOLATILE), which
 * runs once per copy; `at[i]` is the run whose outcome is query i's.
 *
 * @example
 * distinctRuns(['SELECT 1', 'SELECT 2', 'SELECT 1']); // { sqls: ['SELECT 1', 'SELECT 2'], at: [0, 1, 0] }
 */
export function distinctRuns(sqls: readonly string[]): { sqls: string[]; at: number[] } {
  const first = new Map<string, number>();
  const unique: string[] = [];
  const at = sqls.map((sql) => {
    let k = VOLATILE.test(sql) ? undefined : first.get(sql);
    if (k === undefined) {
      k = unique.push(sql) - 1;
      if (!VOLATILE.test(sql)) first.set(sql, k);
    }
    return k;
  });
  return { sqls: unique, at };
}

/** Splits a database's record indices into chunks of about `size` queries (whole questions). */
function chunksOf(queries: readonly (readonly string[])[], indices: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let count = 0;
  for (const i of indices) {
    const n = (queries[i] as readonly string[]).length;
    if (current.length > 0 && count + n > size) {
      out.push(current);
      current = [];
      count = 0;
    }
    current.push(i);
    count += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Prepares every record. Rejects with the signal's reason when aborted.
 *
 * @example
 * const { prepared, skipped } = await prepareAll(records, access, { signal, onProgress });
 * const report = evaluate(prepared, { seed: 1 });
 */
export async function prepareAll(records: readonly QuestionRecord[], access: DbAccess, options: PrepareAllOptions = {}): Promise<PrepareAllResult> {
  const { signal } = options;
  const chunkQueries = options.chunkQueries ?? 256;
  const inFlight = options.inFlight ?? 2;
  if (!(chunkQueries >= 1 && Number.isInteger(inFlight) && inFlight >= 1)) throw new RangeError('chunkQueries and inFlight must be at least 1');
  const byDb = new Map<string, number[]>();
  records.forEach((r, i) => {
    const same = byDb.get(r.db_id);
    if (same === undefined) byDb.set(r.db_id, [i]);
    else same.push(i); // in place: copying the list per record is quadratic in a database's records
  });
  const out: (PreparedQuestion | undefined)[] = new Array(records.length);
  const reasons = new Map<string, OpenFailure>();
  const suiteFailures: SuiteFailure[] = [];
  const total = records.length;
  let done = 0;
  const step = (dbId: string): void => {
    done++;
    options.onProgress?.({ done, total, progress: done / total, text: `${dbId}: ${done} of ${total} questions executed and labelled` });
  };

  const facts = new Map<string, SqlFacts>();
  const analyzer = options.labelsOnly === true ? undefined : options.analyzer;
  const rule = options.rule;
  const plans: (LabelPlan | null)[] = records.map((r) => labelPlan(r, rule ?? DEFAULT_RULE));
  const queries = records.map((r, i) => questionQueries(r, plans[i] as LabelPlan | null));

  const chunksOfDb = new Map([...byDb].map(([dbId, indices]) => [dbId, chunksOf(queries, indices, chunkQueries)]));
  // Each database's candidate texts as the analyzer parses them: requested chunk by chunk as soon as the database
  // is open (so the analyzer works ahead of execution), each distinct text once; read when its chunk is labelled.
  const analysedOf = new Map<string, Map<string, Promise<AnalyzedSql>>>();
  const requestAnalyses = (dbId: string, schema: Schema | undefined): void => {
    if (analyzer === undefined) return;
    const analysed = new Map<string, Promise<AnalyzedSql>>();
    analysedOf.set(dbId, analysed);
    for (const chunk of chunksOfDb.get(dbId) as number[][]) {
      const fresh = [...new Set(chunk.flatMap((i) => (records[i] as QuestionRecord).candidates.map((c) => c.sql)))].filter((t) => !analysed.has(t));
      if (fresh.length === 0) continue;
      const all = analyzer.analyze(fresh, schema);
      all.catch(() => undefined); // awaited when labelled, through each text's share
      fresh.forEach((t, j) =>
        analysed.set(
          t,
          all.then((r) => r[j] as AnalyzedSql),
        ),
      );
    }
  };

  // Stages in order: each database, then the other databases of its folder; the next opens while one runs.
  type Stage = { readonly dbId: string; readonly suite?: SuiteDb; readonly nth?: number; readonly of?: number };
  const stages: Stage[] = [...byDb.keys()].flatMap((dbId) => {
    const suite = access.suite?.(dbId) ?? [];
    return [{ dbId }, ...suite.map((s, j) => ({ dbId, suite: s, nth: j + 1, of: suite.length }))];
  });
  const openStage = (stage: Stage): ReturnType<DbAccess['open']> =>
    stage.suite !== undefined
      ? stage.suite.open()
      : access.open(stage.dbId).then((o) => {
          if (o.ok) requestAnalyses(stage.dbId, o.db.schema);
          return o;
        });
  const closeStage = (stage: Stage): Promise<void> => (stage.suite !== undefined ? stage.suite.close() : access.close(stage.dbId));

  let opening = stages.length > 0 ? openStage(stages[0]!) : null;
  for (let k = 0; k < stages.length; k++) {
    const stage = stages[k] as Stage;
    const { dbId } = stage;
    const opened = await (opening as ReturnType<DbAccess['open']>);
    opening = null;
    if (signal?.aborted) {
      if (opened.ok) await closeStage(stage);
      signal.throwIfAborted();
    }
    const indices = byDb.get(dbId) as number[];
    if (!opened.ok && stage.suite === undefined) {
      reasons.set(dbId, opened);
      for (let n = 0; n < indices.length; n++) step(dbId);
      while (stages[k + 1]?.suite !== undefined && stages[k + 1]?.dbId === dbId) k++; // its suite has nothing to check
    }
    // The next database opens while this one's questions run.
    const next = stages[k + 1];
    if (next !== undefined) opening = openStage(next);
    if (!opened.ok && stage.suite === undefined) continue;
    try {
      if (stage.suite !== undefined) {
        const mine = indices.filter((i) => out[i] !== undefined && plans[i] !== null);
        const minePlans = mine.map((i) => plans[i] as LabelPlan);
        const before = mine.map((i) => labelsOf(out[i] as PreparedQuestion));
        let after;
        if (!opened.ok) {
          const code = opened.code ?? 'NOT_OPENED';
          suiteFailures.push({ db_id: dbId, name: stage.suite.name, code, message: opened.message });
          after = unopenedSuiteLabels(minePlans, before, code);
        } else {
          options.onProgress?.({ done, total, progress: done / total, text: `${dbId}: test-suite database ${stage.nth} of ${stage.of} (${stage.suite.name})` });
          after = await labelOnSuiteDb(opened.db, minePlans, before, { chunkQueries, distinct: distinctRuns, ...(signal ? { signal } : {}) });
        }
        mine.forEach((i, j) => (out[i] = withLabels(out[i] as PreparedQuestion, after[j]!)));
      } else if (opened.ok) {
        await runDatabase(dbId, opened.db);
      }
    } catch (e) {
      const pending = opening;
      if (pending !== null && next !== undefined)
        void pending.then(
          (o) => (o.ok ? closeStage(next) : undefined),
          () => undefined,
        );
      if (opened.ok) await closeStage(stage);
      throw e;
    }
    if (opened.ok) await closeStage(stage);
  }

  /** Runs one database's questions, a few chunks in flight, each question prepared from its share of the outcomes. */
  async function runDatabase(dbId: string, db: OpenedDb): Promise<void> {
    const chunks = chunksOfDb.get(dbId) as number[][];
    const analysed = analysedOf.get(dbId);
    analysedOf.delete(dbId);
    const probeCache = new Map<string, ExecOutcome>();
    let nextChunk = 0;
    const lane = async (): Promise<void> => {
      while (nextChunk < chunks.length) {
        const chunk = chunks[nextChunk++] as number[];
        // Normalized text comes back with the outcomes (no round trip per unparseable candidate), unless only labels are read.
        const runs = distinctRuns(chunk.flatMap((i) => queries[i] as string[]));
        const ran = await db.runMany(runs.sqls, signal, options.labelsOnly !== true);
        const outcomes = runs.at.map((j) => ran[j] as ExecOutcome);
        const analyses = new Map<string, SqlAnalysis>();
        if (analysed !== undefined) {
          for (const t of new Set(chunk.flatMap((i) => (records[i] as QuestionRecord).candidates.map((c) => c.sql)))) {
            const a = await (analysed.get(t) as Promise<AnalyzedSql>);
            analyses.set(t, a.analysis);
            if (a.facts !== undefined) facts.set(t, a.facts);
          }
        }
        let at = 0;
        for (const i of chunk) {
          const record = records[i] as QuestionRecord;
          const mine = outcomes.slice(at, (at += (queries[i] as string[]).length));
          out[i] = await preparedFrom(record, plans[i] as LabelPlan | null, mine, {
            ...(options.labelsOnly === true ? {} : { normalizedSql: (sql: string) => db.normalizedSql(sql) }),
            ...(db.schema === undefined ? {} : { schema: db.schema }),
            ...(rule !== undefined ? { rule } : {}),
            ...(analysed === undefined ? {} : { analysis: (sql: string) => analyses.get(sql) }),
            ...(options.labelsOnly === true ? { labelsOnly: true } : {}),
          });
          const schema = db.schema;
          if (options.evidence === true && schema !== undefined) {
            const q = out[i] as PreparedQuestion;
            const { evidence } = await gatherEvidence(
              q.question,
              schema,
              q.candidates.map((c) => ({ sql: c.record.sql, exec: c.outcome })),
              (probes) => db.runMany(probes, signal),
              { cache: probeCache },
            );
            out[i] = { ...q, view: { ...q.view, candidates: q.view.candidates.map((c, j) => (evidence[j] ? { ...c, evidence: evidence[j]! } : c)) } };
          }
          step(dbId);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, chunks.length) }, lane));
  }

  const keep = out.flatMap((p, i) => (p === undefined ? [] : [i]));
  return {
    facts,
    suiteFailures,
    prepared: keep.map((i) => out[i] as PreparedQuestion),
    records: keep.map((i) => records[i] as QuestionRecord),
    skipped: records.flatMap((r) => {
      const f = reasons.get(r.db_id);
      return f === undefined ? [] : [{ id: r.id, db_id: r.db_id, reason: f.message, ...(f.code !== undefined ? { code: f.code } : {}) }];
    }),
  };
}
