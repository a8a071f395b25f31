import { describe, expect, it } from 'vitest';
import { decide, runAsk, type Verifier } from '../../../src/core/pipeline/index.ts';
import { riskWording } from '../../../src/core/pipeline/decide.ts';
import { createSignalRegistry, verifierSignal } from '../../../src/core/signals/index.ts';
import { profileOnExecutionSc, rows, schema, scriptedGenerator, scriptedRunner } from './fixtures.ts';

const A = 'SELECT title FROM books WHERE price < 10';
const A2 = 'SELECT title FROM books WHERE 10 > price';
const B = 'SELECT title FROM books WHERE price > 10';
const BAD = 'SELECT nope FROM books';
const table = {
  [A]: rows('River'),
  [A2]: rows('River'),
  [B]: rows('Stone', 'Lake'),
  [BAD]: { ok: false as const, error: { code: 'NO_SUCH_COLUMN' as const, message: 'no such column: nope' }, ms: 0 },
};
const sigma = (z: number): number => 1 / (1 + Math.exp(-z));

const candidates = [
  { sql: B, source: 'm' },
  { sql: A, source: 'm' },
  { sql: A, source: 'm' },
  { sql: A2, source: 'm' },
  { sql: null, source: 'm' },
  { sql: BAD, source: 'm' },
  { sql: A, source: 'm' },
  { sql: B, source: 'm' },
];

/** A verifier giving every candidate the same score under `name`. */
const fixedScore = (name: string, score: number): Verifier => ({ name, score: async (input) => ({ ok: true, scores: input.candidates.map(() => score) }) });

