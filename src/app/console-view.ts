/**
 * The SQL console: a SQL editor (sql-editor.ts, loaded when the console is
 * first shown: highlighting, completion of the open database's tables and
 * columns, Ctrl+Enter or Cmd+Enter runs),
 * queries run read-only in the worker pool under a time limit the person
 * chooses (5 s by default, up to 5 minutes; the memory cap stays), the rows
 * (paginated, as text) or the error with its code, a chart of the rows,
 * copy the SQL or save the rows as CSV or JSON.
 *
 * The query lives in the URL (`#console?sql=…`, router.ts): a query run here
 * rewrites it, "Copy link" copies it, and a link opened (or a hash typed, or
 * Back/Forward to another query) puts its query in the editor and runs it on
 * the database that is open, whose name is shown beside it. A link carries
 * the query only, never data. When the open database lacks the tables the
 * linked query names, the console says which, and runs it again when another
 * database is opened. The history (console-history.ts) records the database
 * each query ran on.
 */
import { queryUsage } from '../core/sql/usage.ts';
import type { ExecOutcome } from '../core/exec/types.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import { readHistory, remember, type HistoryEntry } from './console-history.ts';
import type { DatabaseController, OpenDatabase } from './database.ts';
import { el, replace } from './dom.ts';
import { formatMs, plural, shortName } from './format.ts';
import { resultActions } from './result-actions.ts';
import { resultChart } from './result-chart.ts';
import { resultTable } from './result-table.ts';
import type { RouteCause } from './router.ts';
import { sqlEditorSlot } from './sql-editor-slot.ts';
import { pageStorage, readStored } from './stored.ts';

/** The time limits offered, in ms; the first is the default. */
export const TIME_LIMITS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;
const TIME_LIMIT_KEY = 'confide.console-time-limit';
/** Longest query put into a link (longer ones stay out of the URL). */
export const LINK_MAX_CHARS = 8_000;

/** Characters of a query the history list shows (the whole query goes back into the editor). */
const HISTORY_SHOWN_CHARS = 300;

