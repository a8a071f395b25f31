/**
 * One database's questions for `prepareAll`: its candidate texts sent to the
 * analyzer as soon as it is open (requestAnalyses), then its chunks run a few
 * at a time, each question prepared from its share of the outcomes and, when
 * asked, given the evidence of what its candidates return.
 */
import type { QuestionRecord } from '../bench/types.ts';
import { gatherEvidence } from '../evidence/gather.ts';
import type { ExecOutcome } from '../exec/types.ts';
import type { SqlFacts } from '../orm/sql-facts.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import { distinctRuns } from './prepare-chunks.ts';
import { preparedFrom, type PrepareDeps, type PreparedQuestion } from './prepare.ts';
import type { LabelPlan } from './prepare-labels.ts';
import type { AnalyzedSql, OpenedDb, OpenFailure, PrepareAllOptions, SqlAnalyzer, SuiteFailure } from './prepare-types.ts';

/** What `prepareAll` holds while it runs: each record's plan, queries and chunks, and what is prepared so far. */
export interface PrepareRun {
  readonly records: readonly QuestionRecord[];
  readonly plans: readonly (LabelPlan | null)[];
  /** `questionQueries` of each record. */
  readonly queries: readonly string[][];
  readonly chunksOfDb: ReadonlyMap<string, readonly number[][]>;
  readonly options: PrepareAllOptions;
  readonly chunkQueries: number;
  readonly inFlight: number;
  /** The analyzer unless only labels are read. */
  readonly analyzer: SqlAnalyzer | undefined;
  /** Each record's prepared question once done (undefined while not, or when its database did not open). */
  readonly out: (PreparedQuestion | undefined)[];
  readonly facts: Map<string, SqlFacts>;
  /** Each open database's texts as the analyzer parses them, until its questions run. */
  readonly analysedOf: Map<string, Map<string, Promise<AnalyzedSql>>>;
  readonly reasons: Map<string, OpenFailure>;
  readonly suiteFailures: SuiteFailure[];
  /** One more question done on `dbId`. */
  step(dbId: string): void;
  /** Progress with the count so far and another text. */
  note(text: string): void;
}

/**
 * Sends a database's candidate texts to the analyzer chunk by chunk, each
 * distinct text once (so the analyzer works ahead of execution); each is read
 * when its chunk is labelled.
 */
export function requestAnalyses(run: PrepareRun, dbId: string, schema: Schema | undefined): void {
  const { analyzer } = run;
  if (analyzer === undefined) return;
  const analysed = new Map<string, Promise<AnalyzedSql>>();
  run.analysedOf.set(dbId, analysed);
  for (const chunk of run.chunksOfDb.get(dbId) as number[][]) {
    const fresh = [...new Set(chunkTexts(run, chunk))].filter((t) => !analysed.has(t));
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
}

/** The candidate texts of a chunk's questions, in order, repeats kept. */
function chunkTexts(run: PrepareRun, chunk: readonly number[]): string[] {
  return chunk.flatMap((i) => (run.records[i] as QuestionRecord).candidates.map((c) => c.sql));
}

/** Runs one database's questions, a few chunks in flight, each question prepared from its share of the outcomes. */
export async function runDatabase(run: PrepareRun, dbId: string, db: OpenedDb): Promise<void> {
  const chunks = run.chunksOfDb.get(dbId) as number[][];
  const analysed = run.analysedOf.get(dbId);
  run.analysedOf.delete(dbId);
  const probeCache = new Map<string, ExecOutcome>();
  let nextChunk = 0;
  const lane = async (): Promise<void> => {
    while (nextChunk < chunks.length) await runChunk(run, dbId, db, chunks[nextChunk++] as number[], analysed, probeCache);
  };
  await Promise.all(Array.from({ length: Math.min(run.inFlight, chunks.length) }, lane));
}

/** Runs one chunk's queries in one `runMany` call and prepares its questions in order. */
async function runChunk(
  run: PrepareRun,
  dbId: string,
  db: OpenedDb,
  chunk: readonly number[],
  analysed: Map<string, Promise<AnalyzedSql>> | undefined,
  probeCache: Map<string, ExecOutcome>,
): Promise<void> {
  const { options } = run;
  // Normalized text comes back with the outcomes (no round trip per unparseable candidate), unless only labels are read.
  const runs = distinctRuns(chunk.flatMap((i) => run.queries[i] as string[]));
  const ran = await db.runMany(runs.sqls, options.signal, options.labelsOnly !== true);
  const outcomes = runs.at.map((j) => ran[j] as ExecOutcome);
  const analyses = analysed === undefined ? undefined : await chunkAnalyses(run, chunk, analysed);
  const deps = prepareDeps(run, db, analyses);
  let at = 0;
  for (const i of chunk) {
    const mine = outcomes.slice(at, (at += (run.queries[i] as string[]).length));
    run.out[i] = await preparedFrom(run.records[i] as QuestionRecord, run.plans[i] as LabelPlan | null, mine, deps);
    const schema = db.schema;
    if (options.evidence === true && schema !== undefined)
      run.out[i] = await withEvidence(run.out[i] as PreparedQuestion, schema, db, options.signal, probeCache);
    run.step(dbId);
  }
}

/** The analyses of a chunk's texts, each awaited in order; the ORM facts they bring go to `run.facts`. */
async function chunkAnalyses(run: PrepareRun, chunk: readonly number[], analysed: Map<string, Promise<AnalyzedSql>>): Promise<Map<string, SqlAnalysis>> {
  const analyses = new Map<string, SqlAnalysis>();
  for (const t of new Set(chunkTexts(run, chunk))) {
    const a = await (analysed.get(t) as Promise<AnalyzedSql>);
    analyses.set(t, a.analysis);
    if (a.facts !== undefined) run.facts.set(t, a.facts);
  }
  return analyses;
}

/** What `preparedFrom` needs for a question of this database. */
function prepareDeps(run: PrepareRun, db: OpenedDb, analyses: Map<string, SqlAnalysis> | undefined): Omit<PrepareDeps, 'runMany'> {
  const { labelsOnly, rule } = run.options;
  return {
    ...(labelsOnly === true ? {} : { normalizedSql: (sql: string) => db.normalizedSql(sql) }),
    ...(db.schema === undefined ? {} : { schema: db.schema }),
    ...(rule !== undefined ? { rule } : {}),
    ...(analyses === undefined ? {} : { analysis: (sql: string) => analyses.get(sql) }),
    ...(labelsOnly === true ? { labelsOnly: true } : {}),
  };
}

/** The question with the evidence of what each candidate returns on its view (probes through `db`, each once per database). */
async function withEvidence(
  q: PreparedQuestion,
  schema: Schema,
  db: OpenedDb,
  signal: AbortSignal | undefined,
  cache: Map<string, ExecOutcome>,
): Promise<PreparedQuestion> {
  const { evidence } = await gatherEvidence(
    q.question,
    schema,
    q.candidates.map((c) => ({ sql: c.record.sql, exec: c.outcome })),
    (probes) => db.runMany(probes, signal),
    { cache },
  );
  return { ...q, view: { ...q.view, candidates: q.view.candidates.map((c, j) => (evidence[j] ? { ...c, evidence: evidence[j]! } : c)) } };
}
