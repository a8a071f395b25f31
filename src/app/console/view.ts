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
import type { ExecOutcome } from '../../core/exec/types.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { consoleFailure, limitWords, TIME_LIMITS_MS } from './failure.ts';
import { readConsoleDraft, readHistory, remember, saveConsoleDraft, type HistoryEntry } from './history.ts';
import { pickStatement, type PickedStatement } from './statements.ts';
import type { DatabaseController, OpenDatabase } from '../database/database.ts';
import { renameIdentifier } from '../../core/sql/did-you-mean.ts';
import { el, replace } from '../ui/dom.ts';
import { formatMs, plural, shortName } from '../ui/format.ts';
import { resultActions } from '../results/actions.ts';
import { resultChart } from '../results/chart.ts';
import { resultTable } from '../results/table.ts';
import type { RouteCause } from '../router.ts';
import { sqlEditorSlot } from '../ui/sql-editor-slot.ts';
import { pageStorage, readStored } from '../stored.ts';

export { missingTables, TIME_LIMITS_MS } from './failure.ts';

const TIME_LIMIT_KEY = 'confide.console-time-limit';
/** Longest query put into a link (longer ones stay out of the URL). */
export const LINK_MAX_CHARS = 8_000;
/** The editor's text the first time, before any query was run here. */
const FIRST_QUERY = "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')";

/** Characters of a query the history list shows (the whole query goes back into the editor). */
const HISTORY_SHOWN_CHARS = 300;

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

/** Who started a run: a person (Run, Ctrl+Enter, a button), a link (opened with the page, followed or typed), or Back/Forward to a query run here. */
type RunCause = 'person' | 'link' | 'history';

/** The time limit chosen last in this browser, or the default. */
function storedLimit(): number {
  const v = readStored(pageStorage('local'), TIME_LIMIT_KEY, 'the console time limit chosen last', (raw) =>
    (TIME_LIMITS_MS as readonly number[]).includes(Number(raw))
      ? { ok: true, value: Number(raw) }
      : { ok: false, why: `${raw.slice(0, 40)} is not one of the limits offered` },
  );
  return v ?? TIME_LIMITS_MS[0];
}

/**
 * Builds the console.
 *
 * @example
 * const consolePanel = consoleView(pool, dbs, { onQuery: (p, how) => router[how]('console', p) });
 * section.append(consolePanel.element);
 */
