/**
 * A small SQL lexer for the ORM featurizer. It never fails: any text becomes
 * a token list, so candidates that do not parse still get features.
 *
 * Token kinds: `kw` (a keyword from {@link SQL_KEYWORDS}, lowercased), `fn`
 * (a non-keyword name followed by `(`, lowercased), `id` (an identifier:
 * bare, backquoted or bracketed; case kept), `num` (a numeric literal),
 * `str` (a single-quoted literal), `dq` (a double-quoted text standing where
 * a value stands, see {@link lexSql}: a string in SQLite unless it names a
 * column, decided later against the schema), `op` (operators and
 * punctuation; `<>` is written `!=` and `==` is written `=`). Any other
 * double-quoted text is an identifier (`id`): printers quote every name.
 */

/** SQL words the featurizer treats as keywords (lowercase). */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set([
  'select', 'from', 'where', 'join', 'inner', 'left', 'right', 'outer', 'cross', 'natural', 'on', 'using',
  'as', 'and', 'or', 'not', 'in', 'exists', 'like', 'glob', 'between', 'is', 'null', 'group', 'by',
  'having', 'order', 'asc', 'desc', 'limit', 'offset', 'distinct', 'all', 'union', 'intersect', 'except',
  'case', 'when', 'then', 'else', 'end', 'count', 'sum', 'avg', 'min', 'max', 'cast', 'with', 'collate',
  'nocase', 'true', 'false', 'escape', 'over', 'partition', 'filter',
]);

export type SqlTokenKind = 'kw' | 'fn' | 'id' | 'num' | 'str' | 'dq' | 'op';

/** One lexed token; `text` is the literal's content for `str` and `dq`. */
export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly text: string;
}

const OPS2 = new Set(['<=', '>=', '!=', '<>', '==', '||']);

function readQuoted(sql: string, start: number, close: string): [string, number] {
  let out = '';
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === close) {
      if (sql[i + 1] === close && close !== ']') {
        out += c;
        i += 2;
        continue;
      }
      return [out, i + 1];
    }
    out += c;
    i++;
  }
  return [out, i];
}

const COMPARE = new Set(['=', '!=', '<', '>', '<=', '>=', 'like', 'glob', 'is', 'between', 'not']);

/**
 * Which `"x"` texts stand where a value stands: right after a comparison or
 * LIKE/GLOB/IS/BETWEEN (or the AND of a BETWEEN), or inside an IN list, and
 * not followed by `.` (a qualifier is a name).
 */
function valuePositions(out: readonly SqlToken[], quotedDouble: readonly boolean[]): boolean[] {
  const inList: boolean[] = [];
  return out.map((t, i) => {
    const prev = out[i - 1];
    if (t.text === '(' && t.kind === 'op') inList.push(prev?.text === 'in');
    if (t.text === ')' && t.kind === 'op') inList.pop();
    if (!quotedDouble[i] || prev === undefined || out[i + 1]?.text === '.') return false;
    if (prev.kind === 'op' || prev.kind === 'kw') {
      if (COMPARE.has(prev.text) && prev.text !== 'not') return true;
      if (prev.text === 'and' && out[i - 3]?.text === 'between') return true;
      if ((prev.text === '(' || prev.text === ',') && inList[inList.length - 1] === true) return true;
    }
    return false;
  });
}

/**
 * Lexes SQL text into tokens (comments and whitespace dropped). A
 * double-quoted text is `dq` only in a value position (after `=`, `LIKE`,
 * `BETWEEN … AND`, inside `IN (…)`, …), else `id`: `"singer"."name"` and
 * `SELECT "name"` are names however they are quoted.
 *
 * @example
 * lexSql("SELECT count(*) FROM t WHERE a = 'x'").map((t) => t.kind);
 * // ['kw', 'kw', 'op', 'op', 'op', 'kw', 'id', 'kw', 'id', 'op', 'str']
 */
export function lexSql(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  const quotedDouble: boolean[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '-' && sql[i + 1] === '-') { while (i < sql.length && sql[i] !== '\n') i++; continue; }
    if (c === '/' && sql[i + 1] === '*') { const e = sql.indexOf('*/', i + 2); i = e < 0 ? sql.length : e + 2; continue; }
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const [text, next] = readQuoted(sql, i, c === '[' ? ']' : c);
      out.push({ kind: c === "'" ? 'str' : 'id', text });
      quotedDouble[out.length - 1] = c === '"';
      i = next;
      continue;
    }
    const num = /^(\d+\.?\d*(e[+-]?\d+)?|\.\d+(e[+-]?\d+)?)/i.exec(sql.slice(i, i + 64));
    if (num) { out.push({ kind: 'num', text: num[0] }); i += num[0].length; continue; }
    const word = /^[\p{L}_][\p{L}\p{N}_$]*/u.exec(sql.slice(i, i + 256));
    if (word) {
      const lower = word[0].toLowerCase();
      i += word[0].length;
      let j = i;
      while (j < sql.length && /\s/.test(sql[j]!)) j++;
      if (SQL_KEYWORDS.has(lower)) out.push({ kind: 'kw', text: lower });
      else if (sql[j] === '(') out.push({ kind: 'fn', text: lower });
      else out.push({ kind: 'id', text: word[0] });
      continue;
    }
    const two = sql.slice(i, i + 2);
    if (OPS2.has(two)) {
      out.push({ kind: 'op', text: two === '<>' ? '!=' : two === '==' ? '=' : two });
      i += 2;
      continue;
    }
    out.push({ kind: 'op', text: c });
    i++;
  }
  const values = valuePositions(out, quotedDouble);
  return out.map((t, k) => (values[k] ? { kind: 'dq', text: t.text } : t));
}
