import { describe, expect, it } from 'vitest';
import { executionSc, stringSc, structuralSc } from '../../../src/core/signals/agreement.ts';
import { buildClusters } from '../../../src/core/signals/clusters.ts';
import { executability, logprob, verifierSignal } from '../../../src/core/signals/modal-signals.ts';
import { embeddedSchemaRelevance, schemaRelevance } from '../../../src/core/signals/schema-relevance.ts';
import type { QuestionView, Signal } from '../../../src/core/signals/types.ts';
import { fail, ok, view } from './views.ts';

const run = (s: Signal, q: QuestionView): number | null => {
  const c = buildClusters(q);
  return s.compute(q, c, c.modal);
};

// Eight samples: the modal text (0, 3, 6) three times; a literal variant (1) and an
// aliased variant (5) with the same structure; two more results agreeing with the modal's.
const EIGHT = view([
  ok('SELECT name FROM singer WHERE age > 30', 'A', 4, { logprob: -0.2, scores: { orm: 0.9 } }),
  ok('SELECT name FROM singer WHERE age > 31', 'B', 3),
  ok('SELECT name FROM singer ORDER BY age', 'C', 6),
  ok('select name from singer where age > 30', 'A', 4),
  fail('SELECT nme FROM singer'),
  ok('SELECT s.name FROM singer AS s WHERE s.age > 30', 'A', 4),
  ok('SELECT  name FROM singer WHERE age > 30;', 'A', 4),
  ok('SELECT name FROM singer WHERE age >= 31', 'A', 4),
]);

describe('agreement signals', () => {
  it('string_sc is the modal text cluster share', () => {
    expect(run(stringSc, EIGHT)).toBe(3 / 8);
  });

  it('structural_sc counts literal and alias variants with the modal', () => {
    expect(run(structuralSc, EIGHT)).toBe(5 / 8);
  });

  it('execution_sc counts equal results, whatever the text', () => {
    expect(run(executionSc, EIGHT)).toBe(5 / 8);
  });

  it('execution_sc is 0 when the modal fails, and all three are null without candidates', () => {
    const q = view([fail('SELECT x FROM t'), fail('SELECT x FROM t'), ok('SELECT y FROM t', 'A')]);
    expect(run(executionSc, q)).toBe(0);
    expect(run(stringSc, q)).toBe(2 / 3);
    for (const s of [stringSc, structuralSc, executionSc]) expect(run(s, view([]))).toBeNull();
  });
});

describe('modal signals', () => {
  it('executability is 1 only when the modal runs and returns rows', () => {
    expect(run(executability, EIGHT)).toBe(1);
    expect(run(executability, view([ok('SELECT a FROM t', 'E', 0)]))).toBe(0);
    expect(run(executability, view([fail('SELECT a FROM t'), fail('SELECT b FROM t')]))).toBe(0);
    expect(run(executability, view([]))).toBeNull();
  });

  it('logprob reads the modal, null when missing', () => {
    expect(run(logprob, EIGHT)).toBe(-0.2);
    expect(run(logprob, view([ok('SELECT a FROM t', 'A')]))).toBeNull();
    expect(run(logprob, view([ok('SELECT a FROM t', 'A', 1, { logprob: Number.NEGATIVE_INFINITY })]))).toBeNull();
  });

  it('a verifier signal reads the modal score by name, null when absent', () => {
    expect(run(verifierSignal('orm'), EIGHT)).toBe(0.9);
    expect(run(verifierSignal('judge'), EIGHT)).toBeNull();
    expect(verifierSignal('judge').name).toBe('judge');
  });
});

describe('schema_relevance', () => {
  it('is higher when the modal uses what the question names', () => {
    const relevant = run(schemaRelevance, view([ok('SELECT name FROM singer WHERE age > 30', 'A')]));
    const unrelated = run(schemaRelevance, view([ok('SELECT capacity FROM stadium', 'A')]));
    expect(relevant).not.toBeNull();
    expect(relevant as number).toBeGreaterThan(unrelated as number);
  });

  it('reads the evidence too', () => {
    const q = (evidence?: string): QuestionView => ({
      ...view([ok('SELECT capacity FROM stadium', 'A')], 'How big is it?'),
      ...(evidence === undefined ? {} : { evidence }),
    });
    expect(run(schemaRelevance, q('capacity of the stadium'))).toBeGreaterThan(run(schemaRelevance, q()) as number);
  });

  it('is null when the modal does not parse or uses no names', () => {
    expect(run(schemaRelevance, view([ok('SELEC name FRM singer', 'A')]))).toBeNull();
    expect(run(schemaRelevance, view([ok('SELECT 1', 'A')]))).toBeNull();
  });

  it('has an embedding variant averaging cosine over the used names', async () => {
    // One dimension per used name: the question vector points at 'singer' only.
    const embed = (texts: string[]): Float32Array[] =>
      texts.map((t, i) => (i === 0 ? new Float32Array([1, 0, 0]) : t === 'singer' ? new Float32Array([1, 0, 0]) : new Float32Array([0, 1, 0])));
    const q = view([ok('SELECT name FROM singer', 'A')]);
    expect(await embeddedSchemaRelevance(q, buildClusters(q), embed)).toBe(0.5);
    const bad = view([ok('SELEC x', 'A')]);
    expect(await embeddedSchemaRelevance(bad, buildClusters(bad), embed)).toBeNull();
  });
});
