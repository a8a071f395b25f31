/**
 * "Did you mean …?" after SQLite's `no such column: Nme` or `no such table:
 * Trak`: the names of the open schema nearest to the one SQLite did not
 * find (core/text's nearestNames: case-insensitive, at most max(1, ⌊n/3⌋)
 * edits for an n-character name). A column is looked for first among the
 * columns of the table its qualifier or alias names (else of the tables the
 * statement reads), then of the statement's other tables, then of the
 * tables it does not read, which the words then say. Read off SQLite's message, the statement's
 * tokens (tables-named.ts) and the schema; pure.
 */
import type { ExecError } from '../exec/types.ts';
import type { Schema, TableInfo } from '../schema.ts';
import { nearestNames } from '../text/nearest-name.ts';
import { lexSql } from './guard-lex.ts';
import { quoteIdent } from './identifier.ts';
import { identifierName, namedTables } from './tables-named.ts';

/** Names near the one SQLite did not find. */
export interface NameSuggestion {
  readonly kind: 'column' | 'table';
  /** The name as SQLite reported it, without a qualifier (`Nme` of `t.Nme`). */
  readonly wrong: string;
  /**
   * Near names as the schema spells them; a column found outside the table
   * its qualifier names, or outside the tables the query reads, has its
   * table (and `read` false for the latter).
   */
  readonly near: readonly { readonly name: string; readonly table: string | null; readonly read: boolean }[];
}

/** The name SQLite's message reports, split at its last dot into qualifier and name. */
function reported(message: string, what: 'column' | 'table'): { qualifier: string | null; name: string } | null {
  const m = new RegExp(`^no such ${what}: ([^:]+?)(?::|$)`).exec(message);
  if (m === null) return null;
  const at = m[1]!.lastIndexOf('.');
  return at < 0 ? { qualifier: null, name: m[1]! } : { qualifier: m[1]!.slice(0, at), name: m[1]!.slice(at + 1) };
}

const near = (names: readonly string[], given: string): string[] => nearestNames(names, given, { minEdits: 1, ignoreCase: true });

/**
 * Columns near `wrong`, looked for in tiers: the table its qualifier names
 * (else every table the statement reads), then the statement's other tables,
 * then the schema's tables it does not read; the first tier with a near
 * name (in a later tier, the same name first) wins.
 */
function columnNear(schema: Schema, sql: string, qualifier: string | null, wrong: string): NameSuggestion['near'] {
  const named = namedTables(sql, schema);
  const q = qualifier?.toLowerCase().split('.').at(-1) ?? null;
  const own = q === null ? null : (named.aliases.get(q) ?? schema.tables.find((t) => t.name.toLowerCase() === q) ?? null);
  const first: readonly TableInfo[] = own !== null ? [own] : named.tables;
  const tiers: { tables: readonly TableInfo[]; read: boolean }[] = [
    { tables: first, read: true },
    { tables: named.tables.filter((t) => !first.includes(t)), read: true },
    { tables: schema.tables.filter((t) => !named.tables.includes(t) && !first.includes(t)), read: false },
  ];
  for (const [i, tier] of tiers.entries()) {
    const columns = tier.tables.flatMap((t) => t.columns.map((c) => c.name));
    const same = i === 0 ? [] : columns.filter((c) => c.toLowerCase() === wrong.toLowerCase()).slice(0, 1);
    const names = same.length > 0 ? same : near(columns, wrong);
    if (names.length === 0) continue;
    const hits = tier.tables.flatMap((t) => t.columns.filter((c) => names.includes(c.name)).map((c) => ({ t, c })));
    return hits.map(({ t, c }) => ({ name: c.name, table: i === 0 ? null : t.name, read: tier.read }));
  }
  return [];
}

/**
 * Near names for a NO_SUCH_COLUMN or NO_SUCH_TABLE error of `sql` on
 * `schema`; null for any other error or when no name is near.
 *
 * @example
 * suggestNames({ code: 'NO_SUCH_COLUMN', message: 'no such column: Nme: …' }, schema, 'SELECT Nme FROM artist');
 * // { kind: 'column', wrong: 'Nme', near: [{ name: 'Name', table: null, read: true }] }
 */
export function suggestNames(error: Pick<ExecError, 'code' | 'message'>, schema: Schema, sql = ''): NameSuggestion | null {
  const kind = error.code === 'NO_SUCH_COLUMN' ? 'column' : error.code === 'NO_SUCH_TABLE' ? 'table' : null;
  const r = kind === null ? null : reported(error.message, kind);
  if (kind === null || r === null) return null;
  const found =
    kind === 'column'
      ? columnNear(schema, sql, r.qualifier, r.name)
      : near(
          schema.tables.map((t) => t.name),
          r.name,
        ).map((name) => ({ name, table: null, read: true }));
  return found.length === 0 ? null : { kind, wrong: r.name, near: found.slice(0, 3) };
}

/**
 * The suggestion in words: "Did you mean Name?", "Did you mean Name or
 * Named?", "Did you mean artist.name? (The query does not read artist.)".
 * `show` writes each name (a page shortens and isolates it; default as is).
 *
 * @example suggestionWords({ kind: 'column', wrong: 'Nme', near: [{ name: 'Name', table: null, read: true }] }); // 'Did you mean Name?'
 */
export function suggestionWords(s: NameSuggestion, show: (name: string) => string = (name) => name): string {
  const names = s.near.map((n) => (n.table === null ? show(n.name) : `${show(n.table)}.${show(n.name)}`));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
  const unread = [...new Set(s.near.flatMap((n) => (n.read || n.table === null ? [] : [n.table])))];
  const note = unread.length === 0 ? '' : ` (The query does not read ${unread.map((t) => show(t)).join(' or ')}.)`;
  return `Did you mean ${list}?${note}`;
}

/**
 * `sql` with every identifier spelled `wrong` (bare or quoted, any case)
 * written as `right` instead (quoted where SQLite needs it). Strings,
 * comments and other names are left as they are.
 *
 * @example renameIdentifier("SELECT Nme FROM artist WHERE Nme = 'Nme'", 'Nme', 'Name'); // "SELECT Name FROM artist WHERE Name = 'Nme'"
 */
export function renameIdentifier(sql: string, wrong: string, right: string): string {
  const target = wrong.toLowerCase();
  let out = '';
  let at = 0;
  for (const t of lexSql(sql)) {
    if (identifierName(t) !== target) continue;
    out += sql.slice(at, t.start) + quoteIdent(right);
    at = t.end;
  }
  return out + sql.slice(at);
}
