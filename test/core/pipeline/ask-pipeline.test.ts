import { describe, expect, it } from 'vitest';
import { decide, runAsk, type Verifier } from '../../../src/core/pipeline/index.ts';
import { createSignalRegistry, verifierSignal } from '../../../src/core/signals/index.ts';
import { profileOnExecutionSc, rows, schema, scriptedGenerator, scriptedRunner } from './fixtures.ts';

const A = 'SELECT title FROM books WHERE price < 10';
const A2 = 'SELECT title FROM books WHERE 10 > price';
const B = 'SELECT title FROM books WHERE price > 10';
const BAD = 'SELECT nope FROM books';
const table = { [A]: rows('River'), [A2]: rows('River'), [B]: rows('Stone', 'Lake'), [BAD]: { ok: false as const, error: { code: 'NO_SUCH_COLUMN' as const, message: 'no such column: nope' }, ms: 0 } };
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

describe('runAsk', () => {
  it('samples, runs each distinct query once, clusters by result and scores the modal answer', async () => {
    const runMany = scriptedRunner(table);
    const profile = profileOnExecutionSc();
    const out = await runAsk({ question: 'Which books cost under 10?', schema, dbId: 'shop' }, { generator: scriptedGenerator(candidates), runMany, registry: createSignalRegistry(), profile });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = out.result;
    expect(runMany.batches).toEqual([[B, A, A2, BAD]]);
    expect(r.modal).toBe(1); // A is written the same way 3 times (A2 is written differently)
    expect(r.signals.string_sc).toBe(3 / 8);
    expect(r.signals.execution_sc).toBe(4 / 8); // A, A, A2, A return the same rows
    expect(r.failures).toEqual({ NO_SQL: 1, NO_SUCH_COLUMN: 1 });
    expect(r.answers.map((a) => [a.members, a.head, a.modal])).toEqual([[[1, 2, 3, 6], 1, true], [[0, 7], 0, false]]);
    expect(r.probability).toBeCloseTo(sigma(-1 + 2 * ((4 / 8 - 0.5) / 0.25)), 12);
    expect(r.perCandidate[0]!.signals.execution_sc).toBe(2 / 8);
    expect(r.perCandidate[0]!.probability).toBeCloseTo(sigma(-1 + 2 * ((2 / 8 - 0.5) / 0.25)), 12);
    expect(r.perCandidate[5]!.signals.execution_sc).toBe(0);
    expect(r.perCandidate[r.modal]).toEqual({ signals: r.signals, probability: r.probability });
  });

  it('passes the question, evidence and database id to the generator', async () => {
    const generator = scriptedGenerator(candidates);
    await runAsk({ question: 'q', evidence: 'cheap means under 10', schema, dbId: 'shop', n: 8 }, { generator, runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() });
    expect(generator.requests[0]).toMatchObject({ question: 'q', evidence: 'cheap means under 10', db_id: 'shop', n: 8 });
  });

  it('returns a generator failure as data with its code and the stage', async () => {
    const failure = Object.assign(new Error('not in file'), { error: { code: 'NOT_IN_REPLAY', message: 'Live generation needs WebGPU' } });
    const out = await runAsk({ question: 'q', schema }, { generator: scriptedGenerator([], failure), runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() });
    expect(out).toEqual({ ok: false, error: { stage: 'generate', code: 'NOT_IN_REPLAY', message: 'Live generation needs WebGPU' } });
  });

  it('stops as ABORTED when cancelled during execution', async () => {
    const controller = new AbortController();
    const runMany = async (sqls: readonly string[]) => {
      controller.abort();
      return sqls.map(() => rows(1));
    };
    const out = await runAsk({ question: 'q', schema }, { generator: scriptedGenerator(candidates), runMany, registry: createSignalRegistry(), profile: profileOnExecutionSc() }, { signal: controller.signal });
    expect(out).toMatchObject({ ok: false, error: { code: 'ABORTED', stage: 'execute' } });
  });

  it('adds verifier scores as a signal, and keeps going without one that fails', async () => {
    const good: Verifier = { name: 'orm', score: async (input) => ({ ok: true, scores: input.candidates.map((c) => (c.sql === A ? 0.9 : 0.2)) }) };
    const bad: Verifier = { name: 'judge', score: async () => ({ ok: false, error: { code: 'NO_WEBGPU', message: 'no GPU' } }) };
    const registry = createSignalRegistry();
    registry.register(verifierSignal('orm'));
    registry.register(verifierSignal('judge'));
    const out = await runAsk({ question: 'q', schema }, { generator: scriptedGenerator(candidates), runMany: scriptedRunner(table), verifiers: [good, bad], registry, profile: profileOnExecutionSc() });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.result.signals.orm).toBe(0.9);
    expect(out.result.signals.judge).toBeNull();
    expect(out.result.candidates[0]!.scores).toEqual({ orm: 0.2 });
    expect(out.result.verifierErrors).toEqual([{ name: 'judge', code: 'NO_WEBGPU', message: 'no GPU' }]);
  });
});

describe('decide', () => {
  const ask = async (list: typeof candidates) => {
    const out = await runAsk({ question: 'q', schema }, { generator: scriptedGenerator(list), runMany: scriptedRunner(table), registry: createSignalRegistry(), profile: profileOnExecutionSc() });
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
    expect(d.reasons.join(' ')).toContain('below the 60% needed');
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
    const generous = { ...profileOnExecutionSc(), thresholds: [{ target_risk: 0.2, threshold: 0 }] };
    const d = decide(broken, generous, 0.2);
    expect(d.kind).toBe('abstain');
    expect(d.reasons.join(' ')).toContain('NO_SUCH_COLUMN');
  });

  it('rejects a risk level the profile does not offer', async () => {
    const all = await ask(candidates);
    expect(() => decide(all, profileOnExecutionSc(), 0.33)).toThrow(RangeError);
  });
});
