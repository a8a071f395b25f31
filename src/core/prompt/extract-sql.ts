/**
 * Pulls the SQL query out of a model's reply. Small models wrap their answer in
 * many ways: a ```sql fence, several fences (an answer and a variant), prose
 * before and after, a `SQL:` label, a trailing semicolon, a `<think>` block.
 * The rule, in order:
 *   1. drop `<think>…</think>` blocks;
 *   2. the first code fence (``` or ~~~, closed or cut off by the token limit)
 *      whose body looks like SQL, its language tag removed;
 *   3. otherwise the text after a `SQL:`/`Query:` label, or the first SELECT/WITH
 *      that starts a line (or is written in capitals), up to a blank line;
 * then the first statement only (up to a `;` outside quotes and comments),
 * trimmed, without leading comments or a `SQL:` label. No SQL → `null`.
 */
import { statementEnd } from './statement-end.ts';

const SQL_START = /^\(*\s*(SELECT|WITH|VALUES|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|EXPLAIN)\b/i;
const LABEL = /^(?:SQL(?:ite)?(?: query)?|Query)\s*:\s*/i;
const LANG_TAG = /^[A-Za-z0-9_+-]*$/;
const INLINE_TAG = /^(?:sql|sqlite)\s+/i;
const FENCE = /(```|~~~)((?:(?!\1)[^\n])*)\n?([\s\S]*?)(?:\1|$)/g;
/**
 * Where SQL may start outside fences: after a label, at a capitalized SELECT or
 * WITH, or at the very start of a reply that is a bare (even lower-case) query.
 * Lower-case "select"/"with" elsewhere is prose ("Select the names…").
 */
const PROSE_START = [/(?:^|\n)[ \t>*-]*(?:SQL(?:ite)?(?: query)?|Query)\s*:\s*/i, /\b(?=(?:SELECT|WITH)\s)/, /^\s*(?=(?:select|with)\s)/i];

/** Removes leading whitespace, `--`/block comments and a `SQL:` label. */
function stripLead(text: string): string {
  let s = text.trimStart();
  for (;;) {
    if (s.startsWith('--')) {
      const nl = s.indexOf('\n');
      s = nl < 0 ? '' : s.slice(nl + 1).trimStart();
    } else if (s.startsWith('/*')) {
      const close = s.indexOf('*/');
      s = close < 0 ? '' : s.slice(close + 2).trimStart();
    } else if (LABEL.test(s)) {
      s = s.replace(LABEL, '').trimStart();
    } else {
      return s;
    }
  }
}

/** True when the text (after comments and a label) starts with a SQL statement keyword. */
export function looksLikeSql(text: string): boolean {
  return SQL_START.test(stripLead(text));
}

/** The first statement of an SQL-looking text, or null. */
function firstStatement(text: string, prose: boolean, inBackticks: boolean): string | null {
  const body = stripLead(text);
  if (!SQL_START.test(body)) return null;
  const end = statementEnd(body, { atBlankLine: prose, atBacktick: inBackticks });
  const sql = body.slice(0, end).trim();
  return sql === '' ? null : sql;
}

/** Body of a fence without its language tag line (`sql`, `sqlite`, empty …). */
function fenceBody(info: string, rest: string): string {
  const tag = info.trim();
  if (LANG_TAG.test(tag) && !SQL_START.test(tag)) return rest;
  // No newline after the opening fence: `` ```sql SELECT 1``` `` or `` ```SELECT 1``` ``.
  return `${tag.replace(INLINE_TAG, '')}\n${rest}`;
}

/**
 * Extracts one SQL query from a model's raw reply, or `null` when it holds none.
 *
 * @example
 * extractSql('Here it is:\n```sql\nSELECT count(*) FROM singer;\n```\nThis counts rows.')
 * // 'SELECT count(*) FROM singer'
 * extractSql('I cannot answer that.') // null
 */
export function extractSql(raw: string): string | null {
  const text = raw.replace(/<think>[\s\S]*?(?:<\/think>|$)/g, '').replace(/\r\n?/g, '\n');
  for (const m of text.matchAll(FENCE)) {
    const sql = firstStatement(fenceBody(m[2] ?? '', m[3] ?? ''), false, false);
    if (sql !== null) return sql;
  }
  const outside = text.replace(FENCE, '\n\n');
  let start = -1;
  let at = Infinity;
  for (const re of PROSE_START) {
    const m = re.exec(outside);
    if (m !== null && m.index < at) {
      at = m.index;
      start = m.index + m[0].length;
    }
  }
  if (start < 0) return null;
  return firstStatement(outside.slice(start), true, outside[start - 1] === '`');
}