const limitWords = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`);

export interface ConsoleView {
  readonly element: HTMLElement;
  /** The URL parameters of the console's current query (`{sql}`; empty when none has run). */
  params(): Record<string, string>;
  /** Called when the console is shown: loads the editor the first time. */
  shown(): void;
  /** Shows a route's parameters: a query from a link (or from Back/Forward) goes into the editor and runs. */
  route(params: URLSearchParams, cause: RouteCause): void;
}

export interface ConsoleOptions {
  /** Called with the console's new URL parameters after each run (the router rewrites the hash). */
  onQuery(params: Record<string, string>): void;
}

/** The time limit chosen last in this browser, or the default. */
function storedLimit(): number {
  const v = readStored(pageStorage('local'), TIME_LIMIT_KEY, 'the console time limit chosen last', (raw) =>
    (TIME_LIMITS_MS as readonly number[]).includes(Number(raw)) ? { ok: true, value: Number(raw) } : { ok: false, why: `${raw.slice(0, 40)} is not one of the limits offered` });
  return v ?? TIME_LIMITS_MS[0];
}

/**
 * Tables a query names that `db` does not have (empty when it cannot tell).
 *
 * @example missingTables('SELECT * FROM tracks', demo); // ['tracks']
 */
export function missingTables(sql: string, db: Pick<OpenDatabase, 'schema'>): string[] {
  const have = new Set(db.schema.tables.map((t) => t.name.toLowerCase()));
  return (queryUsage(sql)?.tables ?? []).filter((t) => !have.has(t.toLowerCase()));
}

/**
 * Builds the console.
 *
 * @example
 * const consolePanel = consoleView(pool, dbs, { onQuery: (p) => router.replace('console', p) });
 * section.append(consolePanel.element);
 */
export function consoleView(pool: SqlPool, dbs: DatabaseController, options: ConsoleOptions): ConsoleView {
  const editor = sqlEditorSlot({
    doc: "SELECT name FROM sqlite_master WHERE type = 'table'",
    labelledBy: 'console-sql-label',
    placeholder: 'SELECT … (Ctrl+Enter runs it)',
    onRun: () => void execute(),
  });
  const run = el('button', { type: 'submit', class: 'primary', id: 'console-run' }, 'Run');
  const limit = el('select', { id: 'console-limit' }, ...TIME_LIMITS_MS.map((ms) => el('option', { value: ms, selected: ms === storedLimit() }, limitWords(ms))));
  const linkStatus = el('span', { class: 'muted', role: 'status', id: 'console-link-status' });
  const copyLink = el('button', { type: 'button', id: 'console-copy-link' }, 'Copy link');
  const linkNote = el('p', { class: 'notice shared-query', id: 'console-shared', hidden: true });
  const out = el('div', { class: 'console-out', 'aria-live': 'polite' });
  const historyList = el('ol', { class: 'console-history', id: 'console-history' });
  /** The query last put into the URL, by a run here or by a link. */
  let routed = '';
  /** The query a link brought, while the editor still holds it. */
  let linked: string | null = null;
  /** A linked query waiting for a database: none was open, or the open one lacked its tables. */
  let waiting = false;
  let history = readHistory(pageStorage('local'));

  const showHistory = (): void => replace(historyList, ...history.map((h: HistoryEntry) => el('li', {},
    el('button', { type: 'button', class: 'link', title: 'Put this query back in the editor', onclick: () => {
      editor.setValue(h.sql);
      editor.focus();
    } }, shortName(h.sql, HISTORY_SHOWN_CHARS)),
    el('span', { class: 'muted history-db' }, h.db === null ? ' (database not recorded)' : ` on ${shortName(h.db)}`),
  )));
  showHistory();
  const paramsOf = (sql: string): Record<string, string> => (sql === '' || sql.length > LINK_MAX_CHARS ? {} : { sql });
  const chosenLimit = (): number => Number(limit.value);
  limit.addEventListener('change', () => {
    try {
      pageStorage('local').setItem(TIME_LIMIT_KEY, limit.value);
    } catch {
      // Storage off: the choice lasts for this page.
    }
  });

  /** What a failure says; a time limit is a time limit, with the next one offered. */
  const failure = (sql: string, r: Extract<ExecOutcome, { ok: false }>, db: OpenDatabase): HTMLElement[] => {
    const code = el('span', { class: 'code' }, `(${r.error.code})`);
    if (r.error.code === 'TIMEOUT') {
      const now = chosenLimit();
      const next = TIME_LIMITS_MS.find((ms) => ms > now);
      return [el('div', { class: 'error', role: 'alert', id: 'console-timeout' },
        el('p', {}, `The query was still running when it reached the time limit of ${limitWords(now)}, so it was stopped (your file is untouched). `, code),
        next === undefined
          ? el('p', {}, `That is the longest limit offered. A query over a big file may finish sooner with a narrower WHERE, fewer rows joined, or a LIMIT.`)
          : el('p', {}, 'A query over a big file can simply need longer. ',
            el('button', { type: 'button', id: 'console-raise', onclick: () => {
              limit.value = String(next);
              limit.dispatchEvent(new Event('change'));
              void execute();
            } }, `Run again with ${limitWords(next)}`),
            ' (or choose another limit beside Run).'),
      )];
    }
    if (r.error.code === 'NO_SUCH_TABLE' && sql === linked) {
      const missing = missingTables(sql, db);
      waiting = true;
      return [el('div', { class: 'error', role: 'alert', id: 'console-missing' },
        el('p', {}, `${db.name} has no ${missing.length > 1 ? 'tables' : 'table'} ${missing.length > 0 ? missing.map((t) => `"${t}"`).join(', ') : 'of that name'}, which this linked query reads: it was probably written for another database. `, code),
        el('p', {}, 'A link carries only the query, never data: open the database it was made for, and the query runs there.'),
      )];
    }
    return [el('p', { class: 'error', role: 'alert' }, r.error.message, ' ', code)];
  };

  const execute = async (): Promise<void> => {
    const db = dbs.current;
    const sql = editor.value();
    if (db === null) {
      if (sql === linked) {
        waiting = true;
        replace(out, el('p', { class: 'muted' }, 'The linked query runs once a database is open.'));
      } else replace(out, el('p', { class: 'error' }, 'Open a database first.'));
      return;
    }
    waiting = false;
    const fromLink = sql === linked;
    linkNote.hidden = !fromLink;
    if (fromLink) replace(linkNote, el('strong', {}, 'Query from a link'), ', run on ', el('strong', { class: 'db-name' }, db.name), '. A link carries the query only, never data; it runs on whichever database is open here.');
    run.disabled = true;
    replace(out, el('p', { class: 'muted' }, `Running on ${db.name}…`));
    const r = await pool.run(db.key, sql, { timeoutMs: chosenLimit() });
    run.disabled = false;
    if (sql.trim() !== '') {
      history = remember(pageStorage('local'), history, { sql: sql.trim(), db: db.name });
      showHistory();
    }
    routed = sql;
    options.onQuery(paramsOf(sql));
    if (r.ok) {
      replace(out, el('p', { class: 'muted', id: 'console-ran' }, `Ran on ${db.name} in ${formatMs(r.ms)}.`), resultTable(r, { label: 'Console result' }), resultActions({ sql, result: r, name: 'query-result' }), resultChart(r));
    } else {
      replace(out, ...failure(sql, r, db), resultActions({ sql, name: 'query' }));
    }
  };

  copyLink.addEventListener('click', () => {
    const sql = editor.value();
    if (sql.length > LINK_MAX_CHARS) return void (linkStatus.textContent = `The query is longer than ${plural(LINK_MAX_CHARS, 'character')}; too long for a link. Copy the SQL instead.`);
    const url = new URL(location.href);
    url.hash = `console?${new URLSearchParams(paramsOf(sql)).toString()}`;
    const link = url.href;
    const showLink = (): void => replace(linkStatus, 'The browser refused the clipboard; copy the link from here: ', el('input', { type: 'text', readonly: true, value: link, class: 'link-text', 'aria-label': 'Link to this query' }));
    // No clipboard at all outside a secure context (plain http on another host).
    if (navigator.clipboard === undefined) return showLink();
    void navigator.clipboard.writeText(link).then(() => (linkStatus.textContent = 'Link copied. It holds the query only: no data, no file.'), showLink);
  });

  dbs.onChange((db) => {
    editor.setSchema(db.schema);
    if (waiting && editor.value() === linked) void execute();
  });
  if (dbs.current !== null) editor.setSchema(dbs.current.schema);

  const form = el('form', { class: 'console-form' },
    el('label', { id: 'console-sql-label', onclick: () => editor.focus() }, 'SQL query (read-only; Ctrl+Enter runs it)'),
    linkNote,
    editor.element,
    el('div', { class: 'row' }, run,
      el('span', {}, el('label', { for: 'console-limit' }, 'Time limit'), ' ', limit),
      copyLink, linkStatus),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void execute();
  });
  const element = el('section', { class: 'console', 'aria-labelledby': 'console-heading' },
    el('h2', { id: 'console-heading' }, 'SQL console'),
    el('p', { class: 'muted' }, 'Queries run read-only in a worker, with the time limit you choose (a longer one does not lift the memory cap); your file is never changed.'),
    form,
    out,
    el('details', { class: 'history' }, el('summary', {}, 'History (kept in this browser, with the database each query ran on)'), historyList),
  );
  return {
    element,
    params: () => paramsOf(routed),
    shown: () => void editor.load(),
    route(params, cause) {
      const sql = params.get('sql');
      if (sql === null || sql === routed || (cause === 'app' && sql === editor.value())) return;
      if (sql.length > LINK_MAX_CHARS) {
        // No link the page makes is this long (Copy link refuses past the cap): say so rather than load megabytes into the editor.
        routed = sql;
        linkNote.hidden = false;
        replace(linkNote, el('strong', {}, 'Query from a link, not opened'), `: it is ${plural(sql.length, 'character')} long, and a link carries a query of at most ${plural(LINK_MAX_CHARS, 'character')}. Paste the query into the editor instead if you trust it.`);
        return;
      }
      routed = sql;
      linked = sql;
      editor.setValue(sql);
      void execute();
    },
  };
}
