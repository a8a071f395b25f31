/**
 * The analysis worker's engine (workers/analysis.worker.ts, the page's
 * analysis thread): candidate texts parsed and read as the signals need them
 * (core/eval/sql-analysis.ts, the work Node's analysis thread does), each
 * under a per-text time budget on top of the parser's size and depth limits
 * (core/sql/parse-limits.ts). node-sql-parser is synchronous, so the budget
 * is checked between dialects (`parseSqlWithin`); a text whose single
 * dialect runs on regardless is stopped from outside: the page's client
 * terminates this worker, names the text in `unparsed` on the next call, and
 * it is read as unparsed at once (`markUnparsed`). Each text's result is
 * reported as soon as it is made, so a stopped worker loses only the text it
 * was on. A query's reading in words (core/sql/describe) is made here too,
 * under the same budget.
 */
import type { AnalyzedSql } from '../../core/eval/prepare-all.ts';
import { analyzeMany } from '../../core/eval/sql-analysis.ts';
import type { Schema } from '../../core/schema.ts';
import { describeSql, type SqlReading } from '../../core/sql/describe/index.ts';
import { markUnparsed, parseSqlWithin } from '../../core/sql/parse.ts';

/** How one call analyses. */
export interface AnalyzeOptions {
  /** Also the ORM's facts of each text. */
  readonly facts: boolean;
  /** Time a text's parse may take before no further dialect is tried (ms). */
  readonly budgetMs: number;
  /** Texts already known to overrun: read as unparsed without trying the parser. */
  readonly unparsed: readonly string[];
}

/** What the analysis worker exposes (one interface on both sides, through comlink). */
export interface AnalysisEngine {
  /** Keeps `schema` under `id` for the calls that name it (a schema crosses once, not with every call). */
  setSchema(id: number, schema: Schema | undefined): void;
  /** Answers once the worker has loaded (the parser included). */
  ready(): true;
  /**
   * Analyses `sqls` against the schema kept under `schemaId`, in order, and
   * answers all the results; `onEach(i, result)` hears each text's result as
   * it is made (what a client keeps when it stops the worker mid-way).
   */
  analyze(sqls: readonly string[], schemaId: number, options: AnalyzeOptions, onEach: (index: number, result: AnalyzedSql) => void): AnalyzedSql[];
  /** Reads `sqls` in words (describeSql), in order, each parse under the budget; `onEach` as for `analyze`. */
  describe(sqls: readonly string[], options: Omit<AnalyzeOptions, 'facts'>, onEach: (index: number, result: SqlReading) => void): SqlReading[];
}

/** The parse failure a text known to overrun is recorded with. */
export const OVERRUN_MESSAGE = "not parsed: its parse ran past the analysis worker's time limit, so the worker was stopped";

/**
 * An engine over a clock (`performance.now` in a worker).
 *
 * @example
 * const engine = createAnalysisEngine(() => performance.now());
 * engine.setSchema(1, schema);
 * engine.analyze(['SELECT 1'], 1, { facts: false, budgetMs: 500, unparsed: [] }, (i, r) => results[i] = r);
 */
export function createAnalysisEngine(now: () => number): AnalysisEngine {
  const schemas = new Map<number, Schema | undefined>();
  return {
    setSchema(id, schema) {
      schemas.clear(); // one database at a time: the page opens one, Evaluate one after another
      schemas.set(id, schema);
    },
    ready: () => true,
    analyze(sqls, schemaId, options, onEach) {
      const schema = schemas.get(schemaId);
      for (const sql of options.unparsed) markUnparsed(sql, OVERRUN_MESSAGE);
      return sqls.map((sql, i) => {
        const t0 = now();
        parseSqlWithin(sql, () => now() - t0 > options.budgetMs);
        const r = analyzeMany([sql], schema, options.facts)[0] as AnalyzedSql;
        onEach(i, r);
        return r;
      });
    },
    describe(sqls, options, onEach) {
      for (const sql of options.unparsed) markUnparsed(sql, OVERRUN_MESSAGE);
      return sqls.map((sql, i) => {
        const t0 = now();
        parseSqlWithin(sql, () => now() - t0 > options.budgetMs); // describeSql then reads the cached parse
        const r = describeSql(sql);
        onEach(i, r);
        return r;
      });
    },
  };
}
