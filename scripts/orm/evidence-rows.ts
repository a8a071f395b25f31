/**
 * The evidence of every candidate of prepared benchmark questions
 * (core/evidence): each database opened once in a Node SQL pool (read-only,
 * time-limited, as `confide ask` runs probes), its questions' probes run
 * through it, each distinct probe text once per database. Also how much it
 * cost: probes run, probes asked for per candidate, and wall time.
 */
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { gatherEvidence, type CandidateEvidence } from '../../src/core/evidence/index.ts';
import type { ExecOutcome } from '../../src/core/exec/types.ts';
import { loadBenchmark } from '../../src/node/bench.ts';
import { createNodeSqlPool, openDbFile } from '../../src/node/sql-pool.ts';

export interface EvidenceRun {
  /** `evidence[q][c]`: candidate c of question q; null where it has no SQL. */
  readonly evidence: (CandidateEvidence | null)[][];
  /** Distinct probe queries run. */
  readonly probesRun: number;
  /** Probes asked for, summed over candidates (before caching). */
  readonly probesAsked: number;
  readonly candidates: number;
  readonly ms: number;
}

/**
 * Gathers the evidence of every candidate of `prepared` against the benchmark's databases.
 *
 * @example const run = await preparedEvidence(prepared, '../shared/data/spider');
 */
export async function preparedEvidence(prepared: readonly PreparedQuestion[], benchDir: string): Promise<EvidenceRun> {
  const t0 = performance.now();
  const bench = await loadBenchmark(benchDir);
  const sqlPool = createNodeSqlPool({ size: 2, timeoutMs: 2000 });
  const evidence: (CandidateEvidence | null)[][] = prepared.map(() => []);
  let probesRun = 0;
  let probesAsked = 0;
  try {
    for (const db of new Set(prepared.map((p) => p.db_id))) {
      const opened = await openDbFile(sqlPool, db, bench.dbPath(db));
      if (!opened.ok) throw new Error(`${db}: ${opened.error.message}`);
      const cache = new Map<string, ExecOutcome>();
      for (const [q, p] of prepared.entries()) {
        if (p.db_id !== db) continue;
        const schema = p.view.schema ?? opened.schema;
        const g = await gatherEvidence(
          p.question,
          schema,
          p.candidates.map((c) => ({ sql: c.record.sql, exec: c.outcome })),
          (sqls) => sqlPool.runMany(db, sqls),
          { cache },
        );
        evidence[q] = [...g.evidence];
        probesRun += g.probesRun;
        probesAsked += g.evidence.reduce((a, e) => a + (e?.probes ?? 0), 0);
      }
      await sqlPool.close(db);
    }
  } finally {
    sqlPool.terminate();
  }
  return { evidence, probesRun, probesAsked, candidates: prepared.reduce((a, p) => a + p.candidates.length, 0), ms: performance.now() - t0 };
}
