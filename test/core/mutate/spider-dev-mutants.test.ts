import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import initSqlJs, { type Database } from 'sql.js';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { schemaOf } from './sqlite-schema.ts';

// Opt-in: runs only where the Spider folder is present (it is never copied into the repo).
const SPIDER = resolve(import.meta.dirname, '../../../../shared/data/spider');
const present = existsSync(resolve(SPIDER, 'dev.json'));
if (!present) console.warn(`spider-dev-mutants: skipped, no Spider data at ${SPIDER}`);

const K = 8;
const ROW_CAP = 100_000;

/** The rows of a query as a sorted bag (at most ROW_CAP rows); throws what SQLite throws. */
function bag(db: Database, sql: string): string {
  const st = db.prepare(sql);
  const rows: string[] = [];
  try {
    while (rows.length < ROW_CAP && st.step()) rows.push(JSON.stringify(st.get()));
  } finally {
    st.free();
  }
  return rows.sort().join('\n');
}

describe.runIf(present)('mutating every Spider dev gold query (K = 8)', () => {
  it('gives mutants for nearly every query, and at least 90% of them run in SQLite', async () => {
    const SQL = await initSqlJs();
    const dev = JSON.parse(readFileSync(resolve(SPIDER, 'dev.json'), 'utf8')) as { db_id: string; query: string }[];
    const dbs = new Map<string, { db: Database; schema: Schema }>();
    let questions = 0,
      withMutant = 0,
      mutants = 0,
      ran = 0,
      preserving = 0,
      preservingSame = 0,
      skipped = 0;
    dev.forEach((item, i) => {
      const file = resolve(SPIDER, 'database', item.db_id, `${item.db_id}.sqlite`);
      if (!existsSync(file)) return;
      if (!dbs.has(item.db_id)) {
        const db = new SQL.Database(readFileSync(file));
        dbs.set(item.db_id, { db, schema: schemaOf(db) });
      }
      const { db, schema } = dbs.get(item.db_id)!;
      let gold: string;
      try {
        gold = bag(db, item.query);
      } catch {
        return; // a gold query SQLite rejects cannot anchor its mutants
      }
      questions++;
      const out = mutate(item.query, schema, { k: K, rng: createRng(i), onSkip: () => skipped++ });
      if (out.length > 0) withMutant++;
      for (const m of out) {
        mutants++;
        try {
          const got = bag(db, m.sql);
          ran++;
          if (m.preserving) {
            preserving++;
            if (got === gold) preservingSame++;
          }
        } catch {
          // counted as not running
        }
      }
    });
    for (const { db } of dbs.values()) db.close();
    const report = {
      questions,
      shareWithMutant: withMutant / questions,
      mutantsPerQuestion: mutants / questions,
      shareThatRun: ran / mutants,
      shareOfRewritesKeepingTheResult: preservingSame / preserving,
      skippedEdits: skipped,
    };
    console.log('spider-dev-mutants', JSON.stringify(report));
    expect(questions).toBeGreaterThan(900);
    expect(report.shareWithMutant).toBeGreaterThanOrEqual(0.95);
    expect(report.shareThatRun).toBeGreaterThanOrEqual(0.9);
    expect(report.shareOfRewritesKeepingTheResult).toBeGreaterThanOrEqual(0.98);
  }, 600_000);
});
