import { describe, expect, it } from 'vitest';
import type { Cell, ExecOutcome } from '../../../src/core/exec/types.ts';
import { labelCandidate } from '../../../src/core/results/label.ts';

const ok = (columns: string[], rows: Cell[][], cut = false): ExecOutcome => ({ ok: true, columns, rows, cut, ms: 1 });
const failed = (code: 'SYNTAX' | 'TIMEOUT'): ExecOutcome => ({ ok: false, error: { code, message: code }, ms: 1 });

describe('labelCandidate', () => {
  const gold = ok(['name'], [['a'], ['b']]);
  const reversed = ok(['name'], [['b'], ['a']]);

  it('marks an equivalent candidate correct', () => {
    expect(labelCandidate(gold, reversed, { goldSql: 'SELECT name FROM t' })).toEqual({ correct: true });
  });

  it('lets the gold SQL decide whether row order matters', () => {
    expect(labelCandidate(gold, reversed, { goldSql: 'SELECT name FROM t ORDER BY name' })).toEqual({ correct: false });
    expect(labelCandidate(gold, reversed, { goldSql: 'SELECT name FROM (SELECT name FROM t ORDER BY name)' })).toEqual({ correct: true });
  });

  it('ignores the gold order under the bird rule', () => {
    expect(labelCandidate(gold, reversed, { rule: 'bird', goldSql: 'SELECT name FROM t ORDER BY name' })).toEqual({ correct: true });
  });

  it('marks a candidate that fails to execute incorrect, with its code', () => {
    expect(labelCandidate(gold, failed('SYNTAX'), { goldSql: 'SELECT 1' })).toEqual({ correct: false, exec_error: 'SYNTAX' });
  });

  it('reports a failing gold apart from a wrong candidate', () => {
    expect(labelCandidate(failed('TIMEOUT'), reversed, { goldSql: 'SELECT 1' })).toEqual({ correct: false, goldError: 'TIMEOUT' });
  });

  it('flags comparisons made on results cut by the row cap', () => {
    expect(labelCandidate(ok(['n'], [[1]], true), ok(['n'], [[1]], true), { goldSql: 'SELECT n FROM t' })).toEqual({ correct: true, truncated: true });
    expect(labelCandidate(ok(['n'], [[1]]), ok(['n'], [[2]], true), { goldSql: 'SELECT n FROM t' })).toEqual({ correct: false, truncated: true });
  });
});
