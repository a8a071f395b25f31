/**
 * `confide eval --orm FILE.onnx` on the demo benchmark: the ORM joins the
 * signal table and Best-of-N, its per-question value is the bundled model's
 * score of that question's modal candidate, and a model without its sidecar
 * is refused before any work with the error code.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClusters } from '../../../src/core/signals/clusters.ts';
import { loadLabeledData } from '../../../src/node/orm/load.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';
import { runCli } from '../../cli/run-cli.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const REPO = join(import.meta.dirname, '../../..');
const MODEL = join(REPO, 'public/models/orm-v1.onnx');

describe('confide eval --orm', () => {
  it("adds the orm signal and verifier_bon:orm, scoring each question's modal candidate with the model", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'confide-eval-orm-'));
    const cands = join(dir, 'c.jsonl');
    const s = await runCli(['synth', '--bench', 'public/demo', '--n', '6', '--seed', '3', '--out', cands]);
    expect(s.code, s.stderr).toBe(0);
    const json = join(dir, 'r.json');
    const per = join(dir, 'q.jsonl');
    const r = await runCli([
      'eval',
      '--bench',
      'public/demo',
      '--candidates',
      cands,
      '--bootstrap',
      '100',
      '--orm',
      MODEL,
      '--json',
      json,
      '--per-question',
      per,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/orm orm-v1: \d+ candidates/);
    expect(r.stdout).toMatch(/\norm +0\.\d{3} /);
    expect(r.stdout).toMatch(/verifier_bon:orm +\d+\.\d%/);
    expect(r.stdout).toMatch(/cluster_bon:orm +\d+\.\d%/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.signals.orm.n).toBe(report.n_questions);
    expect(report.selection['verifier_bon:orm']).toBeLessThanOrEqual(report.selection.oracle);
    expect(report.selection['cluster_bon:orm']).toBeLessThanOrEqual(report.selection.oracle);

    // The modal candidate (first of the largest normalized-text cluster), scored directly.
    const { records, schemas } = await loadLabeledData(cands, join(REPO, 'public/demo'));
    const byId = new Map(records.map((rec) => [rec.id, rec]));
    const scorer = await loadOrmScorer(join(REPO, 'public/models/orm-v1.json'));
    try {
      const lines = readFileSync(per, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; signals: { orm: number } });
      expect(lines.length).toBe(report.n_questions);
      for (const line of lines) {
        const rec = byId.get(line.id)!;
        const view = { question: rec.question, candidates: rec.candidates.map((c) => ({ sql: c.sql, exec: { ok: false as const, code: 'SYNTAX' as const } })) };
        const modal = rec.candidates[buildClusters(view).modal]!;
        const [p] = scoresOrThrow(await scorer.score([{ question: rec.question, sql: modal.sql, schema: schemas.get(rec.db_id)! }]));
        expect(Math.abs(line.signals.orm - p!)).toBeLessThan(1e-6);
      }
    } finally {
      await scorer.unload();
    }
  });

  it('refuses a model file without its sidecar with the error code, before executing anything', async () => {
    const alone = join(mkdtempSync(join(tmpdir(), 'confide-eval-orm-')), 'm.onnx');
    copyFileSync(MODEL, alone);
    const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', 'public/demo/candidates.jsonl', '--orm', alone]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ORM_BAD_SIDECAR');
    expect(r.stderr).not.toContain('executing');
  });
});
