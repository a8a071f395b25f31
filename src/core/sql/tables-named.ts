/**
 * The schema's tables (and views) a statement's text names, read off its
 * tokens rather than its parse: it works on a statement that does not parse
 * yet (one being typed, for completion) or that SQLite refused (for "did you
 * mean"). A name counts bare, "double-quoted", `backquoted` or [bracketed],
 * case-insensitively; a name written right after a table's name (`books b`,
 * `books AS b`; not a keyword) is read as its alias.
 */
import type { Schema, TableInfo } from '../schema.ts';
import { lexSql, type SqlToken } from './guard-lex.ts';
import { SQL_KEYWORDS } from './keywords.ts';

/**
 * A word's or quoted identifier's name, lower-cased; null for any other token.
 *
 * @example identifierName(lexSql('[Order Items]')[0]); // 'order items'
 */
export function identifierName(t: SqlToken | undefined): string | null {
  if (t === undefined) return null;
  if (t.kind === 'word') return t.text.toLowerCase();
  if (t.kind !== 'quoted') return null;
  const close = t.text[0] === '[' ? ']' : t.text[0]!;
  return t.text
    .slice(1, -1)
    .replaceAll(close + close, close)
    .toLowerCase();
}

/** What a statement's text names: its tables in schema order, and its aliases (lower-cased) with their tables. */
export interface NamedTables {
  readonly tables: readonly TableInfo[];
  readonly aliases: ReadonlyMap<string, TableInfo>;
}

/**
 * The tables of `schema` that `text` names, and the aliases it gives them.
 *
 * @example
 * namedTables('SELECT b.title FROM "Books" AS b JOIN authors', schema).tables.map((t) => t.name); // ['authors', 'Books'] (schema order)
 * namedTables('SELECT b.title FROM books b', schema).aliases.get('b')?.name; // 'books'
 */
export function namedTables(text: string, schema: Schema): NamedTables {
  const byName = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t]));
  const tokens = lexSql(text);
  const seen = new Set<TableInfo>();
  const aliases = new Map<string, TableInfo>();
  tokens.forEach((tok, i) => {
    const table = byName.get(identifierName(tok) ?? '');
    if (table === undefined) return;
    seen.add(table);
    const asWord = tokens[i + 1]?.kind === 'word' && tokens[i + 1]!.text === 'AS';
    const next = tokens[i + (asWord ? 2 : 1)];
    const alias = identifierName(next);
    // A bare keyword after a name begins a clause (WHERE, JOIN, ON …); a quoted one is a name.
    if (alias !== null && (next!.kind === 'quoted' || !SQL_KEYWORDS.has(alias))) aliases.set(alias, table);
  });
  return { tables: schema.tables.filter((t) => seen.has(t)), aliases };
}

/**
 * Just the tables of {@link namedTables}.
 *
 * @example tablesNamed('SELECT * FROM "Books" b JOIN authors', schema).map((t) => t.name); // ['authors', 'Books']
 */
export const tablesNamed = (text: string, schema: Schema): TableInfo[] => [...namedTables(text, schema).tables];
