/**
 * Reads a labeled candidate file and the schemas of the databases it names
 * from a benchmark folder (Spider `database/<id>/<id>.sqlite`, BIRD
 * `train_databases/…` or `dev_databases/…`, or `<id>/<id>.sqlite`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs, { type Database } from 'sql.js';
import { databasePaths } from '../../core/bench/benchmark.ts';
import type { QuestionRecord } from '../../core/bench/types.ts';
import type { Schema } from '../../core/schema.ts';
import { readSchema } from '../../engines/sql/worker/schema.ts';
import { readCandidateFile } from '../bench.ts';

/** Finds `<id>.sqlite` in the usual benchmark layouts under `dir`. */
export function locateDatabase(dir: string, dbId: string): string | undefined {
  const tries = [...databasePaths('spider', 'train', dbId), ...databasePaths('bird', 'train', dbId), ...databasePaths('bird', 'dev', dbId), `${dbId}/${dbId}.sqlite`];
  return tries.map((p) => join(dir, p)).find((p) => existsSync(p));
}

/**
 * Reads the schema of every SQLite file in `paths` (db_id → path) with the
 * one schema reader, without sample values or row counts (the ORM's features
 * use neither, and skipping them keeps large databases fast). A file that
 * cannot be read is reported in `failed` with the reason.
 *
 * @example
 * const { schemas } = await readSchemas(new Map([['concert_singer', 'database/concert_singer/concert_singer.sqlite']]));
 * schemas.get('concert_singer')?.tables.length;
 */
export async function readSchemas(paths: ReadonlyMap<string, string>): Promise<{ schemas: Map<string, Schema>; failed: Map<string, string> }> {
  const SQL = await initSqlJs();
  const schemas = new Map<string, Schema>();
  const failed = new Map<string, string>();
  for (const [dbId, path] of paths) {
    let db: Database | undefined;
    try {
      db = new SQL.Database(readFileSync(path));
      schemas.set(dbId, readSchema(db, { samples: false, rowCounts: false }));
    } catch (e) {
      failed.set(dbId, e instanceof Error ? e.message : String(e));
    } finally {
      db?.close();
    }
  }
  return { schemas, failed };
}

export interface LabeledData {
  readonly records: QuestionRecord[];
  readonly schemas: Map<string, Schema>;
  /** Databases named by records but not found under the folder. */
  readonly unlocated: string[];
  /** Databases found but unreadable, with the reason. */
  readonly failed: Map<string, string>;
}

/**
 * Reads both.
 *
 * @example
 * const { records, schemas } = await loadLabeledData('runs/dev.jsonl', '../shared/data/spider');
 */
export async function loadLabeledData(candidates: string, bench: string): Promise<LabeledData> {
  const records = await readCandidateFile(candidates);
  const paths = new Map<string, string>();
  const unlocated: string[] = [];
  for (const id of new Set(records.map((r) => r.db_id))) {
    const p = locateDatabase(bench, id);
    if (p) paths.set(id, p);
    else unlocated.push(id);
  }
  const { schemas, failed } = await readSchemas(paths);
  return { records, schemas, unlocated, failed };
}
