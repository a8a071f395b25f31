/** Hand-made pieces for Ask pipeline tests: a schema, a scripted generator and runner, a profile. */
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import type { CandidateGenerator, RunMany, SampledCandidate } from '../../../src/core/pipeline/index.ts';
import { PROFILE_VERSION, type CalibrationProfile } from '../../../src/core/profile.ts';
import type { Schema } from '../../../src/core/schema.ts';

export const schema: Schema = {
  tables: [
    {
      name: 'books',
      columns: [
        { name: 'book_id', type: 'INTEGER', notNull: true, pk: 1, samples: ['1'] },
        { name: 'title', type: 'TEXT', notNull: true, pk: 0, samples: ['River'] },
        { name: 'price', type: 'REAL', notNull: false, pk: 0, samples: ['9.5'] },
      ],
      primaryKey: ['book_id'],
      foreignKeys: [],
      rowCount: 3,
      sql: 'CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL)',
    },
  ],
};

/** A generator that returns `candidates` (or throws `failure`), recording its requests. */
export function scriptedGenerator(candidates: SampledCandidate[], failure?: unknown): CandidateGenerator & { requests: unknown[] } {
  const requests: unknown[] = [];
  return {
    requests,
    async sample(req, options) {
      requests.push(req);
      if (failure !== undefined) throw failure;
      candidates.forEach((_, i) => options?.onProgress?.({ done: i + 1, total: candidates.length, text: `${i + 1}` }));
      return candidates;
    },
  };
}

/** A runner answering from a table of SQL → outcome (unknown SQL fails SYNTAX), recording each batch. */
export function scriptedRunner(table: Record<string, ExecOutcome>): RunMany & { batches: string[][] } {
  const batches: string[][] = [];
  const run: RunMany = async (sqls) => {
    batches.push([...sqls]);
    return sqls.map((s): ExecOutcome => table[s] ?? { ok: false, error: { code: 'SYNTAX', message: 'near nothing' }, ms: 0 });
  };
  return Object.assign(run, { batches });
}

export const rows = (...values: (string | number | null)[]): ExecOutcome => ({ ok: true, columns: ['x'], rows: values.map((v) => [v]), cut: false, ms: 1 });

/**
 * A one-signal profile for pools of 2 and more: logit = bias + w·(execution_sc − 0.5)/0.25, so
 * P = σ(−1 + 4·(x − 0.5)·2) with w = 2, bias = −1; thresholds for 0.1 and 0.2,
 * none for 0.05. A pool of one has no band (no P).
 */
export function profileOnExecutionSc(): CalibrationProfile {
  return {
    version: PROFILE_VERSION,
    name: 'test',
    floor: 0.5,
    bands: [
      {
        min: 2,
        max: null,
        signals: ['execution_sc'],
        model: { standardization: { means: [0.5], sds: [0.25], indicators: [false] }, weights: [2], bias: -1, lambda: 1 },
        thresholds: [
          { target_risk: 0.05, threshold: null },
          { target_risk: 0.1, threshold: 0.9 },
          { target_risk: 0.2, threshold: 0.6 },
        ],
      },
    ],
    provenance: { data: 'hand-made', generator: 'none', n_questions: 0, ece: Number.NaN, auroc: Number.NaN, created: '' },
  };
}
