/**
 * The page's analysis engine (what workers/analysis.worker.ts runs): the same
 * analyses as Node's analysis thread, a per-text budget checked between
 * parser dialects, and texts named as overrun read as unparsed without the
 * parser.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzedSql } from '../../../src/core/eval/prepare-all.ts';
import { analyzeMany } from '../../../src/core/eval/sql-analysis.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { parseSql } from '../../../src/core/sql/parse.ts';
import { createAnalysisEngine, OVERRUN_MESSAGE } from '../../../src/engines/analysis/engine.ts';

const schema: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [
        { name: 'name', type: 'TEXT', pk: false },
        { name: 'age', type: 'INTEGER', pk: false },
      ],
      foreignKeys: [],
    },
  ],
} as unknown as Schema;

describe('the analysis engine', () => {
  it("gives exactly what Node's analysis thread gives, each result reported as it is made", () => {
    const sqls = ['SELECT name FROM singer', 'SELECT name FROM singer EXCEPT SELECT name FROM singer WHERE age > 3', 'SELEC broken'];
    const engine = createAnalysisEngine(() => performance.now());
    engine.setSchema(1, schema);
    const heard: [number, AnalyzedSql][] = [];
    const all = engine.analyze(sqls, 1, { facts: false, budgetMs: 10_000, unparsed: [] }, (i, r) => heard.push([i, r]));
    expect(all).toEqual(analyzeMany(sqls, schema, false));
    expect(heard.map(([i]) => i)).toEqual([0, 1, 2]);
    expect(all[0]!.analysis.usage?.tables).toEqual(['singer']);
    expect(all[1]!.analysis.parses).toBe(true); // the postgresql grammar reads EXCEPT
  });

  it('tries no further dialect once a text passes its budget', () => {
    // A clock that moves 1 s per reading: the budget is spent after the first dialect.
    let t = 0;
    const engine = createAnalysisEngine(() => (t += 1000));
    engine.setSchema(1, schema);
    const sql = 'SELECT name FROM singer INTERSECT SELECT name FROM singer WHERE age < 99'; // sqlite's grammar rejects INTERSECT
    const [r] = engine.analyze([sql], 1, { facts: false, budgetMs: 500, unparsed: [] }, () => undefined);
    expect(r!.analysis.parses).toBe(false);
    expect(parseSql(sql)).toMatchObject({ ok: false, message: expect.stringContaining('time budget') });
  });

  it('reads a text named as overrun as unparsed, without the parser', () => {
    const sql = 'SELECT age FROM singer WHERE age > 30';
    const engine = createAnalysisEngine(() => performance.now());
    engine.setSchema(1, schema);
    const [r] = engine.analyze([sql], 1, { facts: false, budgetMs: 10_000, unparsed: [sql] }, () => undefined);
    expect(r!.analysis).toMatchObject({ parses: false, structure: null });
    expect(parseSql(sql)).toEqual({ ok: false, message: OVERRUN_MESSAGE });
  });
});
