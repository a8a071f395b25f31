/**
 * The recipe a user follows to train a verifier on their own generator's
 * samples, end to end on a small file the project makes itself (the demo's
 * replay candidates over the demo database, public/demo):
 * 1. an evaluation run labels the candidates by execution and exports them
 *    (`labeledRecord`, what the Evaluate screen's "Export labelled candidate
 *    file" writes);
 * 2. `confide curate --candidates <export>` adds gold and mutants and
 *    re-labels;
 * 3. `npm run orm:train` (scripts/orm/train.ts) trains and writes the ONNX
 *    model and its sidecar;
 * 4. the model loads through the checked sidecar and onnxruntime-web and
 *    scores candidates;
 * 5. the two files pass the checks the app runs when the person chooses
 *    them under Ask (src/app/orm/pair.ts). Loading them in the real app, its
 *    Ask and Evaluate scoring with them, is test/browser/orm-own-model.test.ts,
 *    which runs this whole chain starting from the app's own export.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCandidateFile, serializeCandidateFile } from '../../../src/core/bench/candidate-file.ts';
import { checkOrmPair } from '../../../src/app/orm/pair.ts';
import { labeledRecord } from '../../../src/core/eval/prepare.ts';
import { loadBenchmark, readCandidateFile } from '../../../src/node/bench.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';
import { prepareRun } from '../../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { curateAndTrain } from './recipe-chain.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const ROOT = join(import.meta.dirname, '../../..');
const DEMO = join(ROOT, 'public/demo');
const dir = mkdtempSync(join(tmpdir(), 'confide-recipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("own-generator ORM recipe: export → curate → orm:train → load → the app's checks", () => {
  it('runs end to end and the trained model scores candidates', { timeout: 300_000 }, async () => {
    // 1. The evaluation run's export.
    const records = await readCandidateFile(join(DEMO, 'candidates.jsonl'));
    const sqlPool = createNodeSqlPool({ size: 1 });
    let run;
    try {
      run = await prepareRun(records, await loadBenchmark(DEMO), { sqlPool });
    } finally {
      sqlPool.terminate();
    }
    const exported = join(dir, 'demo-candidates.jsonl');
    writeFileSync(exported, serializeCandidateFile(run.records.map((r, i) => labeledRecord(r, run.prepared[i]!))));
    const labeled = parseCandidateFile(readFileSync(exported, 'utf8')).records;
    expect(labeled.every((r) => r.candidates.every((c) => typeof c.correct === 'boolean'))).toBe(true);

    // 2. Curate, 3. train.
    const { curated, model, sidecar } = await curateAndTrain(exported, dir, 'my-orm');
    const curatedRecords = parseCandidateFile(readFileSync(curated, 'utf8')).records;
    const curatedSql = new Set(curatedRecords.flatMap((r) => r.candidates.map((c) => `${r.question}\u0000${c.sql}`)));
    const exportedSql = labeled.flatMap((r) => r.candidates.filter((c) => c.exec_error === undefined).map((c) => `${r.question}\u0000${c.sql}`));
    expect(exportedSql.filter((k) => curatedSql.has(k)).length).toBeGreaterThan(exportedSql.length / 2);

    // 4. Load and score.
    const scorer = await loadOrmScorer(sidecar);
    try {
      expect(scorer.sidecar.name).toBe('my-orm');
      expect(scorer.sidecar.training?.data).toBe('curated.jsonl');
      expect(scorer.sidecar.quality.note).toContain('held-out questions');
      const r = labeled[0]!;
      const scores = scoresOrThrow(await scorer.score(r.candidates.map((c) => ({ question: r.question, sql: c.sql }))));
      expect(scores).toHaveLength(r.candidates.length);
      for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
      expect(new Set(scores).size).toBeGreaterThan(1);
    } finally {
      await scorer.unload();
    }

    // 5. The app's checks on the files a person chooses: the pair passes; a model from another run does not.
    const file = (path: string, name = basename(path)): File => new File([readFileSync(path)], name);
    const pair = await checkOrmPair([file(model), file(sidecar)]);
    expect(pair.ok && pair.sidecar.name).toBe('my-orm');
    const truncated = new File([readFileSync(model).subarray(0, 1000)], 'my-orm.onnx');
    const refused = await checkOrmPair([truncated, file(sidecar)]);
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'ORM_NOT_A_PAIR', source: 'my-orm.onnx' });
    expect(refused.ok ? '' : refused.error.message).toContain('my-orm.json describes the model "my-orm.onnx"');
  });
});
