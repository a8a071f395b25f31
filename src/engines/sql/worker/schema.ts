/**
 * Reads a Schema (src/core/schema.ts) out of an open sql.js database: every
 * ordinary table (sqlite_% internals skipped) in sqlite_master order, then
 * every view (marked `kind: 'view'`: its columns as SQLite reports them, no
 * keys, no samples and its rows not counted, since reading a view runs its
 * query; a view SQLite cannot compile is listed with no columns), each table's
 * columns with declared types, NOT NULL and primary-key positions, foreign
 * keys (an implicit parent column resolves to the parent's primary key), row
 * count (an estimate, labelled so, when asked not to scan: a big file), up
 * to 3 distinct non-null sample values per column (none for a
 * column whose collation this SQLite lacks, e.g. Android's LOCALIZED), and its
 * CREATE statement. Names are passed as bound parameters or quoted where
 * needed (core/sql's quoteIdent), so any name works.
 */
import type { Database, SqlValue, Statement } from 'sql.js';
import type { ColumnInfo, ForeignKey, Schema, TableInfo } from '../../../core/schema.ts';
import { quoteIdent } from '../../../core/sql/identifier.ts';
import { sampleText } from './values.ts';

/** Sample values kept per column. */
export const SAMPLES_PER_COLUMN = 3;

/**
 * An open database as readSchema reads it: a query with parameters (the same
 * text for every table) is prepared once and kept in `prepared` until
 * readSchema ends, since preparing costs more than running it.
 */
interface Reader {
  readonly db: Database;
  readonly prepared: Map<string, Statement>;
}

/** All rows of a query as arrays; a query with parameters is prepared once per read and reset after use, one without is freed. */
function rows(r: Reader, sql: string, params?: SqlValue[]): SqlValue[][] {
  const kept = params === undefined ? undefined : r.prepared.get(sql);
  const stmt = kept ?? r.db.prepare(sql);
  if (params !== undefined && kept === undefined) r.prepared.set(sql, stmt);
  try {
    if (params !== undefined) stmt.bind(params);
    const out: SqlValue[][] = [];
    while (stmt.step()) out.push(stmt.get());
    return out;
  } finally {
    if (params === undefined) stmt.free();
    else stmt.reset();
  }
}

/** What {@link readSchema} reads beyond names, types and keys, and how it reads a big file without scanning whole tables. */
export interface ReadSchemaOptions {
  /** Up to {@link SAMPLES_PER_COLUMN} sample values per column (else none; default true). */
  readonly samples?: boolean;
  /** Each table's row count (else 0; default true). */
  readonly rowCounts?: boolean;
  /** Row counts from sqlite_stat1 or the largest rowid (O(log n)) instead of count(*); the tables say so. */
  readonly estimateCounts?: boolean;
  /** Samples come from the first this many rows of each table instead of all of them. */
  readonly sampleScanRows?: number;
}

/** The query of a column's distinct sample values (as `v`). */
function distinctSql(table: string, column: string, scanRows?: number): string {
  const col = quoteIdent(column);
  const from = scanRows === undefined ? quoteIdent(table) : `(SELECT ${col} FROM ${quoteIdent(table)} LIMIT ${scanRows})`;
  return `SELECT DISTINCT ${col} AS v FROM ${from} WHERE ${col} IS NOT NULL LIMIT ${SAMPLES_PER_COLUMN}`;
}

const lacksCollation = (e: unknown): boolean => e instanceof Error && /no such collation sequence/i.test(e.message);

/** Distinct sample values of a column; none when its collation is one this SQLite lacks (DISTINCT needs it). */
function samplesOf(r: Reader, table: string, column: string, scanRows?: number): string[] {
  try {
    return rows(r, distinctSql(table, column, scanRows)).map(([v]) => sampleText(v ?? null));
  } catch (e) {
    if (lacksCollation(e)) return [];
    throw e;
  }
}

/** Columns whose samples one statement reads (SQLite allows 500 arms in a compound SELECT). */
const SAMPLE_ARMS = 100;

/**
 * Sample values of every column of a table, the same as samplesOf gives
 * column by column, but read by one statement per SAMPLE_ARMS columns (each
 * column's query an arm of a UNION ALL, tagged with its position): preparing
 * a statement costs more than running these. A table with a column whose
 * collation this SQLite lacks is read column by column.
 */
function samplesOfTable(r: Reader, table: string, columns: readonly string[], scanRows?: number): string[][] {
  const out = columns.map((): string[] => []);
  try {
    for (let at = 0; at < columns.length; at += SAMPLE_ARMS) {
      const arms = columns.slice(at, at + SAMPLE_ARMS).map((c, k) => `SELECT ${at + k} AS i, v FROM (${distinctSql(table, c, scanRows)})`);
      for (const [i, v] of rows(r, arms.join(' UNION ALL '))) out[Number(i)]!.push(sampleText(v ?? null));
    }
    return out;
  } catch (e) {
    if (!lacksCollation(e)) throw e;
    return columns.map((c) => samplesOf(r, table, c, scanRows));
  }
}

