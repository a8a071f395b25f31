/**
 * The analysis worker's face in Node (workers/analysis.node.ts exposes it;
 * src/node/analysis-worker.ts is its client): each call analyses a batch of
 * candidate texts against a schema, as core/eval/sql-analysis.ts does it.
 * The page's worker has its own, with schemas kept and a parse budget
 * (engine.ts).
 */
import { analyzeMany, type SqlAnalysisApi } from '../../core/eval/sql-analysis.ts';

/**
 * The API a worker thread exposes.
 *
 * @example expose(analysisThreadApi(), nodeEndpoint(parentPort));
 */
export function analysisThreadApi(): SqlAnalysisApi {
  return { analyze: analyzeMany };
}
