/**
 * The SQL console: a SQL editor (sql-editor.ts, loaded when the console is
 * first shown: highlighting, completion of the open database's tables, views
 * and columns, Ctrl+Enter or Cmd+Enter runs), queries run read-only in the
 * worker pool under a time limit the person chooses (5 s by default, up to 5
 * minutes; the memory cap stays), the rows (paginated, as text) or the error
 * with its code ("Did you mean …?" for a misspelt name), a chart of the rows,
 * copy the SQL or save the rows as CSV or JSON.
 *
 * With several statements in the editor, Run runs the one under the cursor
 * (or the selection; console-statements.ts) and says which. Each run is a
 * history entry (`#console?sql=…&at=2`: the editor's text, and which of its
 * statements ran), so Back and Forward step through the queries and show each
 * one's result again; "Copy link" copies it, and a link opened (or a hash
 * typed) puts its query in the editor and runs it on the database that is
 * open, whose name is shown beside it. A link carries the query only, never
 * data. When the open database lacks the tables a linked query names, the
 * console says which, and runs it again when another database is opened. The
 * editor's text is kept across a reload; the history (console-history.ts)
 * records the database each query ran on.
 */
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import type { RouteCause } from '../router.ts';
import { pageStorage } from '../stored.ts';
import { el, replace } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';
import { sqlEditorSlot } from '../ui/sql-editor-slot.ts';
import { consoleControls, consoleSection, keepLimit, showHistory } from './controls.ts';
import { copyQueryLink } from './copy-link.ts';
import { readConsoleDraft, readHistory, saveConsoleDraft } from './history.ts';
import { runQuery } from './run.ts';
import { type ConsoleSession, LINK_MAX_CHARS, paramsOf } from './session.ts';
import { pickStatement } from './statements.ts';

export { missingTables, TIME_LIMITS_MS } from './failure.ts';
export { LINK_MAX_CHARS } from './session.ts';

/** The editor's text the first time, before any query was run here. */
const FIRST_QUERY = "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')";

export interface ConsoleView {
  readonly element: HTMLElement;
  /** The URL parameters of the console's current query (`{sql, at?}`; empty when none has run). */
  params(): Record<string, string>;
  /** Called when the console is shown: loads the editor the first time. */
  shown(): void;
  /** Shows a route's parameters: a query from a link (or from Back/Forward) goes into the editor and runs. */
  route(params: URLSearchParams, cause: RouteCause): void;
}

export interface ConsoleOptions {
  /** Called with the console's new URL parameters after a run: `push` a new history entry, or `replace` the current one. */
  onQuery(params: Record<string, string>, how: 'push' | 'replace'): void;
}

/**
 * Builds the console.
 *
 * @example
 * const consolePanel = consoleView(sqlPool, dbs, { onQuery: (p, how) => router[how]('console', p) });
 * section.append(consolePanel.element);
 */
export function consoleView(sqlPool: SqlPool, dbs: DatabaseController, options: ConsoleOptions): ConsoleView {
  const history = readHistory(pageStorage('local'));
  const editor = sqlEditorSlot({
    doc: readConsoleDraft(pageStorage('local')) ?? history[0]?.sql ?? FIRST_QUERY,
    labelledBy: 'console-sql-label',
    placeholder: 'SELECT … (Ctrl+Enter runs the statement under the cursor)',
    onRun: () => void runQuery(s, 'person'),
    onChange: (text) => saveConsoleDraft(pageStorage('local'), text),
  });
  const controls = consoleControls();
  const s: ConsoleSession = {
    sqlPool,
    dbs,
    editor,
    controls,
    onQuery: (p, how) => options.onQuery(p, how),
    history,
    routed: '',
    routedAt: 0,
    linked: null,
    waiting: false,
  };
  showHistory(controls.historyList, s.history, editor);
  keepLimit(controls.limit);
  controls.copyLink.addEventListener('click', () => copyQueryLink(s));
  dbs.onChange((db) => {
    editor.setSchema(db.schema);
    if (s.waiting && editor.value() === s.linked) void runQuery(s, 'link');
  });
  if (dbs.current !== null) editor.setSchema(dbs.current.schema);
  return {
    element: consoleSection(controls, editor, () => void runQuery(s, 'person')),
    params: () => paramsOf(s.routed, s.routedAt, pickStatement(s.routed, { index: s.routedAt }).count),
    shown: () => void editor.load(),
    route: (params, cause) => routeQuery(s, params, cause),
  };
}

/** A route's query: into the editor and run (unless it is the one shown already); one too long for a link is named, not opened. */
function routeQuery(s: ConsoleSession, params: URLSearchParams, cause: RouteCause): void {
  const sql = params.get('sql');
  const at = Math.max(0, Number(params.get('at') ?? '1') - 1) || 0;
  if (sql === null || (sql === s.routed && at === s.routedAt && cause !== 'load')) return;
  if (cause === 'app' && sql === s.editor.value() && at === s.routedAt) return;
  if (sql.length > LINK_MAX_CHARS) {
    // No link the page makes is this long (Copy link refuses past the cap): say so rather than load megabytes into the editor.
    s.routed = sql;
    s.routedAt = at;
    s.controls.linkNote.hidden = false;
    replace(
      s.controls.linkNote,
      el('strong', {}, 'Query from a link, not opened'),
      `: it is ${plural(sql.length, 'character')} long, and a link carries a query of at most ${plural(LINK_MAX_CHARS, 'character')}. Paste the query into the editor instead if you trust it.`,
    );
    return;
  }
  s.routed = sql;
  s.routedAt = at;
  s.linked = cause === 'history' ? null : sql; // Back or Forward to a query run here is not a link
  s.editor.setValue(sql, pickStatement(sql, { index: at }).from);
  void runQuery(s, cause === 'history' ? 'history' : 'link');
}
