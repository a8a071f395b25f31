/**
 * What the evidence reads off one SQL text, token by token (SQLite's lexical
 * rules, no grammar): so a query no parser reads still has a reading. Depth is
 * the parenthesis depth; "top level" is depth 0, the outermost SELECT.
 *
 * Names resolve against the schema: a FROM or JOIN item naming a table (and
 * its alias) maps the alias to the table; a column written `q.c` resolves
 * through that map, a bare column to the first table of the query that has
 * it. A double-quoted text stands for a value (SQLite's fallback) when no
 * column of the schema has that name.
 */
import type { Schema, TableInfo } from '../schema.ts';
import { quotedName, tokenizeSql } from '../sql/tokenize.ts';

/** A code token: no whitespace or comment; `at` is its index in the full token list. */
export interface CodeToken {
  readonly kind: 'word' | 'name' | 'string' | 'number' | 'op';
  /** Lowercase for words; the unquoted name for names; the content for strings. */
  readonly text: string;
  readonly depth: number;
  readonly at: number;
}

/** A column of a table of the schema. */
export interface ColumnAt {
  readonly table: string;
  readonly column: string;
}

/** `column op 'literal'` (or `column IN ('a', 'b')`), the literal as written. */
export interface LiteralComparison extends ColumnAt {
  readonly literal: string;
}

/** The full token list (concatenated, the text back) and its code tokens. */
export interface SqlTokens {
  readonly full: readonly string[];
  readonly code: readonly CodeToken[];
}

const KIND: Readonly<Record<string, CodeToken['kind'] | undefined>> = {
  word: 'word',
  dq: 'name',
  bq: 'name',
  br: 'name',
  string: 'string',
  number: 'number',
  op: 'op',
  punct: 'op',
};

/**
 * Code tokens with their depth.
 *
 * @example sqlTokens('SELECT a FROM (SELECT 1)').code.map((t) => t.depth); // [0, 0, 0, 0, 1, 1, 0]
 */
export function sqlTokens(sql: string): SqlTokens {
  const all = tokenizeSql(sql, 'sqlite');
  const code: CodeToken[] = [];
  let depth = 0;
  all.forEach((t, at) => {
    const kind = KIND[t.kind];
    if (kind === undefined) return;
    if (t.text === ')') depth = Math.max(0, depth - 1);
    const text =
      kind === 'word'
        ? t.text.toLowerCase()
        : kind === 'name'
          ? quotedName(t.text)
          : kind === 'string'
            ? t.text.slice(1, t.text.endsWith("'") && t.text.length > 1 ? -1 : undefined).replaceAll("''", "'")
            : t.text;
    code.push({ kind: t.kind === 'dq' ? 'name' : kind, text, depth, at });
    if (t.text === '(') depth++;
  });
  return { full: all.map((t) => t.text), code };
}

/** Words after which a FROM item's alias cannot stand. */
const NOT_ALIAS = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'outer',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'having',
  'union',
  'intersect',
  'except',
  'window',
  'as',
]);

/** A table of `schema` by name, case-insensitive. */
export function tableNamed(schema: Schema, name: string): TableInfo | undefined {
  const lower = name.toLowerCase();
  return schema.tables.find((t) => t.name.toLowerCase() === lower);
}

/** Whether `name` is a column of some table of the schema (case-insensitive). */
export function isSchemaColumn(schema: Schema, name: string): boolean {
  const lower = name.toLowerCase();
  return schema.tables.some((t) => t.columns.some((c) => c.name.toLowerCase() === lower));
}

/**
 * The query's tables in order of appearance, and each alias (lowercased) → table.
 *
 * @example tableAliases(sqlTokens('SELECT * FROM singer AS s').code, schema).aliases.get('s'); // 'singer'
 */
export function tableAliases(code: readonly CodeToken[], schema: Schema): { tables: string[]; aliases: Map<string, string> } {
  const tables: string[] = [];
  const aliases = new Map<string, string>();
  code.forEach((t, i) => {
    const before = code[i - 1];
    if (!(t.kind === 'word' || t.kind === 'name') || before === undefined) return;
    if (!(before.text === 'from' || before.text === 'join' || (before.text === ',' && inFromList(code, i - 1)))) return;
    const table = tableNamed(schema, t.text);
    if (table === undefined) return;
    if (!tables.includes(table.name)) tables.push(table.name);
    aliases.set(table.name.toLowerCase(), table.name);
    let k = i + 1;
    if (code[k]?.text === 'as') k++;
    const alias = code[k];
    if (alias !== undefined && (alias.kind === 'name' || (alias.kind === 'word' && !NOT_ALIAS.has(alias.text))))
      aliases.set(alias.text.toLowerCase(), table.name);
  });
  return { tables, aliases };
}

/** True when the comma at `i` separates FROM items. */
function inFromList(code: readonly CodeToken[], i: number): boolean {
  const depth = code[i]!.depth;
  for (let j = i - 1; j >= 0; j--) {
    const t = code[j]!;
    if (t.depth < depth) return false;
    if (t.depth > depth || t.kind !== 'word') continue;
    if (t.text === 'from') return true;
    if (t.text === 'select' || t.text === 'where' || t.text === 'group' || t.text === 'order' || t.text === 'by') return false;
  }
  return false;
}

/**
 * The table of column `name` written with qualifier `q` (or none): through the aliases, else the first
 * of `tables` that has it; undefined when none does.
 */
export function resolveColumn(
  schema: Schema,
  tables: readonly string[],
  aliases: ReadonlyMap<string, string>,
  q: string | null,
  name: string,
): ColumnAt | undefined {
  const lower = name.toLowerCase();
  const candidates = q === null ? tables : [aliases.get(q.toLowerCase()) ?? q];
  for (const tn of candidates) {
    const col = tableNamed(schema, tn)?.columns.find((c) => c.name.toLowerCase() === lower);
    if (col) return { table: tableNamed(schema, tn)!.name, column: col.name };
  }
  return undefined;
}

/** The column reference ending at code index `end` (`c` or `q.c`): its qualifier, name and first index. */
export function columnEndingAt(code: readonly CodeToken[], end: number): { q: string | null; name: string; start: number } | null {
  const t = code[end];
  if (t === undefined || !(t.kind === 'word' || t.kind === 'name')) return null;
  if (code[end - 1]?.text === '.' && code[end - 2] !== undefined && (code[end - 2]!.kind === 'word' || code[end - 2]!.kind === 'name')) {
    return { q: code[end - 2]!.text, name: t.text, start: end - 2 };
  }
  return { q: null, name: t.text, start: end };
}

/** The column reference starting at code index `start`: its qualifier, name and last index. */
export function columnStartingAt(code: readonly CodeToken[], start: number): { q: string | null; name: string; end: number } | null {
  const t = code[start];
  if (t === undefined || !(t.kind === 'word' || t.kind === 'name')) return null;
  if (code[start + 1]?.text === '.' && code[start + 2] !== undefined && (code[start + 2]!.kind === 'word' || code[start + 2]!.kind === 'name')) {
    return { q: t.text, name: code[start + 2]!.text, end: start + 2 };
  }
  return { q: null, name: t.text, end: start };
}
