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
import { proxy, wrap, type Remote } from 'comlink';
import type { AnalyzedSql, SqlAnalyzer } from '../core/eval/prepare-all.ts';
import type { Schema } from '../core/schema.ts';
import type { SqlReading } from '../core/sql/describe/index.ts';
import type { AnalysisEngine } from '../engines/analysis/engine.ts';

/** A text's parse may take this long before no further dialect is tried (ms). */
export const ANALYSIS_BUDGET_MS = 500;
/** No text finished for this long: the worker is stopped and the text it was on is read as unparsed (ms). */
export const ANALYSIS_HARD_LIMIT_MS = 3_000;
/** How long a new worker may take to load (ms). */
export const ANALYSIS_START_LIMIT_MS = 30_000;

/** The analysis thread could not be started (or kept stopping before any text). */
export class AnalysisWorkerFailed extends Error {
  readonly code = 'ANALYSIS_WORKER_FAILED';
}

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

interface Running {
  readonly worker: Worker;
  readonly api: Remote<AnalysisEngine>;
  /** Rejects when the worker reports an error (it died or could not load). */
  readonly failed: Promise<never>;
  schemaId: number | null;
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
  const spawn = options.spawn ?? spawnWorker;
  const budgetMs = options.budgetMs ?? ANALYSIS_BUDGET_MS;
  const hardLimitMs = options.hardLimitMs ?? ANALYSIS_HARD_LIMIT_MS;
  const startLimitMs = options.startLimitMs ?? ANALYSIS_START_LIMIT_MS;
  let running: Running | null = null;
  const schemaIds = new WeakMap<Schema, number>();
  let nextSchemaId = 1;
  const overrun = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();

  const stop = (): void => {
    running?.worker.terminate();
    running = null;
  };

  const start = async (): Promise<Running> => {
    const worker = spawn();
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (e) => reject(new AnalysisWorkerFailed(`the SQL analysis worker stopped${e.message ? `: ${e.message}` : ''}`)));
    });
    failed.catch(() => undefined);
    const api = wrap<AnalysisEngine>(worker);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AnalysisWorkerFailed(`the SQL analysis worker did not start within ${startLimitMs / 1000} s`)), startLimitMs);
    });
    try {
      await Promise.race([api.ready(), failed, late]);
    } catch (e) {
      worker.terminate();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return { worker, api, failed, schemaId: null };
  };

  const idOf = (schema: Schema | undefined): number => {
    if (schema === undefined) return 0;
    let id = schemaIds.get(schema);
    if (id === undefined) schemaIds.set(schema, (id = nextSchemaId++));
    return id;
  };

  /** One call of the worker on some texts (`onEach` hears each result as it is made), after what it needs there first. */
  interface Call<T> {
    prepare?(w: Running): Promise<void>;
    run(w: Running, sqls: readonly string[], unparsed: string[], onEach: (i: number, r: T) => void): Promise<T[]>;
  }

  /** Runs `call` on `sqls[from…]` in one worker; answers where it got to and whether it finished. */
  const runFrom = async <T>(call: Call<T>, sqls: readonly string[], from: number, results: T[]): Promise<{ finished: boolean; at: number }> => {
    const w = (running ??= await start());
    await call.prepare?.(w);
    let at = from;
    let timer: ReturnType<typeof setTimeout> | undefined;
    return new Promise((resolve, reject) => {
      const stalled = (): void => resolve({ finished: false, at });
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(stalled, hardLimitMs);
      };
      arm();
      const onEach = proxy((i: number, r: T) => {
        results[from + i] = r;
        at = from + i + 1;
        arm();
      });
      call.run(w, sqls.slice(from), [...overrun], onEach).then(
        (all) => {
          all.forEach((r, i) => (results[from + i] = r)); // the answer holds every result, whatever order the progress calls arrive in
          resolve({ finished: true, at: sqls.length });
        },
        (e: unknown) => reject(e),
      );
      // A worker that dies mid-way (memory) is blamed on the text it was on, like one that overruns.
      w.failed.catch(stalled);
    }).finally(() => clearTimeout(timer)) as Promise<{ finished: boolean; at: number }>;
  };

  /** Runs `call` over every text, a stuck worker stopped and the text it was on read as unparsed from then on. */
  const runAll = async <T>(call: Call<T>, sqls: readonly string[]): Promise<T[]> => {
    const results: T[] = new Array(sqls.length);
    let from = 0;
    while (from < sqls.length) {
      const r = await runFrom(call, sqls, from, results);
      if (r.finished) break;
      stop();
      const text = sqls[r.at] as string;
      if (overrun.has(text)) throw new AnalysisWorkerFailed('the SQL analysis worker stopped twice on the same text');
      overrun.add(text);
      from = r.at;
    }
    return results;
  };

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
    analyze: (sqls, schema) => queued(() => runAll(analyzeCall(schema), sqls)),
    describe: (sqls) => queued(() => runAll(describeCall, sqls)),
    overrun: () => [...overrun],
    terminate: stop,
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
