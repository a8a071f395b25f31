/**
 * Test helper: a Schema read from an open sql.js database through
 * sqlite_master and PRAGMA table_info / foreign_key_list, with up to
 * `samples` distinct non-null values per column (as text, in rowid order).
 */
import type { Database } from 'sql.js';
import type { ColumnInfo, Schema, TableInfo } from '../../../src/core/schema.ts';

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function rows(db: Database, sql: string): unknown[][] {
  return db.exec(sql)[0]?.values ?? [];
}

export function schemaOf(db: Database, samples = 5): Schema {
  const tables = rows(db, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  return {
    tables: tables.map(([name, sql]): TableInfo => {
      const t = quote(String(name));
      const columns = rows(db, `PRAGMA table_info(${t})`).map(([, col, type, notNull, , pk]): ColumnInfo => {
        const values = rows(db, `SELECT DISTINCT ${quote(String(col))} FROM ${t} WHERE ${quote(String(col))} IS NOT NULL LIMIT ${samples}`);
        return { name: String(col), type: String(type ?? ''), notNull: notNull === 1, pk: Number(pk), samples: values.map((v) => String(v[0])) };
      });
      const fks = new Map<number, { from: string[]; table: string; to: string[] }>();
      for (const [id, , table, from, to] of rows(db, `PRAGMA foreign_key_list(${t})`)) {
        const fk = fks.get(Number(id)) ?? { from: [], table: String(table), to: [] };
        fk.from.push(String(from));
        fk.to.push(to === null ? '' : String(to));
        fks.set(Number(id), fk);
      }
      return {
        name: String(name),
        columns,
        primaryKey: columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        foreignKeys: [...fks.values()],
        rowCount: Number(rows(db, `SELECT count(*) FROM ${t}`)[0]?.[0] ?? 0),
        sql: String(sql ?? ''),
      };
    }),
  };
}
