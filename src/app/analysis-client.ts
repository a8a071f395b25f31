/**
 * The page's side of its analysis thread (workers/analysis.worker.ts): every
 * candidate text Ask, verify mode, the example chips and Evaluate score is
 * parsed there, never on the page's thread, and comes back as plain data
 * (`AnalyzedSql`) that the signals read instead of parsing; a query's
 * reading in words (`describe`) is made there too. One worker, started on
 * first use; calls run one at a time.
 *
 * Each text has a time budget: the engine tries no further dialect once a
 * text's parse passes {@link ANALYSIS_BUDGET_MS}; and since one dialect can
 * run on by itself, a watchdog here stops the worker when no text has
 * finished for {@link ANALYSIS_HARD_LIMIT_MS}, records the text it was on as
 * unparsed (it is never handed to the parser again while the page lives),
 * and goes on with the rest in a fresh worker. A worker that cannot start
 * ends the call with `ANALYSIS_WORKER_FAILED`.
 */
import type { AnalyzedSql, SqlAnalyzer } from '../core/eval/prepare-all.ts';
import type { Schema } from '../core/schema.ts';
import type { SqlReading } from '../core/sql/describe/index.ts';
import { type AnalysisRuns, type Call, runAll, stopWorker } from './analysis-runs.ts';

export { AnalysisWorkerFailed } from './analysis-runs.ts';

/** A text's parse may take this long before no further dialect is tried (ms). */
export const ANALYSIS_BUDGET_MS = 500;
/** No text finished for this long: the worker is stopped and the text it was on is read as unparsed (ms). */
export const ANALYSIS_HARD_LIMIT_MS = 3_000;
/** How long a new worker may take to load (ms). */
export const ANALYSIS_START_LIMIT_MS = 30_000;

export interface PageAnalyzer extends SqlAnalyzer {
  /** Each text read in words (core/sql/describe), parsed in the worker under the same budget and watchdog. */
  describe(sqls: readonly string[]): Promise<SqlReading[]>;
  /** Texts the watchdog stopped the worker on (read as unparsed). */
  overrun(): readonly string[];
  terminate(): void;
}

export interface PageAnalyzerOptions {
  readonly spawn?: () => Worker;
  readonly budgetMs?: number;
  readonly hardLimitMs?: number;
  readonly startLimitMs?: number;
}

const spawnWorker = (): Worker => new Worker(new URL('../../workers/analysis.worker.ts', import.meta.url), { type: 'module', name: 'analysis' });

/**
 * An analyzer on its own worker.
 *
 * @example
 * const analyzer = createPageAnalyzer();
 * const [a] = await analyzer.analyze(['SELECT name FROM singer'], schema); // a.analysis.usage.tables: ['singer']
 */
export function createPageAnalyzer(options: PageAnalyzerOptions = {}): PageAnalyzer {
  const budgetMs = options.budgetMs ?? ANALYSIS_BUDGET_MS;
  const runs: AnalysisRuns = {
    spawn: options.spawn ?? spawnWorker,
    hardLimitMs: options.hardLimitMs ?? ANALYSIS_HARD_LIMIT_MS,
    startLimitMs: options.startLimitMs ?? ANALYSIS_START_LIMIT_MS,
    running: null,
    overrun: new Set<string>(),
  };
  const idOf = schemaIds();
  let chain: Promise<unknown> = Promise.resolve();
  const analyzeCall = (schema: Schema | undefined): Call<AnalyzedSql> => ({
    async prepare(w) {
      const id = idOf(schema);
      if (w.schemaId === id) return;
      await Promise.race([w.api.setSchema(id, schema), w.failed]);
      w.schemaId = id;
    },
    run: (w, sqls, unparsed, onEach) => w.api.analyze(sqls, idOf(schema), { facts: false, budgetMs, unparsed }, onEach),
  });
  const describeCall: Call<SqlReading> = { run: (w, sqls, unparsed, onEach) => w.api.describe(sqls, { budgetMs, unparsed }, onEach) };
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const p = chain.then(work);
    chain = p.catch(() => undefined);
    return p;
  };
  return {
    analyze: (sqls, schema) => queued(() => runAll(runs, analyzeCall(schema), sqls)),
    describe: (sqls) => queued(() => runAll(runs, describeCall, sqls)),
    overrun: () => [...runs.overrun],
    terminate: () => stopWorker(runs),
  };
}

/** Numbers each schema once (0: none), so the worker is sent a schema only when it changes. */
function schemaIds(): (schema: Schema | undefined) => number {
  const ids = new WeakMap<Schema, number>();
  let next = 1;
  return (schema) => {
    if (schema === undefined) return 0;
    let id = ids.get(schema);
    if (id === undefined) ids.set(schema, (id = next++));
    return id;
  };
}

let shared: PageAnalyzer | null = null;

/**
 * The page's one analyzer, started on first use (Ask, verify mode, the
 * example chips and Evaluate share it, and so its parse cache).
 *
 * @example await pageAnalyzer().analyze(texts, db.schema);
 */
export function pageAnalyzer(): PageAnalyzer {
  shared ??= createPageAnalyzer();
  return shared;
}