function columnsOf(r: Reader, table: string, samples: boolean, scanRows?: number): ColumnInfo[] {
  // pragma_table_info: cid, name, type, notnull, dflt_value, pk
  const listed = rows(r, 'SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid', [table]);
  const sampled = samples
    ? samplesOfTable(
        r,
        table,
        listed.map(([name]) => String(name)),
        scanRows,
      )
    : [];
  return listed.map(([name, type, notNull, pk], i) => {
    return { name: String(name), type: String(type ?? ''), notNull: notNull === 1, pk: Number(pk), samples: sampled[i] ?? [] };
  });
}

function primaryKeyOf(columns: readonly ColumnInfo[]): string[] {
  return columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
}

function foreignKeysOf(r: Reader, table: string): ForeignKey[] {
  // pragma_foreign_key_list: id, seq, table, from, to, on_update, on_delete, match
  const byId = new Map<number, { table: string; from: string[]; to: (string | null)[] }>();
  const listed = rows(r, 'SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq', [table]);
  for (const [id, parent, from, to] of listed) {
    const fk = byId.get(Number(id)) ?? { table: String(parent), from: [], to: [] };
    fk.from.push(String(from));
    fk.to.push(to === null ? null : String(to));
    byId.set(Number(id), fk);
  }
  return [...byId.values()].map((fk) => {
    if (fk.to.every((t) => t !== null)) return { table: fk.table, from: fk.from, to: fk.to as string[] };
    const parentPk = rows(r, 'SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk', [fk.table]).map(([n]) => String(n));
    return { table: fk.table, from: fk.from, to: fk.to.map((t, i) => t ?? parentPk[i] ?? '') };
  });
}

/** sqlite_stat1's row count of a table (ANALYZE writes it), or null. */
function statCount(r: Reader, table: string): number | null {
  try {
    const [[stat] = [null]] = rows(r, 'SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1', [table]);
    const n = typeof stat === 'string' ? Number.parseInt(stat, 10) : Number.NaN;
    return Number.isFinite(n) ? n : null;
  } catch {
    return null; // no sqlite_stat1
  }
}

/** An estimate of a table's rows without scanning it: sqlite_stat1, else its largest rowid; null when neither exists. */
function estimateCount(r: Reader, table: string): number | null {
  const stat = statCount(r, table);
  if (stat !== null) return stat;
  try {
    const [[max] = [null]] = rows(r, `SELECT max(rowid) FROM ${quoteIdent(table)}`);
    return max === null ? 0 : Number(max);
  } catch {
    return null; // WITHOUT ROWID
  }
}

/**
 * Introspects every table and view of `db`. A virtual table whose module this SQLite
 * lacks is left out; any other SQLite error is thrown (the runner turns it
 * into an ExecError). Without samples and row counts (the ORM's features use
 * neither) no table is scanned, which keeps large databases fast.
 *
 * @example
 * readSchema(db).tables.map((t) => t.name) // ['author', 'book']
 * readSchema(db, { samples: false, rowCounts: false }); // names, types and keys only
 */
export function readSchema(db: Database, options: ReadSchemaOptions = {}): Schema {
  const samples = options.samples ?? true;
  const rowCounts = options.rowCounts ?? true;
  const r: Reader = { db, prepared: new Map() };
  try {
    return { tables: readTables(r, samples, rowCounts, options) };
  } finally {
    for (const stmt of r.prepared.values()) stmt.free();
  }
}

/**
 * A view as a schema entry: its columns (names and declared types as
 * SQLite derives them), nothing that needs its rows. A view whose query
 * SQLite cannot compile (a table or column it names is gone) has no columns;
 * reading it says why.
 */
function viewOf(r: Reader, name: string, sql: string): TableInfo {
  let columns: ColumnInfo[] = [];
  try {
    columns = columnsOf(r, name, false);
  } catch {
    // A broken view: listed, with no columns.
  }
  return { name, kind: 'view', columns, primaryKey: [], foreignKeys: [], rowCount: 0, rowCountKind: 'unknown', sql };
}

function readTables(r: Reader, samples: boolean, rowCounts: boolean, options: ReadSchemaOptions): TableInfo[] {
  const tables: TableInfo[] = [];
  const listed = rows(
    r,
    "SELECT name, sql, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type = 'view', rowid",
  );
  for (const [name, sql, type] of listed) {
    const table = String(name);
    if (type === 'view') {
      tables.push(viewOf(r, table, String(sql ?? '')));
      continue;
    }
    try {
      const columns = columnsOf(r, table, samples, options.sampleScanRows);
      const foreignKeys = foreignKeysOf(r, table);
      const base = { name: table, columns, primaryKey: primaryKeyOf(columns), foreignKeys, sql: String(sql ?? '') };
      if (options.estimateCounts === true) {
        const estimate = estimateCount(r, table);
        tables.push({ ...base, rowCount: estimate ?? 0, rowCountKind: estimate === null ? 'unknown' : 'estimate' });
      } else {
        const [[count] = [0]] = rowCounts ? rows(r, `SELECT count(*) FROM ${quoteIdent(table)}`) : [];
        tables.push({ ...base, rowCount: Number(count) });
      }
    } catch (e) {
      if (e instanceof Error && /no such module/i.test(e.message)) continue;
      throw e;
    }
  }
  return tables;
}
