/**
 * SQL as people paste it: a chat assistant's reply (prose, a ```sql fence, a
 * multi-line query, more prose), several replies one after another, a
 * numbered or bulleted list of queries, a `.sql` file, or queries one per
 * line. Markdown's fenced code blocks (CommonMark: three or more backticks or
 * tildes, closed by a fence of the same character at least as long, or by the
 * end of the text; indented, or in a block quote) are found first; a block
 * tagged as SQL (`sql`, `sqlite`, `postgresql`, …) is all SQL, an untagged
 * one is read like the text around it, and one tagged as another language
 * (`python`, `json`, `text` …) is left out. The text outside blocks is read
 * line by line (paste-statements.ts): statements are kept, prose is left
 * out. Every statement is one candidate. One pass over the text, stopping
 * once `limit` statements are read.
 *
 * The reading is *plain* when nothing was left out or taken off (no block, no
 * prose, no list marker, label or backticks): the text was SQL as it stands.
 * Otherwise the page shows what it read before running it.
 */
import { SKIPPED_LISTED, statementReader, type ReadStatement, type SkippedText, type StatementReader } from './paste-statements.ts';

export { SKIPPED_LISTED, type ReadStatement, type SkippedText } from './paste-statements.ts';

/** Fence tags read as SQL. */
const SQL_TAGS = new Set([
  'sql',
  'sqlite',
  'sqlite3',
  'postgres',
  'postgresql',
  'psql',
  'pgsql',
  'plpgsql',
  'mysql',
  'mariadb',
  'tsql',
  'mssql',
  'plsql',
  'oracle',
  'duckdb',
  'bigquery',
  'snowflake',
  'hive',
  'hql',
  'spark',
  'sparksql',
  'presto',
  'trino',
  'redshift',
  'athena',
]);

/** An opening fence: indentation (or a quote's `>`), the fence, its info string. */
const OPEN_FENCE = /^(\s*(?:>\s?)?)(`{3,}|~{3,})\s*(.*)$/;
/** A one-line fenced query: ```sql SELECT 1``` (no newline after the opening fence). */
const ONE_LINE_FENCE = /^\s*```(?:(?:sql|sqlite)\b)?\s*(.+?)\s*```\s*$/i;

export interface PasteReading {
  readonly statements: readonly ReadStatement[];
  /** The first SKIPPED_LISTED pieces left out (prose, code in another language), and how many there were. */
  readonly skipped: readonly SkippedText[];
  readonly skippedCount: number;
  /** Fenced code blocks read as SQL. */
  readonly blocks: number;
  /** True when the text was SQL as it stands: no block, nothing skipped, nothing taken off. */
  readonly plain: boolean;
}

/** The lines of a text, one at a time, without splitting all of it first. */
function* linesOf(text: string): Generator<string> {
  let at = 0;
  while (at <= text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    yield text.slice(at, end > at && text[end - 1] === '\r' ? end - 1 : end);
    if (nl < 0) return;
    at = nl + 1;
  }
}

/** An open fenced block: how it closes, what it strips from its lines, and how it is read (null: left out). */
interface Block {
  readonly close: RegExp;
  readonly indent: string;
  readonly reader: StatementReader | null;
  readonly tag: string;
  readonly line: number;
  any: boolean;
}

/** A block's line without the indentation (or quote marker) of its opening fence. */
function stripIndent(line: string, indent: string): string {
  if (indent.includes('>')) return line.replace(/^\s*>\s?/, '');
  let k = 0;
  while (k < indent.length && k < line.length && /\s/.test(line[k]!)) k++;
  return line.slice(k);
}

/**
 * Reads pasted text (not JSON lines) into SQL statements; reading stops once
 * `limit` statements are read.
 *
 * @example
 * const r = readPastedSql('Here you go:\n```sql\nSELECT name\nFROM singer;\n```\nThis lists every singer.');
 * r.statements; // [{ sql: 'SELECT name\nFROM singer', line: 3, semicolon: true }]
 * r.plain;      // false: a block, and prose left out
 */
export function readPastedSql(text: string, limit = Infinity): PasteReading {
  const statements: ReadStatement[] = [];
  const skipped: SkippedText[] = [];
  let skippedCount = 0;
  let blocks = 0;
  let decorated = false;
  const take = (reader: StatementReader, fenced: boolean): void => {
    const r = reader.end();
    if (fenced && r.statements.length > 0) blocks++;
    for (const x of r.statements) statements.push(x);
    skippedCount += r.skippedCount;
    for (const x of r.skipped.slice(0, Math.max(0, SKIPPED_LISTED - skipped.length))) skipped.push(x);
    decorated ||= r.decorated || fenced;
  };
  let outside = statementReader('mixed', limit);
  let block: Block | null = null;
  let n = 0;
  for (const line of linesOf(text)) {
    n++;
    if (statements.length >= limit) break;
    const left = limit - statements.length;
    if (block !== null) {
      if (block.close.test(line)) {
        if (block.reader !== null) take(block.reader, true);
        else if (block.any) {
          skippedCount++;
          if (skipped.length < SKIPPED_LISTED) skipped.push({ line: block.line, text: block.tag, kind: 'code' });
        }
        block = null;
        outside = statementReader('mixed', left);
      } else {
        block.any ||= line.trim() !== '';
        block.reader?.line(stripIndent(line, block.indent), n);
      }
      continue;
    }
    const one = ONE_LINE_FENCE.exec(line);
    const open = one === null ? OPEN_FENCE.exec(line) : null;
    if (one === null && (open === null || (open[2]![0] === '`' && open[3]!.includes('`')))) {
      if (!outside.line(line, n)) break;
      continue;
    }
    take(outside, false);
    if (one !== null) {
      const r = statementReader('mixed', left);
      r.line(one[1]!, n);
      take(r, true);
      outside = statementReader('mixed', limit - statements.length);
      continue;
    }
    const fence = open![2]!;
    const tag = (open![3]!.trim().split(/\s+/)[0] ?? '')
      .toLowerCase()
      .replace(/^\{?\.?/, '')
      .replace(/\}$/, '');
    const mode = tag === '' ? 'mixed' : SQL_TAGS.has(tag) ? 'sql' : null;
    const close = new RegExp(`^\\s*(?:>\\s?)?${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    block = { close, indent: open![1]!, reader: mode === null ? null : statementReader(mode, left), tag, line: n, any: false };
  }
  // An unclosed block runs to the end of the text (CommonMark).
  if (block?.reader) take(block.reader, true);
  else if (block?.any) {
    skippedCount++;
    if (skipped.length < SKIPPED_LISTED) skipped.push({ line: block.line, text: block.tag, kind: 'code' });
  }
  if (block === null) take(outside, false);
  return { statements: statements.slice(0, limit), skipped, skippedCount, blocks, plain: !decorated && skippedCount === 0 };
}
