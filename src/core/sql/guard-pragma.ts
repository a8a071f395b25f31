/**
 * Which PRAGMAs the read-only guard lets through. A PRAGMA is allowed only
 * when it is named here: with an argument in parentheses only when it is an
 * introspection pragma (its argument names what to describe, it sets
 * nothing), bare when reading it changes nothing. `PRAGMA x = v` is never
 * allowed. Everything else (optimize, incremental_vacuum, wal_checkpoint,
 * shrink_memory, any setting given a value) is refused.
 */

/** Pragmas whose argument names a table, index or schema to describe. */
export const INTROSPECTION_PRAGMAS: ReadonlySet<string> = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
  'foreign_key_check',
  'integrity_check',
  'quick_check',
]);

/** Pragmas that only report a value or a list when given no argument. */
export const BARE_READ_PRAGMAS: ReadonlySet<string> = new Set([
  ...INTROSPECTION_PRAGMAS,
  'database_list',
  'collation_list',
  'function_list',
  'module_list',
  'pragma_list',
  'compile_options',
  'application_id',
  'user_version',
  'schema_version',
  'data_version',
  'encoding',
  'page_size',
  'page_count',
  'max_page_count',
  'freelist_count',
  'auto_vacuum',
  'journal_mode',
  'foreign_keys',
  'query_only',
  'case_sensitive_like',
  'recursive_triggers',
  'legacy_alter_table',
]);

/**
 * Whether `PRAGMA name` (form `bare`) or `PRAGMA name(arg)` (form `call`)
 * only reads. Names compare case-insensitively.
 *
 * @example
 * isReadOnlyPragma('TABLE_INFO', 'call') // true
 * isReadOnlyPragma('journal_mode', 'call') // false: that sets the mode
 */
export function isReadOnlyPragma(name: string, form: 'bare' | 'call'): boolean {
  const lower = name.toLowerCase();
  return form === 'call' ? INTROSPECTION_PRAGMAS.has(lower) : BARE_READ_PRAGMAS.has(lower);
}
