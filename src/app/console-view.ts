/**
 * The SQL console: type a read-only query, run it in the worker pool against
 * the open database, see its rows (paginated, as text) or its error with the
 * code. Ctrl+Enter (or Cmd+Enter) runs it.
 */
import type { SqlPool } from '../engines/sql/pool-types.ts';
import type { DatabaseController } from './database.ts';
import { el, replace } from './dom.ts';
import { formatMs } from './format.ts';
import { resultTable } from './result-table.ts';

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
    const r = await pool.run(db.key, input.value);
    run.disabled = false;
    if (r.ok) replace(out, el('p', { class: 'muted' }, `Ran in ${formatMs(r.ms)}.`), resultTable(r, { label: 'Console result' }));
    else replace(out, el('p', { class: 'error', role: 'alert' }, el('strong', {}, r.error.code), ': ', r.error.message));
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
  );
}
