/**
 * BIRD dev as read by the measurement scripts: the `dev_tables.json` schemas
 * (no database exists here, so no samples and no row counts) and the text
 * features of the 42 published runs' candidates with their authors' labels.
 * Reads `../shared/data/real-candidates/bird-dev` (or the folder given) at
 * run time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import type { QuestionRecord } from '../../src/core/bench/index.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import type { Schema } from '../../src/core/schema.ts';
import { denseTextFeatures } from './text-features.ts';

/** Candidates longer than this (degenerate repetition) get no features. */
export const MAX_SQL = 4000;

interface TablesJson {
  db_id: string;
  table_names_original: string[];
  column_names_original: [number, string][];
  column_types: string[];
  primary_keys: (number | number[])[];
  foreign_keys: [number, number][];
}

/** A Spider-layout `tables.json` entry as a {@link Schema} (no samples, no row counts). */
export function schemaOf(t: TablesJson): Schema {
  const pk = new Set(t.primary_keys.flatMap((k) => (Array.isArray(k) ? k : [k])));
  return {
    tables: t.table_names_original.map((name, ti) => {
      const cols = t.column_names_original.map((c, ci) => ({ c, ci })).filter(({ c }) => c[0] === ti);
      return {
        name,
        columns: cols.map(({ c, ci }) => ({ name: c[1], type: t.column_types[ci] ?? '', notNull: false, pk: pk.has(ci) ? 1 : 0, samples: [] })),
        primaryKey: cols.filter(({ ci }) => pk.has(ci)).map(({ c }) => c[1]),
        foreignKeys: t.foreign_keys
          .filter(([from]) => t.column_names_original[from]?.[0] === ti)
          .map(([from, to]) => ({
            from: [t.column_names_original[from]![1]],
            table: t.table_names_original[t.column_names_original[to]![0]]!,
            to: [t.column_names_original[to]![1]],
          })),
        rowCount: 0,
        sql: '',
      };
    }),
  };
}

/** The schema of every database in a Spider-layout `tables.json` file, by `db_id`. */
export function tablesSchemas(path: string): Map<string, Schema> {
  return new Map((JSON.parse(readFileSync(path, 'utf8')) as TablesJson[]).map((t) => [t.db_id, schemaOf(t)]));
}

/** The schema of every BIRD dev database, by `db_id`. */
export function birdSchemas(dir: string): Map<string, Schema> {
  return tablesSchemas(join(dir, 'dev_tables.json'));
}

/** The dense text features of one candidate (null when it is longer than {@link MAX_SQL}). */
export function textFeatures(
  record: Pick<QuestionRecord, 'question' | 'evidence'>,
  sql: string,
  schema: Schema | undefined,
  cache: Map<string, SqlFacts>,
): number[] | null {
  if (sql.length > MAX_SQL) return null;
  return denseTextFeatures({ question: record.question, sql, ...(schema ? { schema } : {}), ...(record.evidence ? { evidence: record.evidence } : {}) }, cache);
}

/** Every labeled candidate of a candidate file with features: its database, label and text features (`schemas` by db_id). */
export function labeledTextRows(path: string, schemas: ReadonlyMap<string, Schema>): { db: string; y: number; text: number[] }[] {
  const records = parseCandidateFile(readFileSync(path, 'utf8'), path).records;
  const cache = new Map<string, SqlFacts>();
  const out: { db: string; y: number; text: number[] }[] = [];
  for (const r of records) {
    for (const c of r.candidates) {
      if (c.correct === undefined || c.correct === null) continue;
      const text = textFeatures(r, c.sql, schemas.get(r.db_id), cache);
      if (text) out.push({ db: r.db_id, y: c.correct ? 1 : 0, text });
    }
  }
  return out;
}

/** Every labeled BIRD candidate with features: its database, label and text features. */
export function birdTextRows(dir: string): { db: string; y: number; text: number[] }[] {
  return labeledTextRows(join(dir, 'candidates.jsonl'), birdSchemas(dir));
}
