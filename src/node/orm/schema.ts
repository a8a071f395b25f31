/**
 * Schemas for ORM training, read from SQLite files with sql.js in Node:
 * tables from sqlite_master, columns from `pragma_table_info`, foreign keys
 * from `pragma_foreign_key_list` (an implicit parent column resolves to the
 * parent's primary key). No sample values or row counts: the featurizer
 * does not use them, and skipping them keeps large databases fast.
 */
import { readFileSync } from 'node:fs';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import type { Schema, TableInfo } from '../../core/schema.ts';

function rows(db: Database, sql: string, params: SqlValue[] = []): SqlValue[][] {
  const stmt = db.prepare(sql, params);
  try {
    const out: SqlValue[][] = [];
    while (stmt.step()) out.push(stmt.get());
    return out;
  } finally {
    stmt.free();
  }
}

function table(db: Database, name: string, sql: string): TableInfo {
  const columns = rows(db, 'SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid', [name]).map(([n, t, nn, pk]) => ({
    name: String(n), type: String(t ?? ''), notNull: nn === 1, pk: Number(pk), samples: [] as string[],
  }));
  const primaryKey = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
  const fks = new Map<number, { table: string; from: string[]; to: string[] }>();
  for (const [id, parent, from, to] of rows(db, 'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq', [name])) {
    const fk = fks.get(Number(id)) ?? { table: String(parent), from: [], to: [] };
    fk.from.push(String(from));
    const parentPk = () => rows(db, 'SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk', [String(parent)]).map(([c]) => String(c));
    fk.to.push(to === null ? (parentPk()[fk.from.length - 1] ?? '') : String(to));
    fks.set(Number(id), fk);
  }
  return { name, columns, primaryKey, foreignKeys: [...fks.values()], rowCount: 0, sql };
}

/**
 * Reads the schema of every SQLite file in `paths` (db_id → path). A file
 * that cannot be read is reported in `failed` with the reason.
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
      const listed = rows(db, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid");
      schemas.set(dbId, { tables: listed.map(([n, s]) => table(db!, String(n), String(s ?? ''))) });
    } catch (e) {
      failed.set(dbId, e instanceof Error ? e.message : String(e));
    } finally {
      db?.close();
    }
  }
  return { schemas, failed };
}
