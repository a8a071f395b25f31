/**
 * Each distinct SQL text is parsed once and its AST shared by every view
 * (structure keys, usage, the ORM's facts, mutations): none of them may change
 * it, or a later view would read another query.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import { sqlFacts } from '../../../src/core/orm/sql-facts.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { PARSE_CACHE_SIZE, parseSql } from '../../../src/core/sql/parse.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';
import { readSchema } from '../../../src/engines/sql/worker/schema.ts';
import { openDemo } from '../../demo/open-demo.ts';

const lines = readFileSync(resolve(import.meta.dirname, '../../../public/demo/candidates.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean);
const records = lines.map((l) => JSON.parse(l) as { gold: string; candidates: { sql: string }[] });
const texts = [...new Set(records.flatMap((r) => [r.gold, ...r.candidates.map((c) => c.sql)]))];

describe('parse once per distinct SQL', () => {
  it('returns the same parse for the same text, and no view changes the shared AST', async () => {
    const db = await openDemo();
    const schema = readSchema(db);
    db.close();
    const before = texts.map((sql) => JSON.stringify(parseSql(sql)));
    for (const sql of texts) {
      expect(parseSql(sql)).toBe(parseSql(sql));
      structureKey(sql);
      queryUsage(sql, schema);
      sqlFacts(sql);
    }
    for (const r of records) mutate(r.gold, schema, { k: 8, rng: createRng(3) });
    expect(texts.map((sql) => JSON.stringify(parseSql(sql)))).toEqual(before);
  });

  it('keeps a bounded number of parses, dropping the least recently used first', () => {
    const first = parseSql('SELECT 1 AS kept');
    const dropped = parseSql('SELECT 1 AS dropped');
    for (let i = 0; i < PARSE_CACHE_SIZE - 2; i++) parseSql(`SELECT ${i} AS filler`);
    expect(parseSql('SELECT 1 AS kept')).toBe(first);
    parseSql('SELECT 2 AS pushes_out_the_oldest');
    expect(parseSql('SELECT 1 AS kept')).toBe(first);
    expect(parseSql('SELECT 1 AS dropped')).not.toBe(dropped);
    expect(parseSql('SELECT 1 AS dropped')).toEqual(dropped);
  });
});
