/**
 * Reads a labeled candidate file and the schemas of the databases it names
 * from a benchmark folder (Spider `database/<id>/<id>.sqlite`, BIRD
 * `train_databases/…` or `dev_databases/…`, or `<id>/<id>.sqlite`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databasePaths } from '../../core/bench/benchmark.ts';
import type { QuestionRecord } from '../../core/bench/types.ts';
import type { Schema } from '../../core/schema.ts';
import { readCandidateFile } from '../bench.ts';
import { readSchemas } from './schema.ts';

/** Finds `<id>.sqlite` in the usual benchmark layouts under `dir`. */
export function locateDatabase(dir: string, dbId: string): string | undefined {
  const tries = [...databasePaths('spider', 'train', dbId), ...databasePaths('bird', 'train', dbId), ...databasePaths('bird', 'dev', dbId), `${dbId}/${dbId}.sqlite`];
  return tries.map((p) => join(dir, p)).find((p) => existsSync(p));
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