export function consoleView(pool: SqlPool, dbs: DatabaseController, options: ConsoleOptions): ConsoleView {
  let history = readHistory(pageStorage('local'));
  const editor = sqlEditorSlot({
    doc: readConsoleDraft(pageStorage('local')) ?? history[0]?.sql ?? FIRST_QUERY,
    labelledBy: 'console-sql-label',
    placeholder: 'SELECT … (Ctrl+Enter runs the statement under the cursor)',
    onRun: () => void execute('person'),
    onChange: (text) => saveConsoleDraft(pageStorage('local'), text),
  });
  const run = el('button', { type: 'submit', class: 'primary', id: 'console-run' }, 'Run');
  const limit = el(
    'select',
    { id: 'console-limit' },
    ...TIME_LIMITS_MS.map((ms) => el('option', { value: ms, selected: ms === storedLimit() }, limitWords(ms))),
  );
  const linkStatus = el('span', { class: 'muted', role: 'status', id: 'console-link-status' });
  const copyLink = el('button', { type: 'button', id: 'console-copy-link' }, 'Copy link');
  const linkNote = el('p', { class: 'notice shared-query', id: 'console-shared', hidden: true });
  const out = el('div', { class: 'console-out', 'aria-live': 'polite' });
  const historyList = el('ol', { class: 'console-history', id: 'console-history' });
  /** The URL's query (the editor's text when it ran) and which statement ran; '' before any. */
  let routed = '';
  let routedAt = 0;
  /** The text a link brought, while the editor still holds it. */
  let linked: string | null = null;
  /** A linked query waiting for a database: none was open, or the open one lacked its tables. */
  let waiting = false;

  const showHistory = (): void =>
    replace(
      historyList,
      ...history.map((h: HistoryEntry) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              class: 'link',
              title: 'Put this query back in the editor',
              onclick: () => {
                editor.setValue(h.sql);
                editor.focus();
              },
            },
            shortName(h.sql, HISTORY_SHOWN_CHARS),
          ),
          el('span', { class: 'muted history-db' }, h.db === null ? ' (database not recorded)' : ` on ${shortName(h.db)}`),
        ),
      ),
    );
  showHistory();
  const paramsOf = (text: string, at: number, count: number): Record<string, string> =>
    text === '' || text.length > LINK_MAX_CHARS ? {} : count > 1 ? { sql: text, at: String(at + 1) } : { sql: text };
  const chosenLimit = (): number => Number(limit.value);
  limit.addEventListener('change', () => {
    try {
      pageStorage('local').setItem(TIME_LIMIT_KEY, limit.value);
    } catch {
      // Storage off: the choice lasts for this page.
    }
  });

  /** "Ran on demo.sqlite in 3 ms." or "Ran statement 2 of 3 (under the cursor) on …". */
  const ranWords = (pick: PickedStatement, db: OpenDatabase, ms: number): string => {
    const which = pick.selected ? 'the selected text' : pick.count > 1 ? `statement ${pick.index + 1} of ${pick.count} (the one under the cursor)` : '';
    return `Ran ${which === '' ? '' : `${which} `}on ${db.name} in ${formatMs(ms)}.`;
  };

  const execute = async (cause: RunCause): Promise<void> => {
    const db = dbs.current;
    const text = editor.value();
    if (db === null) {
      if (text === linked) {
        waiting = true;
        replace(out, el('p', { class: 'muted' }, 'The linked query runs once a database is open.'));
      } else replace(out, el('p', { class: 'error' }, 'Open a database first.'));
      return;
    }
    const pick = pickStatement(text, cause === 'person' ? editor.selection() : { index: routedAt });
    waiting = false;
    const fromLink = text === linked;
    linkNote.hidden = !fromLink;
    if (fromLink)
      replace(
        linkNote,
        el('strong', {}, 'Query from a link'),
        ', run on ',
        el('strong', { class: 'db-name' }, db.name),
        '. A link carries the query only, never data; it runs on whichever database is open here.',
      );
    run.disabled = true;
    replace(out, el('p', { class: 'muted' }, `Running on ${db.name}…`));
    const r: ExecOutcome = await pool.run(db.key, pick.sql, { timeoutMs: chosenLimit() });
    run.disabled = false;
    if (pick.sql.trim() !== '') {
      history = remember(pageStorage('local'), history, { sql: pick.sql.trim(), db: db.name });
      showHistory();
    }
    const urlText = pick.selected ? pick.sql : text;
    if (cause !== 'history') options.onQuery(paramsOf(urlText, pick.index, pick.count), cause === 'person' && routed !== '' ? 'push' : 'replace');
    routed = urlText;
    routedAt = pick.index;
    if (r.ok) {
      replace(
        out,
        el('p', { class: 'muted', id: 'console-ran' }, ranWords(pick, db, r.ms)),
        resultTable(r, { label: 'Console result' }),
        resultActions({ sql: pick.sql, result: r, name: 'query-result' }),
        resultChart(r),
      );
      return;
    }
    const failed = consoleFailure(r, {
      db,
      sql: pick.sql,
      linked: fromLink,
      limitMs: chosenLimit(),
      raise(ms) {
        limit.value = String(ms);
        limit.dispatchEvent(new Event('change'));
        void execute('person');
      },
      rename(wrong, right) {
        const fixed = renameIdentifier(pick.sql, wrong, right);
        editor.setValue(text.slice(0, pick.start) + fixed + text.slice(pick.start + pick.sql.length), pick.from);
        void execute('person');
      },
    });
    waiting = failed.missing;
    replace(out, ...failed.elements, resultActions({ sql: pick.sql, name: 'query' }));
  };

  copyLink.addEventListener('click', () => {
    const text = editor.value();
    if (text.length > LINK_MAX_CHARS)
      return void (linkStatus.textContent = `The query is longer than ${plural(LINK_MAX_CHARS, 'character')}; too long for a link. Copy the SQL instead.`);
    const pick = pickStatement(text, editor.selection());
    const url = new URL(location.href);
    url.hash = `console?${new URLSearchParams(paramsOf(pick.selected ? pick.sql : text, pick.index, pick.count)).toString()}`;
    const link = url.href;
    const showLink = (): void =>
      replace(
        linkStatus,
        'The browser refused the clipboard; copy the link from here: ',
        el('input', { type: 'text', readonly: true, value: link, class: 'link-text', 'aria-label': 'Link to this query' }),
      );
    // No clipboard at all outside a secure context (plain http on another host).
    if (navigator.clipboard === undefined) return showLink();
    void navigator.clipboard.writeText(link).then(() => (linkStatus.textContent = 'Link copied. It holds the query only: no data, no file.'), showLink);
  });

  dbs.onChange((db) => {
    editor.setSchema(db.schema);
    if (waiting && editor.value() === linked) void execute('link');
  });
  if (dbs.current !== null) editor.setSchema(dbs.current.schema);

  const form = el(
    'form',
    { class: 'console-form' },
    el('label', { id: 'console-sql-label', onclick: () => editor.focus() }, 'SQL query (read-only; Ctrl+Enter runs the statement under the cursor)'),
    linkNote,
    editor.element,
    el('div', { class: 'row' }, run, el('span', {}, el('label', { for: 'console-limit' }, 'Time limit'), ' ', limit), copyLink, linkStatus),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void execute('person');
  });
  const element = el(
    'section',
    { class: 'console', 'aria-labelledby': 'console-heading' },
    el('h2', { id: 'console-heading' }, 'SQL console'),
    el(
      'p',
      { class: 'muted' },
      'Queries run read-only in a worker, with the time limit you choose (a longer one does not lift the memory cap); your file is never changed. With several statements, Run runs the one under the cursor.',
    ),
    form,
    out,
    el('details', { class: 'history' }, el('summary', {}, 'History (kept in this browser, with the database each query ran on)'), historyList),
  );
  return {
    element,
    params: () => paramsOf(routed, routedAt, pickStatement(routed, { index: routedAt }).count),
    shown: () => void editor.load(),
    route(params, cause) {
      const sql = params.get('sql');
      const at = Math.max(0, Number(params.get('at') ?? '1') - 1) || 0;
      if (sql === null || (sql === routed && at === routedAt && cause !== 'load')) return;
      if (cause === 'app' && sql === editor.value() && at === routedAt) return;
      if (sql.length > LINK_MAX_CHARS) {
        // No link the page makes is this long (Copy link refuses past the cap): say so rather than load megabytes into the editor.
        routed = sql;
        routedAt = at;
        linkNote.hidden = false;
        replace(
          linkNote,
          el('strong', {}, 'Query from a link, not opened'),
          `: it is ${plural(sql.length, 'character')} long, and a link carries a query of at most ${plural(LINK_MAX_CHARS, 'character')}. Paste the query into the editor instead if you trust it.`,
        );
        return;
      }
      routed = sql;
      routedAt = at;
      linked = cause === 'history' ? null : sql; // Back or Forward to a query run here is not a link
      editor.setValue(sql, pickStatement(sql, { index: at }).from);
      void execute(cause === 'history' ? 'history' : 'link');
    },
  };
}
