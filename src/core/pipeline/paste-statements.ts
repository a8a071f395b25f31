/**
 * SQL statements from a run of lines (one code block, or the text between
 * blocks), read as a person reads them: a statement ends at its `;` (outside
 * quotes and comments, as SQLite's tokenizer finds it), or, without one, at
 * the end of its last line once it is complete and the next line does not go
 * on with it. A line goes on with a statement when the statement is not yet
 * complete (an open parenthesis, quote or comment; a last word such as FROM,
 * AND, a comma or an operator; a WITH without its main query: paste-state.ts)
 * or when the line starts with a clause (FROM, WHERE, JOIN, ORDER, UNION,
 * AND, `)` …) and does not read as a sentence. Comment lines go with the
 * statement they precede. In `mixed` text a line that starts no statement is
 * prose and is left out (listed as skipped); in a `sql` block every line is
 * SQL. Each character is read once; reading stops after `limit` statements.
 */
import { complete, feed, START, type SqlRunState } from './paste-state.ts';
import { readsAsSentence, startsStatement, undecorate } from './paste-lines.ts';

/** A statement read, with the 1-based line it starts on. */
export interface ReadStatement {
  readonly sql: string;
  readonly line: number;
  /** True when a `;` ended it. */
  readonly semicolon: boolean;
}

/** Text left out: prose, or a code block that is not SQL. */
export interface SkippedText {
  readonly line: number;
  readonly text: string;
  readonly kind: 'prose' | 'code';
}

/** At most this many left-out pieces are listed (all are counted). */
export const SKIPPED_LISTED = 50;

export interface StatementsRead {
  readonly statements: readonly ReadStatement[];
  /** The first SKIPPED_LISTED pieces left out, and how many there were. */
  readonly skipped: readonly SkippedText[];
  readonly skippedCount: number;
  /** True when a list marker, label or backticks were taken off some line. */
  readonly decorated: boolean;
}

/** Words a line can start with when it goes on with the statement above it. */
const CLAUSES =
  /^(from|where|group|order|having|limit|offset|join|inner|left|right|full|cross|natural|outer|on|using|union|intersect|except|and|or|window|as|asc|desc|collate|when|then|else|end|partition|over|filter)\b/i;

/** True when `line` goes on with a complete statement above it: a clause or an operator first, and, among prose, not a sentence or a list item. */
function continues(line: string, mode: 'sql' | 'mixed'): boolean {
  const text = line.trim();
  if (!CLAUSES.test(text) && !/^(?:[),|=<>/%]|[-+*](?![\s*]))/.test(text)) return false;
  return mode === 'sql' || !readsAsSentence(text);
}

/** A line that holds only comments (a block comment it opens may run on). */
const commentLine = (line: string, state: SqlRunState): SqlRunState | null => {
  if (state.open === null && !/^\s*(?:--|\/\*)/.test(line)) return null;
  const r = feed(state, line);
  return r.semicolon === null && r.state.tokens === 0 && line.trim() !== '' ? r.state : null;
};

/** The statement being read: its text so far, its first line, whether it is closed (inline code ends with its backticks), its state. */
interface Open {
  text: string;
  line: number;
  closed: boolean;
  state: SqlRunState;
}

/** Reads lines one at a time (`line`), then `end()` gives what was read. */
export interface StatementReader {
  /** Reads one line (its 1-based number `n`); false once `limit` statements are read (stop feeding). */
  line(text: string, n: number): boolean;
  end(): StatementsRead;
}

/** What a reader holds between lines. */
interface Reading {
  readonly mode: 'sql' | 'mixed';
  readonly limit: number;
  readonly statements: ReadStatement[];
  readonly skipped: SkippedText[];
  skippedCount: number;
  decorated: boolean;
  open: Open | null;
  /** Comment lines waiting for the statement they precede, and the state across them (a block comment may run on). */
  comments: { text: string; line: number }[];
  commentState: SqlRunState;
}

/**
 * A reader of statements, fed one line at a time; it stops taking lines
 * once `limit` statements are read.
 *
 * @example
 * const r = statementReader('mixed');
 * ['Here it is:', 'SELECT name', 'FROM t', 'It lists names.'].forEach((l, i) => r.line(l, i + 1));
 * r.end().statements; // [{ sql: 'SELECT name\nFROM t', line: 2, semicolon: false }]
 */
