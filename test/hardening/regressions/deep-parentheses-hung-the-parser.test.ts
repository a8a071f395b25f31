/**
 * Regression: a query cut off inside nested parentheses (what a model writes
 * when it runs out of tokens) made structureKey and mutate hang: the
 * postgresql grammar of node-sql-parser, tried after the sqlite one fails,
 * takes time exponential in the nesting depth on text that does not parse
 * (18 open parentheses took about two minutes). Such text now takes the text
 * fallback at once; queries that nest normally still parse.
 */
import { describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { fitsParser, MAX_PARSE_DEPTH } from '../../../src/core/sql/parse-limits.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';

/** Wall-clock bound for one call: far above a normal parse, far below the exponential blow-up. */
const BOUND_MS = 3000;

const timed = <T>(f: () => T): { value: T; ms: number } => {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
};

const CUT_OFF = [
  `SELECT ${'('.repeat(24)}1`,
  `SELECT name FROM singer WHERE ${'(age > 1 AND '.repeat(24)}`,
  `SELECT ${'('.repeat(24)}1 +${')'.repeat(24)}`, // balanced, but fails inside
  `SELECT count(*) FROM t WHERE a IN ${'(SELECT a FROM t WHERE a IN '.repeat(24)}(1`,
];

describe('structureKey on deeply nested text', () => {
  it('returns the text fallback within the bound instead of hanging', () => {
    for (const sql of CUT_OFF) {
      const { value, ms } = timed(() => structureKey(sql));
      expect(value.parsed, sql).toBe(false);
      expect(ms, sql).toBeLessThan(BOUND_MS);
    }
  });

  it('still parses normal nesting, up to the limit', () => {
    expect(structureKey('SELECT name FROM singer WHERE id IN (SELECT singer_id FROM concert WHERE (year > 2014))').parsed).toBe(true);
    const deepest = `SELECT ${'('.repeat(MAX_PARSE_DEPTH)}1 + 1${')'.repeat(MAX_PARSE_DEPTH)}`;
    expect(fitsParser(deepest)).toBe(true);
    expect(structureKey(deepest).parsed).toBe(true);
    expect(fitsParser(`SELECT ${'('.repeat(MAX_PARSE_DEPTH + 1)}1${')'.repeat(MAX_PARSE_DEPTH + 1)}`)).toBe(false);
  });

  it('counts only parentheses that are code, not those in strings, names or comments', () => {
    expect(fitsParser(`SELECT '${'('.repeat(30)}' AS s, "${')'.repeat(3)}" -- ((((`)).toBe(true);
    expect(fitsParser('SELECT (1')).toBe(false);
    expect(fitsParser('SELECT 1)')).toBe(false);
  });
});

describe('mutate on a deeply nested gold query', () => {
  it('gives no mutants within the bound', () => {
    const schema = { tables: [] };
    for (const sql of CUT_OFF) {
      const { value, ms } = timed(() => mutate(sql, schema, { k: 4, rng: createRng(1) }));
      expect(value, sql).toEqual([]);
      expect(ms, sql).toBeLessThan(BOUND_MS);
    }
  });
});

describe('every parser caller on deeply nested text', () => {
  it('parseSql, queryUsage and the ORM featurizer fail fast (parseSql itself checks the limits)', async () => {
    const { parseSql } = await import('../../../src/core/sql/parse.ts');
    const { queryUsage } = await import('../../../src/core/sql/usage.ts');
    const { sqlFacts } = await import('../../../src/core/orm/sql-facts.ts');
    for (const sql of CUT_OFF) {
      const p = timed(() => parseSql(sql));
      expect(p.value.ok, sql).toBe(false);
      expect(p.ms, sql).toBeLessThan(BOUND_MS);
      expect(timed(() => queryUsage(sql)).ms, sql).toBeLessThan(BOUND_MS);
      expect(timed(() => sqlFacts(sql)).ms, sql).toBeLessThan(BOUND_MS);
    }
  });
});
