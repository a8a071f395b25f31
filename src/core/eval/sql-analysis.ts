/**
 * The work of an analysis worker (src/node/analysis-worker.ts): candidate
 * texts parsed and read there, away from the thread that labels and
 * evaluates, and handed back as plain data (SqlAnalyzer in prepare-all.ts).
 */
import { sqlFacts } from '../orm/sql-facts.ts';
import type { Schema } from '../schema.ts';
import { analyzeSql } from '../sql/analysis.ts';
import type { AnalyzedSql } from './prepare-all.ts';

/** What an analysis worker exposes. */
export interface SqlAnalysisApi {
  /** One result per text, in order: `analyzeSql(text, schema)`, and with `facts` the ORM's `sqlFacts(text)` too. */
  analyze(sqls: readonly string[], schema: Schema | undefined, facts: boolean): AnalyzedSql[];
}

/**
 * Analyses texts as an analysis worker does; each text is parsed once (the
 * parse cache serves the later reads).
 *
 * @example
 * analyzeMany(['SELECT name FROM singer'], schema, true)[0].facts?.tables; // ['singer']
 */
export function analyzeMany(sqls: readonly string[], schema: Schema | undefined, facts: boolean): AnalyzedSql[] {
  return sqls.map((sql) => (facts ? { analysis: analyzeSql(sql, schema), facts: sqlFacts(sql) } : { analysis: analyzeSql(sql, schema) }));
}
