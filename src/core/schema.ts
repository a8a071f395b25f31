/**
 * A database schema as the runner introspects it; plain data. A view is a
 * relation like a table (a query can read it by name, its columns resolve
 * the same way), so it sits in `tables` with `kind: 'view'`; everything that
 * resolves names (completion, usage, scopes, the ORM's grounding, the
 * prompt) sees it, and what only a table has (keys, a cheap row count) is
 * empty or unknown for it. A schema without views reads as it always did:
 * `kind` is absent on a table.
 */
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
  /** `view` for a view (no keys; rows not counted, no samples: reading a view runs its query); absent for a table. */
  readonly kind?: 'view';
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

/**
 * Whether a schema entry is a view.
 *
 * @example schema.tables.filter(isView).map((v) => v.name); // ['top_customers']
 */
export const isView = (t: Pick<TableInfo, 'kind'>): boolean => t.kind === 'view';

export interface Schema {
  readonly tables: readonly TableInfo[];
}
