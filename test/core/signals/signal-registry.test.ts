import { describe, expect, it } from 'vitest';
import { signalPhrase, signalWords } from '../../../src/core/pipeline/signal-words.ts';
import { verifierSignal } from '../../../src/core/signals/modal-signals.ts';
import { computeSignals, createSignalRegistry, knownSignalNames } from '../../../src/core/signals/registry.ts';
import type { Signal } from '../../../src/core/signals/types.ts';
import { fail, ok, view } from './views.ts';

describe('signal registry', () => {
  it('holds the study signals by default, in order', () => {
    expect(
      createSignalRegistry()
        .list()
        .map((s) => s.name),
    ).toEqual(['string_sc', 'structural_sc', 'execution_sc', 'schema_relevance', 'executability', 'logprob']);
  });

  it('adds verifiers by name and refuses a duplicate name', () => {
    const r = createSignalRegistry();
    r.register(verifierSignal('orm'));
    expect(r.get('orm')?.name).toBe('orm');
    expect(r.get('nope')).toBeUndefined();
    expect(() => r.register(verifierSignal('orm'))).toThrow(RangeError);
    expect(createSignalRegistry([]).list()).toEqual([]);
  });
});

describe('computeSignals', () => {
  it('computes every registered signal once per question, missing ones as null', () => {
    const r = createSignalRegistry();
    r.register(verifierSignal('orm'));
    const q = view([ok('SELECT name FROM singer', 'A', 2, { scores: { orm: 0.7 } }), fail('SELECT nme FROM singer')]);
    const { values, clusters } = computeSignals(q, r);
    expect(clusters.modal).toBe(0);
    expect(values).toEqual({
      string_sc: 0.5,
      structural_sc: 0.5,
      execution_sc: 0.5,
      schema_relevance: values.schema_relevance,
      executability: 1,
      logprob: null,
      orm: 0.7,
    });
    expect(values.schema_relevance).toBeGreaterThan(0);
  });

  it('rejects a signal that returns NaN instead of null', () => {
    const broken: Signal = { name: 'broken', description: '', phrase: 'broken', words: 'broken', higherIsBetter: true, compute: () => NaN };
    expect(() => computeSignals(view([ok('SELECT 1', 'A')]), createSignalRegistry([broken]))).toThrow(RangeError);
  });

  it('every signal a profile may read describes itself in plain words, so no table cell or reason falls back to its name', () => {
    for (const name of knownSignalNames()) {
      expect(signalPhrase(name), name).not.toBe(name);
      expect(signalWords(name).length, name).toBeGreaterThan(20);
    }
    expect(signalWords('orm_sql')).toMatch(/question and the SQL alone/);
    // A verifier score the project does not know is named as one.
    expect(signalWords('my_score')).toBe('verifier score my_score');
  });
});
