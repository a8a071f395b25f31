import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../src/core/orm/memo.ts';

describe('boundedMemo', () => {
  it('computes a text once while it is kept, and starts again when the limit is reached', () => {
    const calls: string[] = [];
    const view = boundedMemo(2, (t: string) => {
      calls.push(t);
      return t.length;
    });
    expect([view('ab'), view('ab'), view('abc'), view('ab')]).toEqual([2, 2, 3, 2]);
    expect(calls).toEqual(['ab', 'abc']);
    view('abcd'); // a third text: the memo is emptied first
    view('ab');
    expect(calls).toEqual(['ab', 'abc', 'abcd', 'ab']);
  });
});
