/**
 * Regression: a query with a long operator chain (`SELECT 1+1+…+1` with
 * 5,000 terms, or a WHERE with 2,000 `+` terms in a gold query) parses into a
 * tree as deep as the chain; structureKey's canonicalization and mutate's
 * rules walk it recursively and threw "Maximum call stack size exceeded"
 * out of the signal code. Text past MAX_PARSE_TOKENS now takes the text
 * fallback (structureKey) or gives no mutants (mutate), without throwing.
 */
import { describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { fitsParser, MAX_PARSE_TOKENS } from '../../../src/core/sql/parse-limits.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';
import { createRng } from '../../../src/core/stats/rng.ts';

const schema: Schema = {
  tables: [{ name: 't', columns: [{ name: 'a', type: 'INTEGER', notNull: false, pk: 0, samples: [] }], primaryKey: [], foreignKeys: [], rowCount: 0, sql: '' }],
};

describe('a long operator chain', () => {
  it('gets a text-fallback structure key instead of a stack overflow', () => {
    for (const sql of [`SELECT ${'1+'.repeat(5000)}1`, `SELECT ${'a || '.repeat(4000)}b FROM t`, `SELECT a FROM t WHERE ${'a = 1 AND '.repeat(3000)}a = 2`]) {
      const key = structureKey(sql);
      expect(key.parsed).toBe(false);
      expect(key.key.length).toBeGreaterThan(0);
    }
  });

  it('gives no mutants instead of a stack overflow', () => {
    expect(mutate(`SELECT a FROM t WHERE a > ${'1+'.repeat(2000)}1`, schema, { k: 2, rng: createRng(1) })).toEqual([]);
  });

  it('still parses a chain well inside the limit', () => {
    const sql = `SELECT ${'1+'.repeat(200)}1`;
    expect(fitsParser(sql)).toBe(true);
    expect(structureKey(sql).parsed).toBe(true);
    expect(fitsParser(`SELECT ${'1+'.repeat(MAX_PARSE_TOKENS)}1`)).toBe(false);
  });
});