export function statementReader(mode: 'sql' | 'mixed', limit = Infinity): StatementReader {
  const r: Reading = { mode, limit, statements: [], skipped: [], skippedCount: 0, decorated: false, open: null, comments: [], commentState: START };
  return {
    line: (text, line) => readLine(r, text, line),
    end() {
      if (r.statements.length < limit) flush(r);
      for (const c of r.comments) skip(r, { ...c, kind: 'prose' });
      r.comments = [];
      return { statements: r.statements, skipped: r.skipped, skippedCount: r.skippedCount, decorated: r.decorated };
    },
  };
}

/** Reads one line: a blank line ends a complete statement, a comment line waits for the statement it precedes, any other line goes on with the open statement or starts a new one. */
function readLine(r: Reading, text: string, line: number): boolean {
  if (r.statements.length >= r.limit) return false;
  const cur = r.open;
  const done = cur === null || cur.closed || complete(cur.state);
  if (text.trim() === '' && r.commentState.open === null) {
    if (done) flush(r);
    else cur!.text += '\n';
    return true;
  }
  const asComment = done ? commentLine(text, r.commentState) : null;
  if (asComment !== null || r.commentState.open !== null) {
    r.comments.push({ text: r.commentState.open === null ? text.trim() : text, line });
    r.commentState = asComment ?? feed(r.commentState, text).state;
    return true;
  }
  if (cur !== null && !cur.closed && (!done || continues(text, r.mode))) {
    for (const c of takeComments(r)) add(r, c, cur.line, false);
    add(r, text, cur.line, false);
  } else {
    flush(r);
    fresh(r, text, line);
  }
  return r.statements.length < r.limit;
}

/** Counts a piece left out, and lists it while fewer than SKIPPED_LISTED are. */
function skip(r: Reading, x: SkippedText): void {
  r.skippedCount++;
  if (r.skipped.length < SKIPPED_LISTED) r.skipped.push(x);
}

/** Keeps a statement read (trimmed), unless it is blank. */
function push(r: Reading, sql: string, line: number, semicolon: boolean): void {
  if (sql.trim() !== '') r.statements.push({ sql: sql.trim(), line, semicolon });
}

/** Ends the open statement without a `;` (kept if it has a token). */
function flush(r: Reading): void {
  if (r.open !== null && r.open.state.tokens > 0) push(r, r.open.text, r.open.line, false);
  r.open = null;
}

/** The waiting comment lines, taken (none wait after). */
function takeComments(r: Reading): string[] {
  const out = r.comments.map((c) => c.text);
  r.comments = [];
  r.commentState = START;
  return out;
}

/** Adds `text` to the open statement (or opens one); a `;` ends it, and what follows is read again as a new line. */
function add(r: Reading, text: string, line: number, closed: boolean): void {
  const base: Open = r.open ?? { text: '', line, closed, state: START };
  const fed = feed(base.state, text);
  const joined = base.text === '' ? text : `${base.text}\n${text}`;
  if (fed.semicolon === null) {
    r.open = { ...base, text: joined, state: fed.state };
    return;
  }
  const cut = joined.length - text.length + fed.semicolon;
  r.open = null;
  if (fed.state.tokens > 0) push(r, joined.slice(0, cut), base.line, true);
  const rest = text.slice(fed.semicolon + 1);
  if (rest.trim() !== '' && commentLine(rest, START) === null && r.statements.length < r.limit) fresh(r, rest, line);
}

/** A line that does not go on with an open statement: a new statement, or prose. */
function fresh(r: Reading, text: string, line: number): void {
  const u = r.mode === 'sql' ? { body: text.trimStart(), decorated: false, closed: false } : undecorate(text);
  if (r.mode === 'mixed' && !startsStatement(u.body)) {
    for (const c of r.comments) skip(r, { ...c, kind: 'prose' });
    takeComments(r);
    skip(r, { line, text: text.trim(), kind: 'prose' });
    return;
  }
  r.decorated ||= u.decorated;
  const start = r.comments[0]?.line ?? line;
  const lead = takeComments(r);
  for (const c of lead) add(r, c, start, false);
  add(r, u.body, start, u.closed);
}
