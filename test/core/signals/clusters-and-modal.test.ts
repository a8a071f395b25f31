import { describe, expect, it } from 'vitest';
import { buildClusters, clusterBy, largestClusterHead } from '../../../src/core/signals/clusters.ts';
import { fail, ok, view } from './views.ts';

describe('clusterBy', () => {
  it('numbers clusters by first member and leaves null keys out', () => {
    expect(clusterBy(['a', 'b', 'a', null, 'b', 'c'])).toEqual({ of: [0, 1, 0, -1, 1, 2], members: [[0, 2], [1, 4], [5]] });
    expect(largestClusterHead(clusterBy([null, null]))).toBe(-1);
  });
});

describe('buildClusters', () => {
  const q = view([
    ok('SELECT name FROM singer WHERE age > 30', 'r1'),
    ok('select NAME  from singer where age>30;', 'r1'),
    ok('SELECT name FROM singer WHERE age > 40', 'r2'),
    fail('SELECT nam FROM singer WHERE age > 30'),
    ok('SELECT T1.name FROM singer AS T1 WHERE T1.age > 30', 'r1'),
  ]);
  const c = buildClusters(q);

  it('groups text that differs only in case, spacing and semicolons', () => {
    expect(c.strings.members).toEqual([[0, 1], [2], [3], [4]]);
  });

  it('groups structures that differ in literals and aliases', () => {
    expect(c.structures.of[0]).toBe(c.structures.of[2]);
    expect(c.structures.of[0]).toBe(c.structures.of[4]);
    expect(c.structures.of[3]).not.toBe(c.structures.of[0]);
    expect(c.parsed.every(Boolean)).toBe(true);
  });

  it('groups results by fingerprint, errors in no cluster', () => {
    expect(c.executions.of).toEqual([0, 0, 1, -1, 0]);
  });

  it('takes the modal from the largest text cluster', () => {
    expect(c.modal).toBe(0);
  });

  it('breaks a tie for the modal by first occurrence', () => {
    const tie = buildClusters(view([ok('SELECT b FROM t', 'x'), ok('SELECT a FROM t', 'y'), ok('select a from t', 'y'), ok('SELECT b FROM t', 'x')]));
    expect(tie.modal).toBe(0);
  });

  it('has no modal without candidates', () => {
    expect(buildClusters(view([])).modal).toBe(-1);
  });

  it('passes the engine-normalized text to the structure fallback', () => {
    const odd = 'SELECT a, sum(b) OVER (ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t';
    const c2 = buildClusters(view([ok(odd, 'x', 1, { normalizedSql: 'SELECT a FROM t' })]));
    expect(c2.parsed[0]).toBe(false);
    expect(c2.structureKeys[0]).toBe('select a from t');
  });
});
