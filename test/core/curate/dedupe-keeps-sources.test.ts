import { describe, expect, it } from 'vitest';
import { dedupeCandidates } from '../../../src/core/curate/index.ts';

describe('dedupeCandidates', () => {
  it('merges texts that differ only in whitespace, case, identifier quotes and a semicolon, keeping every source', () => {
    const out = dedupeCandidates([
      { sql: 'SELECT name FROM singer WHERE age > 3', source: 'gold', correct: true },
      { sql: 'select  "name" from "singer"\n where age>3 ;', source: 'mutation:alias-rename' },
      { sql: 'SELECT name FROM singer WHERE age < 3', source: 'mutation:flipped-comparison' },
      { sql: 'SELECT NAME FROM SINGER WHERE AGE > 3', source: 'gold' },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      sql: 'SELECT name FROM singer WHERE age > 3',
      source: 'gold',
      correct: true,
      sources: ['gold', 'mutation:alias-rename'],
      count: 3,
    });
    expect(out[1]!.sources).toEqual(['mutation:flipped-comparison']);
    expect(out[1]!.count).toBe(1);
  });

  it('keeps queries whose string literals differ in case apart', () => {
    const out = dedupeCandidates([{ sql: "SELECT name FROM singer WHERE country = 'France'" }, { sql: "SELECT name FROM singer WHERE country = 'france'" }]);
    expect(out).toHaveLength(2);
    expect(out.map((c) => c.sources)).toEqual([[], []]);
  });

  it('adds up counts when merging already merged candidates', () => {
    const once = dedupeCandidates([
      { sql: 'SELECT 1', source: 'a' },
      { sql: 'select 1', source: 'b' },
    ]);
    const twice = dedupeCandidates([...once, { sql: 'SELECT 1;', source: 'c' }]);
    expect(twice).toHaveLength(1);
    expect(twice[0]!.count).toBe(3);
    expect(twice[0]!.sources).toEqual(['a', 'b', 'c']);
  });
});
