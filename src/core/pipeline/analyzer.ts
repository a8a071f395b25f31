/**
 * Where candidate texts are parsed when not on the thread that asks: the
 * page's analysis worker, Node's analysis thread. Ask (`AskDeps.analyzer`)
 * and evaluation (`PrepareAllOptions.analyzer`) hand it their texts.
 */
import type { SqlFacts } from '../orm/sql-facts.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';

/** One text as an analyzer gives it back: its analysis, and the ORM's facts when the analyzer makes them. */
export interface AnalyzedSql {
  readonly analysis: SqlAnalysis;
  readonly facts?: SqlFacts;
}

/**
 * Parses SQL elsewhere (a worker thread, src/node/analysis-worker.ts): one
 * result per text, in order, each `analyzeSql(text, schema)`.
 */
export interface SqlAnalyzer {
  analyze(sqls: readonly string[], schema: Schema | undefined): Promise<readonly AnalyzedSql[]>;
}
