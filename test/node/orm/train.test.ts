/**
 * Training is reproducible and honest about its split: the same seed gives
 * bit-identical weights (and ONNX bytes), validation databases never appear
 * in training, and the file-based entry point reads SQLite schemas and a
 * candidate file and writes a model the Node scorer loads.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitMlp } from '../../../src/core/orm/training/fit.ts';
import { DEFAULT_FEATURIZER } from '../../../src/core/orm/layout.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { buildExamples } from '../../../src/core/orm/training/examples.ts';
import { readSchemas } from '../../../src/node/orm/load.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';
import { evaluateOrmOnFiles } from '../../../src/node/orm/evaluate-files.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../../src/core/orm/training/synthetic.ts';
import { trainOrmFromFiles } from '../../../src/node/orm/train.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const config = { ...DEFAULT_FEATURIZER, dim: 1024 };
const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const records = syntheticRecords(mulberry32(3), 12);
const { examples } = buildExamples(records, schemas, config);
const small = { dim: config.dim, hidden: [16, 8], maxEpochs: 3, batchSize: 16 };

describe('fitMlp', () => {
  it('gives bit-identical weights for the same seed and different weights for another', () => {
    const a = fitMlp(examples, { ...small, seed: 7 });
    const b = fitMlp(examples, { ...small, seed: 7 });
    const c = fitMlp(examples, { ...small, seed: 8 });
    a.params.weights.forEach((w, l) => expect(Buffer.from(b.params.weights[l]!.buffer).equals(Buffer.from(w.buffer))).toBe(true));
    a.params.biases.forEach((w, l) => expect(Buffer.from(b.params.biases[l]!.buffer).equals(Buffer.from(w.buffer))).toBe(true));
    expect(Buffer.from(c.params.weights[0]!.buffer).equals(Buffer.from(a.params.weights[0]!.buffer))).toBe(false);
  });

  it('validates on whole databases that training never saw', () => {
    const r = fitMlp(examples, { ...small, seed: 1, maxEpochs: 1 });
    expect(r.split.validation.length).toBeGreaterThan(0);
    expect(r.split.train.filter((g) => r.split.validation.includes(g))).toEqual([]);
    const trainedOn = new Set(examples.map((e) => e.group));
    expect([...r.split.train, ...r.split.validation].sort()).toEqual([...trainedOn].sort());
  });

  it('learns: validation AUROC on held-out toy databases ends well above chance', () => {
    const r = fitMlp(examples, { ...small, seed: 1, maxEpochs: 8 });
    expect(r.history[r.bestEpoch - 1]!.validation.auroc).toBeGreaterThan(0.75);
  });
});

describe('trainOrmFromFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'confide-orm-'));
    const SQL = await initSqlJs();
    for (const d of TOY_DOMAINS) {
      const db = new SQL.Database();
      for (const t of toySchema(d).tables) db.run(t.sql);
      mkdirSync(join(dir, 'bench', 'database', d.db), { recursive: true });
      writeFileSync(join(dir, 'bench', 'database', d.db, `${d.db}.sqlite`), db.export());
      db.close();
    }
    writeFileSync(join(dir, 'cands.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const train = (out: string, extra: Partial<Parameters<typeof trainOrmFromFiles>[0]> = {}) =>
    trainOrmFromFiles({
      candidates: join(dir, 'cands.jsonl'),
      bench: join(dir, 'bench'),
      out: join(dir, out),
      seed: 3,
      maxEpochs: 2,
      featurizer: { dim: 1024 },
      fit: { hidden: [16, 8] },
      ...extra,
    });

  it('reads tables, primary keys and foreign keys back from the SQLite files', async () => {
    const d = TOY_DOMAINS[0]!;
    const { schemas: read, failed } = await readSchemas(
      new Map([
        [d.db, join(dir, 'bench', 'database', d.db, `${d.db}.sqlite`)],
        ['nope', join(dir, 'missing.sqlite')],
      ]),
    );
    const want = toySchema(d);
    const got = read.get(d.db)!;
    expect(got.tables.map((t) => [t.name, t.primaryKey, t.foreignKeys, t.columns.map((c) => c.name)])).toEqual(
      want.tables.map((t) => [t.name, t.primaryKey, t.foreignKeys, t.columns.map((c) => c.name)]),
    );
    expect(failed.has('nope')).toBe(true);
  });

  it('writes an int8 model and sidecar that the Node scorer loads', async () => {
    const { sidecar, sidecarPath, modelPath } = await train('a');
    expect(sidecar.architecture.weights).toBe('int8-per-channel-qdq');
    // The sidecar records the model's SHA-256, so the app can tell a pair from two runs of one size.
    expect(sidecar.architecture.sha256).toBe(createHash('sha256').update(readFileSync(modelPath)).digest('hex'));
    expect(sidecar.featurizer.dim).toBe(1024);
    expect((sidecar.training.examples as { examples: number }).examples).toBe(examples.length);
    const scorer = await loadOrmScorer(sidecarPath);
    const s = scoresOrThrow(
      await scorer.score([{ question: records[0]!.question, sql: records[0]!.candidates[0]!.sql, schema: schemas.get(records[0]!.db_id)! }]),
    );
    await scorer.unload();
    expect(s[0]).toBeGreaterThan(0);
    expect(s[0]).toBeLessThan(1);
  });

  it('measures a written model on a labeled file: counts, ceiling and first-candidate accuracy', async () => {
    const { sidecarPath } = await train('e');
    const r = await evaluateOrmOnFiles({ sidecarPath, candidates: join(dir, 'cands.jsonl'), bench: join(dir, 'bench') });
    expect(r.orm.questions).toBe(records.length);
    expect(r.orm.examples).toBe(examples.length);
    expect(r.orm.oracleAccuracy).toBe(1);
    expect(r.firstCandidateAccuracy).toBeCloseTo(records.filter((q) => q.candidates[0]!.correct).length / records.length, 12);
    expect(r.orm.auroc).toBeGreaterThan(0);
  });

  it('writes byte-identical models for the same seed', async () => {
    const a = await train('b1');
    const b = await train('b2');
    expect(readFileSync(a.modelPath).equals(readFileSync(b.modelPath))).toBe(true);
  });

  it('with agreement on, refuses candidates that lack the agreement shares and says which', async () => {
    await expect(train('c', { agreement: true })).rejects.toThrow(/scores\.exec_share/);
  });

  it('runs as `npm run orm:train` (scripts/orm/train.ts) with the documented flags', async () => {
    const out = join(dir, 'cli');
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'scripts/orm/train.ts', '--candidates', join(dir, 'cands.jsonl'), '--bench', join(dir, 'bench'), '--out', out, '--seed', '2', '--epochs', '1'],
      { cwd: join(import.meta.dirname, '../../..') },
    );
    expect(JSON.parse(stdout).status).toBe('measured');
    expect(JSON.parse(readFileSync(join(out, 'orm-v1.json'), 'utf8')).training.seed).toBe(2);
  }, 180_000);
});
