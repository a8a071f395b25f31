/** Installs the pinned better-sqlite3 unless that version already loads (see ensure-better-sqlite3.mjs). */
export function ensureBetterSqlite3(): 'present' | 'installed';
