/**
 * Reads a labeled candidate file and the schemas of the databases it names
 * from a benchmark folder (Spider `database/<id>/<id>.sqlite`, BIRD
 * `train_databases/…` or `dev_databases/…`, or `<id>/<id>.sqlite`: anyDatabasePaths),
 * each file contained in its database folder as a benchmark's are (bench-paths.ts).
 */
import { readFileSync } from 'node:fs';
import initSqlJs, { type Database } from 'sql.js';
import { anyDatabasePaths } from '../../core/bench/benchmark.ts';
import type { QuestionRecord } from '../../core/bench/types.ts';
import type { Schema } from '../../core/schema.ts';
import { readSchema } from '../../engines/sql/worker/schema.ts';
import { locateDatabase } from '../bench-paths.ts';
import { readCandidateFile } from '../bench.ts';

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
    const p = locateDatabase(bench, id, anyDatabasePaths(id));
    if (p) paths.set(id, p);
    else unlocated.push(id);
  }
  const { schemas, failed } = await readSchemas(paths);
  return { records, schemas, unlocated, failed };
}
