/**
 * The evaluation report over the demo benchmark with simulated candidate
 * pools: every figure it prints can be recomputed from its own per-question
 * output (so anyone can check it), by brute force here rather than through
 * the stats module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import { evaluate } from '../../../src/core/eval/report.ts';
import type { EvalReport } from '../../../src/core/eval/types.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { bandFor, profileProbability } from '../../../src/core/profile.ts';
import { demoPrepared } from './demo-prepared.ts';

/** AUROC by comparing every (correct, incorrect) pair: ties count one half. */
function bruteAuroc(scores: number[], y: boolean[]): number {
  let num = 0;
  let den = 0;
  scores.forEach((a, i) => {
    if (!y[i]) return;
    scores.forEach((b, j) => {
      if (y[j]) return;
      den++;
      num += a > b ? 1 : a === b ? 0.5 : 0;
    });
  });
  return den === 0 ? NaN : num / den;
}

describe('evaluate', () => {
  let prepared: PreparedQuestion[];
  let report: EvalReport;
  beforeAll(async () => {
    prepared = (await demoPrepared()).prepared;
    report = evaluate(prepared, { bootstrap: 300, seed: 3, draws: 10 });
  });

  it('has every key `confide eval --json` promises', () => {
    for (const k of ['n_questions', 'accuracy_modal', 'signals', 'paired', 'combiner', 'selective', 'certificate', 'selection', 'accuracy_vs_n']) {
      expect(report, k).toHaveProperty(k);
    }
    expect(report.n_questions).toBe(40);
    expect(Object.keys(report.signals)).toEqual(['string_sc', 'structural_sc', 'execution_sc', 'schema_relevance', 'executability']);
  });

  it('reports AUROCs and modal accuracy that the per-question lines reproduce', () => {
    const y = report.per_question.map((q) => q.correct);
    expect(report.accuracy_modal).toBeCloseTo(y.filter(Boolean).length / y.length, 12);
    for (const [name, s] of Object.entries(report.signals)) {
      const present = report.per_question.filter((q) => q.signals[name] !== null);
      expect(s.auroc, name).toBeCloseTo(
        bruteAuroc(
          present.map((q) => q.signals[name] as number),
          present.map((q) => q.correct),
        ),
        12,
      );
      expect(s.ci[0]).toBeLessThanOrEqual(s.auroc + 1e-12);
      expect(s.ci[1]).toBeGreaterThanOrEqual(s.auroc - 1e-12);
    }
    expect(report.combiner.auroc).toBeCloseTo(
      bruteAuroc(
        report.per_question.map((q) => q.combined),
        y,
      ),
      12,
    );
  });

  it('labels the modal answer as the candidate file says', () => {
    for (const q of report.per_question) {
      const p = prepared.find((x) => x.id === q.id)!;
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
      const counts = new Map<string, number>();
      for (const c of p.candidates) counts.set(norm(c.record.sql), (counts.get(norm(c.record.sql)) ?? 0) + 1);
      const top = Math.max(...counts.values());
      const modal = p.candidates.find((c) => counts.get(norm(c.record.sql)) === top)!;
      expect(q.correct, q.id).toBe(modal.correct);
    }
  });

  it('orders Best-of-N as it must: oracle on top, N = pool size equals the full pool', () => {
    const s = report.selection;
    for (const k of ['first', 'modal', 'majority_exec', 'ex_bon']) expect(s.oracle).toBeGreaterThanOrEqual(s[k]!);
    const full = report.accuracy_vs_n.filter((p) => p.n === report.pool_size.max);
    for (const p of full) expect(p.accuracy, p.strategy).toBeCloseTo(s[p.strategy]!, 12);
  });

  it('keeps selective prediction and the certificate within their definitions', () => {
    for (const r of report.selective) {
      if ('none' in r) continue;
      expect(r.coverage).toBeGreaterThan(0);
      expect(r.coverage).toBeLessThanOrEqual(1);
    }
    for (const t of report.certificate.targets) if (t.certified) expect(t.upper).toBeLessThanOrEqual(t.target);
  });

  it('fits a profile with a model for every pool size the run reaches, thresholds never below 0.5', () => {
    const p = report.profile;
    const largest = report.pool_size.max;
    for (let n = 1; n <= largest + 5; n++) expect(bandFor(p, n), `pool of ${n}`).not.toBeNull();
    expect(p.bands[0]!.min).toBe(1);
    expect(p.bands.at(-1)!.max).toBeNull();
    for (const b of p.bands) {
      expect(b.thresholds.map((t) => t.target_risk)).toEqual([0.1, 0.2, 0.3, 0.4]);
      for (const t of b.thresholds) if (t.threshold !== null) expect(t.threshold).toBeGreaterThanOrEqual(0.5);
      // A band never reads a score that depends on the whole pool: cut pools cannot recompute it.
      expect(b.signals).not.toContain('orm');
    }
    // One query: agreement cannot be measured, so no band for a single query reads it.
    expect(p.bands[0]!.signals.filter((s) => s.endsWith('_sc'))).toEqual([]);
    const pr = profileProbability(p, report.per_question[0]!.signals, largest);
    expect(pr).toBeGreaterThan(0);
    expect(pr).toBeLessThan(1);
    expect(JSON.parse(JSON.stringify(p))).toEqual(JSON.parse(JSON.stringify(p)));
    expect(checkProfile(JSON.parse(JSON.stringify(p))).ok).toBe(true);
  });

  it('tabulates calibration by pool size: each size its band, coverage and risk on the test half', () => {
    const sizes = report.by_pool_size.map((r) => r.size);
    expect(sizes).toContain(1);
    expect(sizes).toContain('all');
    for (const row of report.by_pool_size) {
      expect(row.questions).toBeGreaterThan(0);
      expect(row.ece).toBeGreaterThanOrEqual(0);
      expect(row.at.map((a) => a.target_risk)).toEqual([0.1, 0.2, 0.3, 0.4]);
      for (const a of row.at) if (a.threshold !== null && Number.isFinite(a.coverage)) expect(a.coverage).toBeLessThanOrEqual(1);
    }
    expect(report.by_pool_size.find((r) => r.size === 1)!.band).toBe('1 query');
  });

  it('is deterministic for a seed', () => {
    const again = evaluate(prepared, { bootstrap: 300, seed: 3, draws: 10 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(report));
  });

  it('refuses fewer than two labeled questions', () => {
    expect(() => evaluate(prepared.slice(0, 1))).toThrow(
      expect.objectContaining({
        code: 'TOO_FEW_LABELED',
        found: 1,
        message: expect.stringMatching(/need at least 2 labeled questions to evaluate, found 1 labeled question\b/),
      }),
    );
  });

  it('says whether the combined score beats its best input, in the report and in the profile', () => {
    const c = report.combiner;
    expect(c.best_single).not.toBeNull();
    expect(c.no_better_than_best).toBe(!(c.vs_best!.ci[0] > 0));
    const v = report.profile.provenance;
    expect(v.best_single?.name).toBe(c.best_single);
    expect(v.no_better_than_best).toBe(c.no_better_than_best);
    expect(c.guard.folds_single + c.guard.folds_combined + c.guard.folds_constant).toBe(c.folds);
    const n = report.pool_size.max;
    const band = bandFor(report.profile, n)!;
    const alone = /^(\S+) alone$/.exec(band.fit?.combiner ?? '');
    if (alone) {
      // A band that kept its anchor alone reads nothing else: moving any other signal leaves P(correct) unchanged.
      const values = { ...report.per_question[0]!.signals };
      const base = profileProbability(report.profile, values, n);
      for (const name of band.signals) {
        if (name === alone[1]) continue;
        expect(profileProbability(report.profile, { ...values, [name]: (values[name] ?? 0) + 0.3 }, n)).toBe(base);
      }
    }
  });
});
