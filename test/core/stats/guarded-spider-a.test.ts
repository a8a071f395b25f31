/**
 * Opt-in: the guarded combiner on real systems' candidates
 * (../shared/data/real-candidates/spider-dev-A.jsonl, labeled by execution
 * against ../shared/data/spider at run time; skipped with a message when
 * absent). On 100-question subsets (a classroom run's size) its out-of-fold
 * AUROC stays at the best single signal's (execution agreement), where the
 * plain cross-fit combiner falls below it; on all 484 questions, grouped by
 * database, it is within 0.005 of it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureRows, signalMatrix } from '../../../src/core/eval/matrix.ts';
import { auroc } from '../../../src/core/stats/auroc.ts';
import { crossfitLogistic } from '../../../src/core/stats/crossfit.ts';
import { crossfitGuarded } from '../../../src/core/stats/guarded.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { loadBenchmark, readCandidateFile } from '../../../src/node/bench.ts';
import { prepareRun } from '../../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';

const SPIDER = resolve(import.meta.dirname, '../../../../shared/data/spider');
const FILE = resolve(import.meta.dirname, '../../../../shared/data/real-candidates/spider-dev-A.jsonl');
const present = existsSync(resolve(SPIDER, 'dev.json')) && existsSync(FILE);
if (!present) console.warn(`guarded-spider-a: skipped, no real candidates at ${FILE} or no Spider at ${SPIDER}`);

const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / a.length;

describe.runIf(present)('guarded combiner on Spider-A real candidates', () => {
  it('does not fall below execution agreement on 100-question subsets or on all questions', { timeout: 600_000 }, async () => {
    const sqlPool = createNodeSqlPool({ size: 2 });
    let run;
    try {
      run = await prepareRun(await readCandidateFile(FILE), await loadBenchmark(SPIDER), { sqlPool });
    } finally {
      sqlPool.terminate();
    }
    const m = signalMatrix(run.prepared);
    const rows = featureRows(m);
    const y = Array.from(m.y);
    const exec = Array.from(m.columns.execution_sc!);
    const all = rows.map((_, i) => i);

    const whole = crossfitGuarded(rows, y, createRng(1), { group: m.questions.map((q) => q.db_id) });
    expect(auroc(whole.oof, y)).toBeGreaterThan(auroc(exec, y) - 0.005);

    const rng = createRng(7);
    const guarded: number[] = [];
    const plain: number[] = [];
    for (let s = 0; s < 12; s++) {
      const idx = rng.sample(all, 100);
      const R = idx.map((i) => rows[i]!);
      const Y = idx.map((i) => y[i]!);
      const best = auroc(
        idx.map((i) => exec[i]!),
        Y,
      );
      guarded.push(auroc(crossfitGuarded(R, Y, createRng(s), { k: 5 }).oof, Y) - best);
      plain.push(auroc(crossfitLogistic(R, Y, createRng(s), { k: 5 }).oof, Y) - best);
    }
    expect(mean(guarded)).toBeGreaterThan(-0.01);
    expect(Math.min(...guarded)).toBeGreaterThan(-0.06);
    expect(mean(plain)).toBeLessThan(mean(guarded));
  });
});
