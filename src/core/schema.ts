/** A database schema as the runner introspects it; plain data. */
export interface ColumnInfo {
  readonly name: string;
  /** Declared type as written in CREATE TABLE ('' when none). */
  readonly type: string;
  readonly notNull: boolean;
  /** 1-based position in the primary key, 0 when not part of it. */
  readonly pk: number;
  /** A few distinct non-null sample values, rendered as text. */
  readonly samples: readonly string[];
}

export interface ForeignKey {
  readonly from: readonly string[];
  readonly table: string;
  readonly to: readonly string[];
}

export interface TableInfo {
  readonly name: string;
  readonly columns: readonly ColumnInfo[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly ForeignKey[];
  readonly rowCount: number;
  /**
   * How rowCount was found; absent means `exact` (count(*)). A big file read
   * on demand is not scanned: `estimate` (sqlite_stat1 or the largest rowid)
   * or `unknown` (rowCount 0); count it on demand.
   */
  readonly rowCountKind?: 'exact' | 'estimate' | 'unknown';
  /** The CREATE statement as stored in sqlite_master. */
  readonly sql: string;
}

export interface Schema {
  readonly tables: readonly TableInfo[];
}
