import { describe, expect, it } from 'vitest';
import type { Cell, ExecOutcome } from '../../../src/core/exec/types.ts';
import { labelCandidate } from '../../../src/core/results/label.ts';
import { labelText } from '../../../src/core/results/label-text.ts';

const ok = (columns: string[], rows: Cell[][], cut = false): ExecOutcome => ({ ok: true, columns, rows, cut, ms: 1 });
const failed = (code: 'SYNTAX' | 'TIMEOUT' | 'EMPTY'): ExecOutcome => ({ ok: false, error: { code, message: code }, ms: 1 });
const orderedGold = (sql: string): boolean => labelText('spider', sql, 'gold')!.ordered;

describe('labelCandidate', () => {
  const gold = ok(['name'], [['a'], ['b']]);
  const reversed = ok(['name'], [['b'], ['a']]);

  it('marks an equivalent candidate correct', () => {
    expect(labelCandidate(gold, reversed)).toEqual({ correct: true });
  });

  it("lets the gold's text decide whether row order matters, as the official substring test reads it", () => {
    expect(labelCandidate(gold, reversed, { ordered: orderedGold('SELECT name FROM t ORDER BY name') })).toEqual({ correct: false });
    // 'order by' inside a subquery still counts for test-suite-sql-eval
    expect(labelCandidate(gold, reversed, { ordered: orderedGold('SELECT name FROM (SELECT name FROM t ORDER BY name)') })).toEqual({ correct: false });
    expect(labelCandidate(gold, reversed, { ordered: orderedGold('SELECT name FROM t ORDER  BY name') })).toEqual({ correct: true });
  });

  it('ignores row order under the bird rule', () => {
    expect(labelCandidate(gold, reversed, { rule: 'bird', ordered: true })).toEqual({ correct: true });
  });

  it('marks a candidate that fails to execute incorrect, with its code', () => {
    expect(labelCandidate(gold, failed('SYNTAX'))).toEqual({ correct: false, exec_error: 'SYNTAX' });
  });

  it('reports a failing gold apart from a wrong candidate', () => {
    expect(labelCandidate(failed('TIMEOUT'), reversed)).toEqual({ correct: false, goldError: 'TIMEOUT' });
  });

  it('reads a text with no statement as no rows under the spider rules (Python runs ";" and fetches nothing), an error under bird', () => {
    const none = ok(['n'], []);
    expect(labelCandidate(none, failed('EMPTY'))).toEqual({ correct: true });
    expect(labelCandidate(none, failed('EMPTY'), { rule: 'spider-keep-distinct' })).toEqual({ correct: true });
    expect(labelCandidate(gold, failed('EMPTY'))).toEqual({ correct: false });
    expect(labelCandidate(none, failed('EMPTY'), { rule: 'bird' })).toEqual({ correct: false, exec_error: 'EMPTY' });
  });

  it('flags comparisons made on results cut by the row cap', () => {
    expect(labelCandidate(ok(['n'], [[1]], true), ok(['n'], [[1]], true))).toEqual({ correct: true, truncated: true });
    expect(labelCandidate(ok(['n'], [[1]]), ok(['n'], [[2]], true))).toEqual({ correct: false, truncated: true });
  });
});
