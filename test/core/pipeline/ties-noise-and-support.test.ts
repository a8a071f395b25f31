/**
 * Results grouped as a person reads them, and ties said honestly:
 * - float-noise variants of one average are one result (one group, one P);
 * - a rounded result and a result with explanatory columns are said to back
 *   the other, and stay results of their own;
 * - two disagreeing results whose P are within noise (the band's calibration
 *   error) abstain, saying so; apart by more, the better one can answer.
 */
import { describe, expect, it } from 'vitest';
import { decide, runAsk, tieMargin, tiedWithFirst, type AnswerGroup, type SampledCandidate, type Verifier } from '../../../src/core/pipeline/index.ts';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { PROFILE_VERSION, type CalibrationProfile } from '../../../src/core/profile.ts';
import { createSignalRegistry, verifierSignal } from '../../../src/core/signals/index.ts';
import { schema, scriptedGenerator, scriptedRunner } from './fixtures.ts';

const table = (columns: string[], rows: (string | number | null)[][]): ExecOutcome => ({ ok: true, columns, rows, cut: false, ms: 1 });

/** A profile reading one verifier score for pools of 1…∞: P = σ(4·(score − 0.5)), calibration error 0.02, answers from 0.5. */
const profile: CalibrationProfile = {
  version: PROFILE_VERSION,
  name: 'verifier only',
  floor: 0.5,
  bands: [
    {
      min: 1,
      max: null,
      signals: ['v'],
      model: { standardization: { means: [0.5], sds: [0.25], indicators: [false] }, weights: [1], bias: 0, lambda: 1 },
      thresholds: [{ target_risk: 0.2, threshold: 0.5 }],
      fit: { n_questions: 100, n_rows: 100, sizes: [2], ece: 0.02, auroc: 0.8, combiner: 'v alone' },
    },
  ],
  provenance: { data: 'test', generator: 'test', n_questions: 100, ece: 0.02, auroc: 0.8, created: '2026-12-03' },
};

/** Each query's verifier score. */
const scored = (scores: Record<string, number>): Verifier => ({
  name: 'v',
  score: async (input) => ({ ok: true, scores: input.candidates.map((c) => scores[c.sql ?? ''] ?? 0.5) }),
});

async function ask(runs: Record<string, ExecOutcome>, scores: Record<string, number>) {
  const registry = createSignalRegistry();
  registry.register(verifierSignal('v'));
  const candidates: SampledCandidate[] = Object.keys(runs).map((sql, i) => ({ sql, source: `assistant-${i}` }));
  const out = await runAsk(
    { question: 'q', schema },
    { generator: scriptedGenerator(candidates), runMany: scriptedRunner(runs), verifiers: [scored(scores)], registry, profile },
  );
  if (!out.ok) throw new Error(out.error.message);
  return out.result;
}

describe('results grouped as a person reads them', () => {
  it('makes one answer of three float-noise variants of one average', async () => {
    const r = await ask(
      {
        'SELECT AVG(ms) / 60000.0 FROM t': table(['m'], [[6.559986868398515]]),
        'SELECT AVG(ms / 60000.0) FROM t': table(['m'], [[6.559986868398516]]),
        'SELECT SUM(ms) / COUNT(*) / 60000.0 FROM t': table(['m'], [[6.559986868398514]]),
      },
      {},
    );
    expect(r.answers.length).toBe(1);
    expect(r.answers[0]!.members).toEqual([0, 1, 2]);
  });

  it('says that a rounded result and a result with an explanatory column back another, and keeps them apart', async () => {
    const r = await ask(
      {
        'SELECT AVG(ms) / 60000.0 FROM t': table(['m'], [[6.559986868398515]]),
        'SELECT ROUND(AVG(ms) / 60000.0, 2) FROM t': table(['m'], [[6.56]]),
        'SELECT name FROM a': table(['name'], [['Ann'], ['Bo']]),
        'SELECT name, count(*) FROM a GROUP BY name': table(
          ['name', 'n'],
          [
            ['Ann', 2],
            ['Bo', 1],
          ],
        ),
      },
      {
        'SELECT AVG(ms) / 60000.0 FROM t': 0.9,
        'SELECT ROUND(AVG(ms) / 60000.0, 2) FROM t': 0.8,
        'SELECT name FROM a': 0.7,
        'SELECT name, count(*) FROM a GROUP BY name': 0.6,
      },
    );
    expect(r.answers.length).toBe(4);
    const sql = (i: number): string => r.candidates[r.answers[i]!.head]!.sql!;
    expect(r.support.map((s) => [sql(s.from), s.how, sql(s.to)])).toEqual([
      ['SELECT ROUND(AVG(ms) / 60000.0, 2) FROM t', 'rounds', 'SELECT AVG(ms) / 60000.0 FROM t'],
      ['SELECT name, count(*) FROM a GROUP BY name', 'explains', 'SELECT name FROM a'],
    ]);
  });
});

describe('ties said honestly', () => {
  const two = { 'SELECT name FROM a WHERE x': table(['name'], [['Ann']]), 'SELECT name FROM a WHERE y': table(['name'], [['Bo']]) };

  it('abstains when two disagreeing results have P within the calibration error, and names the tie', async () => {
    const r = await ask(two, { 'SELECT name FROM a WHERE x': 0.9, 'SELECT name FROM a WHERE y': 0.895 });
    const d = decide(r, profile, 0.2);
    expect(r.probability).toBeGreaterThan(0.5);
    expect(d.kind).toBe('abstain');
    expect(d.tied).toEqual([0, 1]);
    expect(d.headline).toBe('These disagree: Confide cannot tell which is right');
    expect(d.reasons[0]).toMatch(
      /^These disagree and Confide cannot tell which is right: the 2 best results differ, and their P \(0\.\d\d, 0\.\d\d\) are within 0\.020 of each other/,
    );
    expect(d.reasons.join(' ')).not.toContain('highest estimated P');
  });

  it('answers with the better result when the P are further apart than the noise', async () => {
    const r = await ask(two, { 'SELECT name FROM a WHERE x': 0.9, 'SELECT name FROM a WHERE y': 0.6 });
    const d = decide(r, profile, 0.2);
    expect(d.tied).toEqual([]);
    expect(d.kind).toBe('answer');
  });

  it('takes the margin from the band: its out-of-fold ECE, never below 0.01; 0.03 when the band does not say', () => {
    expect(tieMargin(profile.bands[0]!)).toBe(0.02);
    expect(tieMargin({ fit: { ...profile.bands[0]!.fit!, ece: 0.001 } })).toBe(0.01);
    expect(tieMargin({})).toBe(0.03);
    const g = (p: number): AnswerGroup => ({ members: [0], head: 0, probability: p, share: 1, fingerprint: 'f', rowCount: 1, modal: false, chosen: false });
    expect(tiedWithFirst([g(0.18), g(0.18), g(0.18)], 0.02)).toEqual([0, 1, 2]);
    expect(tiedWithFirst([g(0.6), g(0.57), g(0.5)], 0.02)).toEqual([]);
    expect(tiedWithFirst([g(Number.NaN), g(Number.NaN)], 0.02)).toEqual([]);
  });
});
