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
  const statements: ReadStatement[] = [];
  const skipped: SkippedText[] = [];
  let skippedCount = 0;
  const skip = (x: SkippedText): void => {
    skippedCount++;
    if (skipped.length < SKIPPED_LISTED) skipped.push(x);
  };
  let decorated = false;
  let open: Open | null = null;
  let comments: { text: string; line: number }[] = [];
  let commentState = START;
  const push = (sql: string, line: number, semicolon: boolean): void => {
    if (sql.trim() !== '') statements.push({ sql: sql.trim(), line, semicolon });
  };
  const flush = (): void => {
    if (open !== null && open.state.tokens > 0) push(open.text, open.line, false);
    open = null;
  };
  const takeComments = (): string[] => {
    const out = comments.map((c) => c.text);
    comments = [];
    commentState = START;
    return out;
  };
  /** Adds `text` to the open statement (or opens one); a `;` ends it, and what follows is read again as a new line. */
  const add = (text: string, line: number, closed: boolean): void => {
    const base: Open = open ?? { text: '', line, closed, state: START };
    const r = feed(base.state, text);
    const joined = base.text === '' ? text : `${base.text}\n${text}`;
    if (r.semicolon === null) {
      open = { ...base, text: joined, state: r.state };
      return;
    }
    const cut = joined.length - text.length + r.semicolon;
    open = null;
    if (r.state.tokens > 0) push(joined.slice(0, cut), base.line, true);
    const rest = text.slice(r.semicolon + 1);
    if (rest.trim() !== '' && commentLine(rest, START) === null && statements.length < limit) fresh(rest, line);
  };
  /** A line that does not go on with an open statement: a new statement, or prose. */
  const fresh = (text: string, line: number): void => {
    const u = mode === 'sql' ? { body: text.trimStart(), decorated: false, closed: false } : undecorate(text);
    if (mode === 'mixed' && !startsStatement(u.body)) {
      for (const c of comments) skip({ ...c, kind: 'prose' });
      takeComments();
      skip({ line, text: text.trim(), kind: 'prose' });
      return;
    }
    decorated ||= u.decorated;
    const start = comments[0]?.line ?? line;
    const lead = takeComments();
    for (const c of lead) add(c, start, false);
    add(u.body, start, u.closed);
  };
  return {
    line(text, line) {
      if (statements.length >= limit) return false;
      const cur = open as Open | null;
      const done = cur === null || cur.closed || complete(cur.state);
      if (text.trim() === '' && commentState.open === null) {
        if (done) flush();
        else cur!.text += '\n';
        return true;
      }
      const asComment = done ? commentLine(text, commentState) : null;
      if (asComment !== null || commentState.open !== null) {
        comments.push({ text: commentState.open === null ? text.trim() : text, line });
        commentState = asComment ?? feed(commentState, text).state;
        return true;
      }
      if (cur !== null && !cur.closed && (!done || continues(text, mode))) {
        for (const c of takeComments()) add(c, cur.line, false);
        add(text, cur.line, false);
      } else {
        flush();
        fresh(text, line);
      }
      return statements.length < limit;
    },
    end() {
      if (statements.length < limit) flush();
      for (const c of comments) skip({ ...c, kind: 'prose' });
      comments = [];
      return { statements, skipped, skippedCount, decorated };
    },
  };
}
