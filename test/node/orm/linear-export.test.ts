/**
 * A linear verifier on the featurizer's dense slots ships under the ORM
 * contract (`orm-v2`'s form): the standardization folded into one float32
 * layer, written by `writeOrmFiles`, must score every candidate as the fit
 * does when onnxruntime-web runs the file on the whole featurizer vector
 * (hashed buckets included, weighted 0), and the sidecar must load.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fitScaledLogistic } from '../../../scripts/orm/lodo.ts';
import { BUNDLED_ORM_NAME, BUNDLED_ORM_SIDECAR_URL } from '../../../src/app/orm/model-store.ts';
import { denseTextFeatures, TEXT_DIM } from '../../../scripts/orm/text-features.ts';
import type { OrmItem } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER } from '../../../src/core/orm/layout.ts';
import { linearOrmParams } from '../../../src/core/orm/training/linear.ts';
import type { SqlFacts } from '../../../src/core/orm/sql-facts.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../../src/core/orm/training/synthetic.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';
import { writeOrmFiles } from '../../../src/node/orm/write.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-linear-orm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const labeled = syntheticRecords(mulberry32(3), 12).flatMap((r) =>
  r.candidates.map((c) => ({ item: { question: r.question, sql: c.sql, schema: schemas.get(r.db_id)! } as OrmItem, y: c.correct ? 1 : 0 })),
);

describe('a linear verifier exported as an ORM', () => {
  it('scores like the fit through onnxruntime-web, and its sidecar names a one-layer float32 model', async () => {
    const cache = new Map<string, SqlFacts>();
    const rows = labeled.map((l) => ({ x: denseTextFeatures(l.item, cache), y: l.y }));
    expect(new Set(rows.map((r) => r.y))).toEqual(new Set([0, 1]));
    const verifier = fitScaledLogistic(rows, 10);
    const featurizer = { ...DEFAULT_FEATURIZER, agreement: false };
    const written = writeOrmFiles({
      out: dir,
      name: 'linear-test',
      params: linearOrmParams(verifier.model, verifier.standardization, featurizer.dim),
      featurizer,
      weights: 'float32',
      training: { data: 'synthetic toy records' },
      quality: { status: 'not yet measured' },
    });
    expect(written.sidecar.architecture).toMatchObject({ sizes: [featurizer.dim, 1], weights: 'float32' });
    expect(written.sidecar.architecture.bytes).toBe(readFileSync(written.modelPath).byteLength);
    const scorer = await loadOrmScorer(written.sidecarPath);
    try {
      const onnx = scoresOrThrow(await scorer.score(labeled.map((l) => l.item)));
      const expected = rows.map((r) => verifier.score(r.x));
      // The scores spread (the fit learned something), and the file reproduces each one.
      expect(Math.max(...expected) - Math.min(...expected)).toBeGreaterThan(0.2);
      expected.forEach((p, i) => expect(Math.abs(onnx[i]! - p)).toBeLessThan(1e-5));
    } finally {
      await scorer.unload();
    }
  });

  it('the bundled orm-v2 is such a model: the file its sidecar names, agreement on, measured by held-out databases, and it trusts a candidate more the more of its pool agrees', async () => {
    const sidecarPath = join(import.meta.dirname, '../../../public', BUNDLED_ORM_SIDECAR_URL);
    const sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8'));
    const bytes = readFileSync(join(dirname(sidecarPath), sidecar.model));
    expect(sidecar.name).toBe(BUNDLED_ORM_NAME);
    expect(sidecar.architecture).toMatchObject({
      sizes: [DEFAULT_FEATURIZER.dim, 1],
      weights: 'float32',
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(sidecar.featurizer.agreement).toBe(true);
    expect(sidecar.quality.status).toBe('measured');
    expect(sidecar.quality.validation.design).toMatch(/leave-one-database-out/);
    const scorer = await loadOrmScorer(sidecarPath);
    try {
      const item = { question: 'How many singers are there?', sql: 'SELECT count(*) FROM singer', schema: toySchema(TOY_DOMAINS[0]!) };
      const [alone, agreed] = scoresOrThrow(
        await scorer.score([
          { ...item, agreement: { exec_share: 0.1, struct_share: 0.1, string_share: 0.1 } },
          { ...item, agreement: { exec_share: 0.9, struct_share: 0.9, string_share: 0.9 } },
        ]),
      );
      expect(agreed!).toBeGreaterThan(alone!);
    } finally {
      await scorer.unload();
    }
  });

  it('refuses what cannot be folded: a missing-value indicator, a size mismatch, more features than slots', () => {
    const model = { weights: [1, 2], bias: 0 };
    expect(() => linearOrmParams(model, { means: [0, 0], sds: [1, 1], indicators: [false, true] }, 16)).toThrow(/indicator/);
    expect(() => linearOrmParams(model, { means: [0], sds: [1], indicators: [false] }, 16)).toThrow(/2 weights, the standardization 1/);
    expect(() => linearOrmParams(model, { means: [0, 0], sds: [1, 1], indicators: [false, false] }, 1)).toThrow(/do not fit/);
  });

  it('folds z = (x − mean)/sd into the weights and the bias, and leaves every other slot at 0', () => {
    const p = linearOrmParams({ weights: [2, -1], bias: 0.5 }, { means: [1, 4], sds: [2, 0.5], indicators: [false, false] }, TEXT_DIM + 8);
    expect([...p.weights[0]!.slice(0, 2)]).toEqual([1, -2]);
    expect(p.weights[0]!.slice(2).every((w) => w === 0)).toBe(true);
    // bias − Σ w·mean/sd = 0.5 − (2·1/2) − (−1·4/0.5) = 7.5
    expect(p.biases[0]![0]).toBeCloseTo(7.5, 6);
  });
});
