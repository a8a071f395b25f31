import { describe, expect, it } from 'vitest';
import { clusterBon, exBon, first, majorityExec, modal, oracle, verifierBon } from '../../../src/core/select/strategies.ts';
import { fail, ok, view } from '../signals/views.ts';

describe('first and modal', () => {
  it('first takes sample 0, -1 without candidates', () => {
    expect(first.select(view([fail('SELECT x'), ok('SELECT y', 'A')]))).toBe(0);
    expect(first.select(view([]))).toBe(-1);
  });

  it('modal takes the head of the largest normalized-text cluster, ties to the earliest cluster', () => {
    const q = view([ok('SELECT b FROM t', 'B'), ok('SELECT a FROM t', 'A'), ok('select A from T;', 'A')]);
    expect(modal.select(q)).toBe(1);
    const tie = view([ok('SELECT b FROM t', 'B'), ok('SELECT a FROM t', 'A'), ok('select a from t', 'A'), ok('SELECT  b FROM t', 'B')]);
    expect(modal.select(tie)).toBe(0);
    expect(modal.select(view([]))).toBe(-1);
  });
});

describe('majority_exec', () => {
  it('takes the first member of the most common result', () => {
    const q = view([ok('q0', 'X'), fail('q1'), ok('q2', 'Y'), ok('q3', 'Y'), fail('q4'), fail('q5')]);
    expect(majorityExec.select(q)).toBe(2);
  });

  it('breaks a tie by the cluster whose first member comes first', () => {
    expect(majorityExec.select(view([ok('q0', 'Y'), ok('q1', 'X'), ok('q2', 'X'), ok('q3', 'Y')]))).toBe(0);
  });

  it('falls back to the first candidate when none executes', () => {
    expect(majorityExec.select(view([fail('q0'), fail('q1')]))).toBe(0);
    expect(majorityExec.select(view([]))).toBe(-1);
  });
});

describe('ex_bon', () => {
  it('prefers the first with rows, then the first that executes, then the first', () => {
    expect(exBon.select(view([fail('q0'), ok('q1', 'E', 0), ok('q2', 'R', 3), ok('q3', 'S', 1)]))).toBe(2);
    expect(exBon.select(view([fail('q0'), ok('q1', 'E', 0), ok('q2', 'F', 0)]))).toBe(1);
    expect(exBon.select(view([fail('q0'), fail('q1')]))).toBe(0);
    expect(exBon.select(view([]))).toBe(-1);
  });
});

describe('verifier_bon', () => {
  const orm = verifierBon('orm');
  const s = (v: number) => ({ scores: { orm: v } });

  it('takes the highest score among candidates that return rows', () => {
    const q = view([ok('q0', 'A', 1, s(0.2)), fail('q1', 'SYNTAX', s(0.99)), ok('q2', 'B', 5, s(0.7)), ok('q3', 'C', 0, s(0.9))]);
    expect(orm.select(q)).toBe(2);
    expect(orm.name).toBe('verifier_bon:orm');
  });

  it('falls back to executing candidates, then to all', () => {
    expect(orm.select(view([fail('q0', 'SYNTAX', s(0.9)), ok('q1', 'E', 0, s(0.1)), ok('q2', 'F', 0, s(0.3))]))).toBe(2);
    expect(orm.select(view([fail('q0', 'SYNTAX', s(0.1)), fail('q1', 'SYNTAX', s(0.8))]))).toBe(1);
  });

  it('breaks ties by the earliest, and ranks unscored candidates last', () => {
    expect(orm.select(view([ok('q0', 'A', 1, s(0.5)), ok('q1', 'B', 1, s(0.8)), ok('q2', 'C', 1, s(0.8))]))).toBe(1);
    expect(orm.select(view([ok('q0', 'A', 1), ok('q1', 'B', 1, s(0.1))]))).toBe(1);
  });

  it('cannot choose when no candidate carries the score', () => {
    expect(orm.select(view([ok('q0', 'A', 1, { scores: { judge: 1 } }), ok('q1', 'B')]))).toBeNull();
    expect(orm.select(view([]))).toBe(-1);
  });
});

describe('cluster_bon', () => {
  const orm = clusterBon('orm');
  const s = (v: number) => ({ scores: { orm: v } });

  it('answers with the head of the result cluster whose members score highest on average, not the single best candidate', () => {
    // Result A: 0.6 and 0.8 (mean 0.7); result B: one candidate at 0.9 but another at 0.1 (mean 0.5); C alone 0.65.
    const q = view([ok('q0', 'B', 1, s(0.9)), ok('q1', 'A', 1, s(0.6)), ok('q2', 'B', 1, s(0.1)), ok('q3', 'A', 1, s(0.8)), ok('q4', 'C', 1, s(0.65))]);
    expect(orm.select(q)).toBe(1);
    expect(verifierBon('orm').select(q)).toBe(0);
    expect(orm.name).toBe('cluster_bon:orm');
  });

  it('leaves failed candidates out of every cluster, averages over scored members only, and breaks ties by the earliest cluster', () => {
    expect(orm.select(view([fail('q0', 'SYNTAX', s(0.99)), ok('q1', 'A', 1, s(0.4)), ok('q2', 'B', 1, s(0.3))]))).toBe(1);
    expect(orm.select(view([ok('q0', 'A', 1, s(0.5)), ok('q1', 'B', 1, s(0.7)), ok('q2', 'B', 1)]))).toBe(1);
    expect(orm.select(view([ok('q0', 'A', 1, s(0.5)), ok('q1', 'B', 1, s(0.5))]))).toBe(0);
    expect(orm.select(view([ok('q0', 'A', 1), ok('q1', 'B', 1, s(0.1))]))).toBe(1);
  });

  it('falls back to the per-candidate pick when nothing executes, and cannot choose without the score', () => {
    expect(orm.select(view([fail('q0', 'SYNTAX', s(0.1)), fail('q1', 'SYNTAX', s(0.8))]))).toBe(1);
    expect(orm.select(view([ok('q0', 'A', 1, { scores: { judge: 1 } }), ok('q1', 'B')]))).toBeNull();
    expect(orm.select(view([]))).toBe(-1);
  });
});

describe('oracle', () => {
  it('takes the first correct candidate, else the first', () => {
    const q = view([ok('q0', 'A'), ok('q1', 'B'), ok('q2', 'C')]);
    expect(oracle.select(q, [false, true, true])).toBe(1);
    expect(oracle.select(q, [false, false, false])).toBe(0);
    expect(oracle.select(view([]), [])).toBe(-1);
  });

  it('refuses to run without one label per candidate', () => {
    const q = view([ok('q0', 'A'), ok('q1', 'B')]);
    expect(() => oracle.select(q)).toThrow(RangeError);
    expect(() => oracle.select(q, [true])).toThrow(RangeError);
  });
});
