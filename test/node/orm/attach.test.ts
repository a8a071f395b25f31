/**
 * `attachOrmScores` (what `confide eval --orm` runs): every candidate view gets
 * the model's score of its own features; repeats are scored once; agreement
 * models see each pool's own shares; the real bundled model gives the same
 * scores through this path as scoring a question's candidates directly.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import { viewAgreement } from '../../../src/core/orm/agreement.ts';
import { featurize, toDense, type OrmItem } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, type FeaturizerConfig } from '../../../src/core/orm/layout.ts';
import type { OrmSidecar } from '../../../src/core/orm/sidecar.ts';
import type { Schema } from '../../../src/core/schema.ts';
import type { CandidateView } from '../../../src/core/signals/types.ts';
import { attachOrmScores, ormSidecarPath } from '../../../src/node/orm/attach.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const REPO = join(import.meta.dirname, '../../..');
const col = (name: string, type: string) => ({ name, type, notNull: false, pk: 0, samples: [] });
const schema: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [col('singer_id', 'INTEGER'), col('name', 'TEXT'), col('age', 'INTEGER')],
      primaryKey: ['singer_id'],
      foreignKeys: [],
      rowCount: 0,
      sql: '',
    },
  ],
};

function question(id: string, text: string, sqls: readonly string[]): PreparedQuestion {
  const candidates: CandidateView[] = sqls.map((sql, i) => ({
    sql,
    exec: { ok: true, fingerprint: `r${sql.length % 3}`, rowCount: 1 },
    scores: { judge: i / 10 },
  }));
  return {
    id,
    db_id: 'db',
    question: text,
    truncated: false,
    view: { question: text, schema, candidates },
    candidates: sqls.map((sql) => ({ record: { sql }, outcome: { ok: true, columns: ['x'], rows: [[1]], cut: false, ms: 0 } as never, correct: true })),
  };
}

const prepared = [
  question('q1', 'How many singers are there?', [
    'SELECT count(*) FROM singer',
    'SELECT count(*) FROM singer',
    'SELECT count(name) FROM singer',
    'SELECT name FROM singer',
  ]),
  question('q2', 'Name the oldest singer.', [
    'SELECT name FROM singer ORDER BY age DESC LIMIT 1',
    'SELECT max(age) FROM singer',
    'SELECT name FROM singer ORDER BY age DESC LIMIT 1',
  ]),
  question('q3', 'List singers older than 30.', ['SELECT name FROM singer WHERE age > 30']),
];

/** A stand-in model whose score is a fixed function of the feature row, recording each run's batch size. */
function fakeScorer(featurizer: FeaturizerConfig) {
  const batches: number[] = [];
  const f = (row: Float32Array): number => 1 / (1 + Math.exp(-row.reduce((a, v, i) => a + v * Math.sin(i + 1), 0)));
  return {
    batches,
    f,
    scorer: {
      sidecar: { featurizer: { ...featurizer, denseFeatures: [] } } as unknown as OrmSidecar,
      async scoreFeatures(x: Float32Array, batch: number) {
        batches.push(batch);
        const d = featurizer.dim;
        return {
          ok: true as const,
          backend: 'wasm' as const,
          ms: 0,
          scores: Float32Array.from({ length: batch }, (_, r) => f(x.subarray(r * d, (r + 1) * d))),
        };
      },
    },
  };
}

const itemOf = (q: PreparedQuestion, i: number): OrmItem => ({ question: q.view.question, sql: q.view.candidates[i]!.sql, schema });

describe('attachOrmScores', () => {
  it('scores every candidate by its own features, keeps other scores, and runs repeats once', async () => {
    const { scorer, batches, f } = fakeScorer(DEFAULT_FEATURIZER);
    const { prepared: out, stats } = await attachOrmScores(prepared, scorer, { batchRows: 4 });
    out.forEach((q, qi) =>
      q.view.candidates.forEach((c, i) => {
        const expected = Math.fround(f(toDense(featurize(itemOf(prepared[qi]!, i), DEFAULT_FEATURIZER), DEFAULT_FEATURIZER.dim)));
        expect(c.scores?.orm).toBe(expected);
        expect(c.scores?.judge).toBe(i / 10);
      }),
    );
    expect(stats).toMatchObject({ questions: 3, candidates: 8, scored: 6 });
    expect(batches.reduce((a, b) => a + b, 0)).toBe(6);
    expect(Math.max(...batches)).toBeLessThanOrEqual(4);
    expect(prepared[0]!.view.candidates[0]!.scores?.orm).toBeUndefined();
  });

  it("gives an agreement model each pool's own shares as orm (none in a pool of one), and the question and SQL alone as orm_sql", async () => {
    const config = { ...DEFAULT_FEATURIZER, agreement: true };
    const { scorer, f } = fakeScorer(config);
    const { prepared: out } = await attachOrmScores(prepared, scorer);
    expect(prepared.some((q) => q.view.candidates.length === 1)).toBe(true);
    out.forEach((q, qi) => {
      const shares = viewAgreement(prepared[qi]!.view);
      const pool = q.view.candidates.length;
      q.view.candidates.forEach((c, i) => {
        const alone = Math.fround(f(toDense(featurize(itemOf(prepared[qi]!, i), config), config.dim)));
        const withShares = Math.fround(f(toDense(featurize({ ...itemOf(prepared[qi]!, i), agreement: shares[i]! }, config), config.dim)));
        expect(c.scores?.orm).toBe(pool >= 2 ? withShares : alone);
        expect(c.scores?.orm_sql).toBe(alone);
      });
    });
  });

  it('with the bundled model, matches scoring each question directly', async () => {
    const scorer = await loadOrmScorer(ormSidecarPath(join(REPO, 'public/models/orm-v1.onnx')));
    try {
      const { prepared: out } = await attachOrmScores(prepared, scorer);
      for (const [qi, q] of prepared.entries()) {
        const direct = scoresOrThrow(await scorer.score(q.view.candidates.map((_, i) => itemOf(q, i))));
        out[qi]!.view.candidates.forEach((c, i) => expect(Math.abs(c.scores!.orm! - direct[i]!)).toBeLessThan(1e-6));
      }
    } finally {
      await scorer.unload();
    }
  });

  it('refuses a model file without its sidecar, saying what is missing', () => {
    expect(() => ormSidecarPath('/nonexistent/model.onnx')).toThrow(/No sidecar \/nonexistent\/model\.json/);
  });
});
