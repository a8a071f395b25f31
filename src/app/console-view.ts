/**
 * The SQL console: type a read-only query, run it in the worker pool against
 * the open database, see its rows (paginated, as text) or its error with the
 * code, copy the SQL or save the rows as CSV or JSON. Ctrl+Enter (or
 * Cmd+Enter) runs it; the last queries run are kept in this browser
 * (localStorage) and listed under History.
 */
import type { SqlPool } from '../engines/sql/pool-types.ts';
import type { DatabaseController } from './database.ts';
import { el, replace } from './dom.ts';
import { formatMs } from './format.ts';
import { resultActions } from './result-actions.ts';
import { resultTable } from './result-table.ts';

/** Most queries kept in the console history. */
export const HISTORY_SIZE = 20;
const HISTORY_KEY = 'confide.console-history';

function readHistory(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/**
 * Builds the console panel.
 *
 * @example panel.append(consoleView(pool, dbs));
 */
export function consoleView(pool: SqlPool, dbs: DatabaseController): HTMLElement {
  const input = el('textarea', { id: 'console-sql', rows: 5, spellcheck: 'false', class: 'sql-input' });
  input.value = 'SELECT name FROM sqlite_master WHERE type = \'table\'';
  const run = el('button', { type: 'submit', class: 'primary' }, 'Run');
  const out = el('div', { class: 'console-out', 'aria-live': 'polite' });
  const historyList = el('ol', { class: 'console-history', id: 'console-history' });
  let history = readHistory();
  const showHistory = (): void => replace(historyList, ...history.map((q) => el('li', {}, el('button', { type: 'button', class: 'link', title: 'Put this query back in the box', onclick: () => {
    input.value = q;
    input.focus();
  } }, q))));
  const remember = (q: string): void => {
    history = [q, ...history.filter((h) => h !== q)].slice(0, HISTORY_SIZE);
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
    } catch {
      // Storage full or off: the history still lasts for this page.
    }
    showHistory();
  };
  showHistory();
  const form = el('form', { class: 'console-form' },
    el('label', { for: 'console-sql' }, 'SQL query (read-only; Ctrl+Enter runs it)'),
    input,
    el('div', { class: 'row' }, run),
  );
  const execute = async (): Promise<void> => {
    const db = dbs.current;
    if (db === null) {
      replace(out, el('p', { class: 'error' }, 'Open a database first.'));
      return;
    }
    run.disabled = true;
    replace(out, el('p', { class: 'muted' }, 'Running…'));
    const sql = input.value;
    const r = await pool.run(db.key, sql);
    run.disabled = false;
    if (sql.trim() !== '') remember(sql.trim());
    if (r.ok) replace(out, el('p', { class: 'muted' }, `Ran in ${formatMs(r.ms)}.`), resultTable(r, { label: 'Console result' }), resultActions({ sql, result: r, name: 'query-result' }));
    else replace(out, el('p', { class: 'error', role: 'alert' }, r.error.message, ' ', el('span', { class: 'code' }, `(${r.error.code})`)), resultActions({ sql, name: 'query' }));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void execute();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void execute();
    }
  });
  return el('section', { class: 'console', 'aria-labelledby': 'console-heading' },
    el('h2', { id: 'console-heading' }, 'SQL console'),
    el('p', { class: 'muted' }, 'Queries run read-only in a worker, with a time limit; your file is never changed.'),
    form,
    out,
    el('details', { class: 'history' }, el('summary', {}, 'History (kept in this browser)'), historyList),
  );
}
