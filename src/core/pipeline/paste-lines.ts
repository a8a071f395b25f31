/**
 * One line of pasted text as the SQL reader sees it: whether it starts a SQL
 * statement (a statement keyword, not an English sentence that happens to
 * begin with "Select" or "With"), and what decorates it in a chat reply or a
 * list (a list marker, a `Query 2:` label, `inline code` backticks), which is
 * taken off before the SQL is read. Heuristics over text, no parser: each
 * rule says what it recognises.
 */

/** Keywords a SQL statement starts with (after any opening parentheses). */
const STATEMENT_START =
  /^\(*\s*(select|with|values|insert|update|delete|replace|create|drop|alter|pragma|explain|attach|detach|begin|commit|rollback|savepoint|release|vacuum|analyze|reindex)\b/i;

/**
 * Words that follow a sentence's first word, never a statement keyword's in
 * SQL people write ("Select the rows…", "Update your query…", "Create an
 * index…"). Read only when the keyword is written as a sentence starts
 * (capital, then lower case): `SELECT a FROM t` and `select a from t` are SQL.
 */
const SENTENCE_FOLLOWERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'your',
  'my',
  'our',
  'their',
  'its',
  'his',
  'her',
  'each',
  'every',
  'some',
  'any',
  'which',
  'what',
  'who',
  'how',
  'is',
  'are',
  'was',
  'were',
  'will',
  'would',
  'can',
  'could',
  'should',
  'you',
  'we',
  'i',
  'it',
  'they',
  'there',
  'here',
  'to',
  'of',
  'for',
  'only',
  'one',
  'two',
  'both',
  'either',
  'them',
  'me',
  'us',
  'him',
  'just',
  'also',
  'then',
  'now',
  'first',
  'next',
  'finally',
  'rows',
  'columns',
  'records',
  'data',
]);

/** `WITH` as SQL: a CTE name (bare or quoted), optional column list, then AS; or WITH / WITH RECURSIVE alone on its line. */
const WITH_CLAUSE = /^\(*\s*with\s*$|^\(*\s*with\s+(recursive\s+)?(?:"[^"]*"|`[^`]*`|\[[^\]]*\]|[A-Za-z_][\w$]*)\s*(?:\([^)]*\)\s*)?(?:as\b|$)/i;

/**
 * True when `body` (a line with its decorations taken off) starts a SQL
 * statement: it begins with a statement keyword, does not end like a
 * sentence's lead-in (`:`), and is not a sentence that starts with such a
 * word (a capitalised "Select"/"Update"… followed by an article or pronoun,
 * or ending in `.`, `!` or `?`; a "With" that is not `WITH name AS`).
 *
 * @example
 * startsStatement('SELECT name FROM t');        // true
 * startsStatement('Select the names of singers.'); // false
 * startsStatement('With this query you get:');  // false
 */
export function startsStatement(body: string): boolean {
  const m = STATEMENT_START.exec(body);
  if (m === null) return false;
  const text = body.trim();
  if (text.endsWith(':')) return false;
  const keyword = m[1]!;
  if (keyword.toLowerCase() === 'with') return WITH_CLAUSE.test(text);
  const sentenceCase = keyword[0] === keyword[0]!.toUpperCase() && keyword.slice(1) === keyword.slice(1).toLowerCase() && keyword.length > 1;
  if (!sentenceCase) return true;
  const next = /^\s*([A-Za-z']+)/.exec(body.slice(m.index + m[0].length))?.[1]?.toLowerCase();
  if (next !== undefined && SENTENCE_FOLLOWERS.has(next)) return false;
  return !/[.!?]$/.test(text);
}

/**
 * True when a line reads as an English sentence: its first word written as a
 * sentence starts (capital, then lower case) and followed by an article or
 * pronoun, or the line ending in `.`, `!`, `?` or `:`. "As you can see…",
 * "On the other hand…", "And that is all." are sentences; "ORDER BY age" and
 * "Order by age" are not.
 *
 * @example readsAsSentence('As you can see, it counts rows.'); // true
 */
export function readsAsSentence(line: string): boolean {
  const m = /^\s*([A-Za-z]+)\b\W*([A-Za-z']+)?/.exec(line);
  if (m === null) return false;
  const word = m[1]!;
  if (!(word[0] === word[0]!.toUpperCase() && word.slice(1) === word.slice(1).toLowerCase())) return false;
  return SENTENCE_FOLLOWERS.has((m[2] ?? '').toLowerCase()) || /[.!?:]$/.test(line.trim());
}

/** A list item's marker: `-`, `*`, `+`, `•`, `1.`, `1)`, `(1)`, `a)`. */
const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)]|\(\d{1,3}\)|[a-zA-Z]\))\s+/;
/** A block quote's `>`. */
const QUOTE_MARKER = /^\s*>\s?/;
/** A short label before the SQL on its line: `SQL:`, `Query 2:`, `**Answer:**`, `Option (b) -`. */
const LABEL = /^(?:\*\*|__)?[A-Za-z][\w .'#()/-]{0,40}?(?:\*\*|__)?\s*[:\u2013\u2014-]\s*(?:\*\*|__)?\s*/;
/** A whole query in inline code: `` `SELECT …` ``, optionally followed by text. */
const INLINE_CODE = /^(`{1,2})(?!`)(.+?)\1(?!`)/;

/** A line with its decorations taken off. */
export interface LineBody {
  /** The text left to read as SQL. */
  readonly body: string;
  /** True when something was taken off (a marker, a label, backticks): the reading was not plain. */
  readonly decorated: boolean;
  /** True when the SQL was inline code: it ends where the backticks close. */
  readonly closed: boolean;
}

/**
 * Takes off what decorates SQL on a line of a chat reply or a list: a block
 * quote's `>`, a list marker, a short label when SQL follows it, and the
 * backticks of inline code around a whole query. A line that is not SQL
 * once undecorated is returned as it was.
 *
 * @example
 * undecorate('2. `SELECT count(*) FROM t`'); // { body: 'SELECT count(*) FROM t', decorated: true, closed: true }
 * undecorate('**Query:** SELECT 1');         // { body: 'SELECT 1', decorated: true, closed: false }
 */
export function undecorate(line: string): LineBody {
  let body = line.replace(QUOTE_MARKER, '');
  body = body.replace(LIST_MARKER, '').trimStart();
  const labelled = LABEL.exec(body);
  if (labelled !== null && !startsStatement(body)) {
    const rest = body.slice(labelled[0].length);
    if (startsStatement(rest) || startsStatement(INLINE_CODE.exec(rest)?.[2] ?? '')) body = rest;
  }
  const code = INLINE_CODE.exec(body);
  if (code !== null && startsStatement(code[2]!)) return { body: code[2]!.trim(), decorated: true, closed: true };
  const decorated = body !== line.trimStart();
  return decorated && startsStatement(body) ? { body, decorated: true, closed: false } : { body: line.trimStart(), decorated: false, closed: false };
}