describe('runAsk', () => {
  it('samples, runs each distinct query once, clusters by result and scores the modal answer', async () => {
    const runMany = scriptedRunner(table);
    const profile = profileOnExecutionSc();
    const out = await runAsk(
      { question: 'Which books cost under 10?', schema, dbId: 'shop' },
      { generator: scriptedGenerator(candidates), runMany, registry: createSignalRegistry(), profile },
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = out.result;
    expect(runMany.batches).toEqual([[B, A, A2, BAD]]);
    expect(r.modal).toBe(1); // A is written the same way 3 times (A2 is written differently)
    expect(r.signals.string_sc).toBe(3 / 8);
    expect(r.signals.execution_sc).toBe(4 / 8); // A, A, A2, A return the same rows
    expect(r.failures).toEqual({ NO_SQL: 1, NO_SUCH_COLUMN: 1 });
    expect(r.answers.map((a) => [a.members, a.head, a.modal, a.chosen])).toEqual([
      [[1, 2, 3, 6], 1, true, true],
      [[0, 7], 0, false, false],
    ]);
    expect(r.chosen).toBe(1);
    expect(r.probability).toBeCloseTo(sigma(-1 + 2 * ((4 / 8 - 0.5) / 0.25)), 12);
    expect(r.perCandidate[0]!.signals.execution_sc).toBe(2 / 8);
    expect(r.perCandidate[0]!.probability).toBeCloseTo(sigma(-1 + 2 * ((2 / 8 - 0.5) / 0.25)), 12);
    expect(r.perCandidate[5]!.signals.execution_sc).toBe(0);
    expect(r.perCandidate[r.chosen]).toEqual({ signals: r.signals, probability: r.probability });
    expect(r.answers.map((a) => a.probability)).toEqual([r.perCandidate[1]!.probability, r.perCandidate[0]!.probability]);
  });

  it('answers with the highest-P result group, not the one holding the most common query', async () => {
    // The profile rewards rows: P = σ(−1 + 2·(executability − 0.5)/0.25). E (empty) is written
    // the same way 3 times, so it holds the most common query, but returns no rows.
    const E = 'SELECT title FROM books WHERE price < 0';
    const cands = [E, E, E, A, A, A2, A, BAD].map((sql) => ({ sql, source: 'm' }));
    const profile = { ...profileOnExecutionSc(), signals: ['executability'] };
    const out = await runAsk(
      { question: 'q', schema },
      { generator: scriptedGenerator(cands), runMany: scriptedRunner({ ...table, [E]: rows() }), registry: createSignalRegistry(), profile },
    );
    if (!out.ok) throw new Error(out.error.message);
    const r = out.result;
    expect(r.modal).toBe(0);
    expect(r.chosen).toBe(3);
    expect(r.answers[0]!.chosen && r.answers[0]!.rowCount).toBe(1);
    expect(r.answers[0]!.probability).toBeGreaterThan(r.answers[1]!.probability);
    expect(decide(r, profile, 0.2).candidate).toBe(3);
  });

  it('breaks a P tie toward the group with rows, never toward the empty one', async () => {
    // One signal that cannot tell the groups apart (execution_sc: 4 of 8 each), so P ties.
    const E = 'SELECT title FROM books WHERE price < 0';
    const cands = [E, E, E, E, A, A, A, A].map((sql) => ({ sql, source: 'm' }));
    const out = await runAsk(
      { question: 'q', schema },
      {
        generator: scriptedGenerator(cands),
        runMany: scriptedRunner({ ...table, [E]: rows() }),
        registry: createSignalRegistry(),
        profile: profileOnExecutionSc(),
      },
    );
    if (!out.ok) throw new Error(out.error.message);
    const r = out.result;
    expect(r.answers.map((a) => a.probability)).toEqual([r.answers[0]!.probability, r.answers[0]!.probability]);
    expect(r.modal).toBe(0);
    expect(r.chosen).toBe(4);
    expect(r.answers.map((a) => [a.rowCount, a.chosen])).toEqual([
      [1, true],
      [0, false],
    ]);
  });

  it('passes the question, evidence and database id to the generator', async () => {
    const generator = scriptedGenerator(candidates);
    await runAsk(
      { question: 'q', evidence: 'cheap means under 10', schema, dbId: 'shop', n: 8 },
      { generator, runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() },
    );
    expect(generator.requests[0]).toMatchObject({ question: 'q', evidence: 'cheap means under 10', db_id: 'shop', n: 8 });
  });

  it('returns a generator failure as data with its code and the stage', async () => {
    const failure = Object.assign(new Error('not in file'), { error: { code: 'NOT_IN_REPLAY', message: 'Live generation needs WebGPU' } });
    const out = await runAsk(
      { question: 'q', schema },
      { generator: scriptedGenerator([], failure), runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() },
    );
    expect(out).toEqual({ ok: false, error: { stage: 'generate', code: 'NOT_IN_REPLAY', message: 'Live generation needs WebGPU' } });
  });

  it('stops as ABORTED when cancelled during execution', async () => {
    const controller = new AbortController();
    const runMany = async (sqls: readonly string[]) => {
      controller.abort();
      return sqls.map(() => rows(1));
    };
    const out = await runAsk(
      { question: 'q', schema },
      { generator: scriptedGenerator(candidates), runMany, registry: createSignalRegistry(), profile: profileOnExecutionSc() },
      { signal: controller.signal },
    );
    expect(out).toMatchObject({ ok: false, error: { code: 'ABORTED', stage: 'execute' } });
  });

  it('adds verifier scores as a signal, and keeps going without one that fails', async () => {
    const good: Verifier = { name: 'orm', score: async (input) => ({ ok: true, scores: input.candidates.map((c) => (c.sql === A ? 0.9 : 0.2)) }) };
    const bad: Verifier = { name: 'judge', score: async () => ({ ok: false, error: { code: 'NO_WEBGPU', message: 'no GPU' } }) };
    const registry = createSignalRegistry();
    registry.register(verifierSignal('orm'));
    registry.register(verifierSignal('judge'));
    const out = await runAsk(
      { question: 'q', schema },
      { generator: scriptedGenerator(candidates), runMany: scriptedRunner(table), verifiers: [good, bad], registry, profile: profileOnExecutionSc() },
    );
    if (!out.ok) throw new Error(out.error.message);
    expect(out.result.signals.orm).toBe(0.9);
    expect(out.result.signals.judge).toBeNull();
    expect(out.result.candidates[0]!.scores).toEqual({ orm: 0.2 });
    expect(out.result.verifierErrors).toEqual([{ name: 'judge', code: 'NO_WEBGPU', message: 'no GPU' }]);
  });
});

describe('decide', () => {
  const ask = async (list: typeof candidates) => {
    const out = await runAsk(
      { question: 'q', schema },
      { generator: scriptedGenerator(list), runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() },
    );
    if (!out.ok) throw new Error(out.error.message);
    return out.result;
  };

  it('answers when P(correct) reaches the threshold of the chosen risk, abstains below it', async () => {
    const all = await ask(Array.from({ length: 8 }, () => ({ sql: A, source: 'm' }))); // execution_sc = 1, P = σ(3) ≈ 0.95
    expect(decide(all, profileOnExecutionSc(), 0.2).kind).toBe('answer');
    expect(decide(all, profileOnExecutionSc(), 0.1).kind).toBe('answer');
    const half = await ask(candidates); // execution_sc = 0.5, P = σ(−1) ≈ 0.27
    const d = decide(half, profileOnExecutionSc(), 0.2);
    expect(d.kind).toBe('abstain');
    expect(d.reasons.join(' ')).toContain('4 of 8 candidates returned the same result');
    expect(d.reasons.join(' ')).toContain('below the 0.60 this setting needs (at most 20% of the answers given are wrong');
  });

  it("words each risk level as the promise it makes about the answers given, with a pool size's threshold when asked", () => {
    expect(riskWording(0.2)).toBe('at most 20% of the answers given are wrong');
    expect(riskWording(0.2, 0.6875)).toBe('at most 20% of the answers given are wrong (answers when P ≥ 0.69)');
    expect(riskWording(0.05, null)).toBe('at most 5% of the answers given are wrong (never answers)');
  });

  it('never answers with P(correct) below 0.5, whatever a fitted threshold says', async () => {
    const base = profileOnExecutionSc();
    const low = { ...base, bands: [{ ...base.bands[0]!, thresholds: [{ target_risk: 0.2, threshold: 0.1 }] }] };
    const half = await ask(candidates); // execution_sc = 0.5, P = σ(−1) ≈ 0.27
    const d = decide(half, low, 0.2);
    expect(d.probability).toBeLessThan(0.5);
    expect(d.kind).toBe('abstain');
    expect(d.threshold).toBe(0.5);
    expect(d.reasons.join(' ')).toContain('never below 0.50, where an answer is more likely wrong than right');
    const most = await ask([...Array.from({ length: 6 }, () => ({ sql: A, source: 'm' })), { sql: B, source: 'm' }, { sql: B, source: 'm' }]); // execution_sc 0.75, P = σ(1) ≈ 0.73
    expect(decide(most, low, 0.2).kind).toBe('answer');
  });

  it('a pool of one query: agreement is missing (not 1), the one-query band decides, and the words say what cannot be judged', async () => {
    const base = profileOnExecutionSc();
    const withOne = {
      ...base,
      bands: [
        {
          min: 1,
          max: 1,
          signals: ['orm_sql'],
          model: { standardization: { means: [0.5], sds: [0.2], indicators: [false] }, weights: [1], bias: 0, lambda: 1 },
          thresholds: base.bands[0]!.thresholds,
        },
        { ...base.bands[0]!, min: 2 },
      ],
    };
    const registry = createSignalRegistry();
    registry.register(verifierSignal('orm_sql'));
    const one = async (score: number) => {
      const out = await runAsk(
        { question: 'How many books?', schema },
        {
          generator: scriptedGenerator([{ sql: A, source: 'pasted' }]),
          runMany: scriptedRunner(table),
          registry,
          profile: withOne,
          verifiers: [fixedScore('orm_sql', score)],
        },
      );
      if (!out.ok) throw new Error(out.error.message);
      return out.result;
    };
    const wrong = await one(0.1);
    expect(wrong.signals.execution_sc).toBeNull();
    expect(wrong.signals.string_sc).toBeNull();
    expect(wrong.probability).toBeCloseTo(sigma((0.1 - 0.5) / 0.2), 12);
    const d = decide(wrong, withOne, 0.2);
    expect(d.kind).toBe('abstain');
    expect(d.band).toBe('1 query');
    expect(d.smallPool.join(' ')).toContain('One query: agreement cannot be measured');
    expect(d.smallPool.join(' ')).toContain('this P comes from the verifier reading the question and the query alone');
    expect(decide(await one(0.95), withOne, 0.2).kind).toBe('answer');
    // Without a band for one query there is no P at all, and no answer.
    const none = await runAsk(
      { question: 'How many books?', schema },
      { generator: scriptedGenerator([{ sql: A, source: 'pasted' }]), runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: base },
    );
    expect(none.ok && Number.isNaN(none.result.probability)).toBe(true);
    if (none.ok) expect(decide(none.result, base, 0.2).reasons.join(' ')).toContain('has no model for a pool of 1 query');
  });

  it('abstains at a risk the profile could not reach, and says so', async () => {
    const all = await ask(Array.from({ length: 8 }, () => ({ sql: A, source: 'm' })));
    const d = decide(all, profileOnExecutionSc(), 0.05);
    expect(d.kind).toBe('abstain');
    expect(d.threshold).toBeNull();
    expect(d.reasons.join(' ')).toContain('found no threshold');
  });

  it('never answers with a query that does not run, however sure the profile is', async () => {
    const broken = await ask(Array.from({ length: 8 }, () => ({ sql: BAD, source: 'm' })));
    const base = profileOnExecutionSc();
    const generous = { ...base, bands: [{ ...base.bands[0]!, thresholds: [{ target_risk: 0.2, threshold: 0 }] }] };
    const d = decide(broken, generous, 0.2);
    expect(d.kind).toBe('abstain');
    expect(d.reasons.join(' ')).toContain('NO_SUCH_COLUMN');
  });

  it('rejects a risk level the profile does not offer', async () => {
    const all = await ask(candidates);
    expect(() => decide(all, profileOnExecutionSc(), 0.33)).toThrow(RangeError);
  });
});
