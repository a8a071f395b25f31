/**
 * Actions on any result the app shows (an answer, an alternative, a console
 * query, a table's rows): copy its SQL, save its rows as CSV or JSON. The
 * files are made in the page and saved with downloadText; nothing leaves the
 * browser.
 */
import type { Cell, ExecSuccess } from '../core/exec/types.ts';
import { toCsv } from '../core/eval/index.ts';
import { el } from './dom.ts';
import { downloadText } from './download.ts';

/**
 * A result as CSV text (header row, CRLF line ends, NULL as an empty field).
 *
 * @example resultCsv({ columns: ['a'], rows: [['x,y']], … }); // 'a\r\n"x,y"\r\n'
 */
export function resultCsv(result: Pick<ExecSuccess, 'columns' | 'rows'>): string {
  // A blob cell is written as an SQL blob literal; every field quoted by the one CSV writer.
  return toCsv(result.columns, result.rows.map((r) => r.map((cell: Cell) => (cell !== null && typeof cell === 'object' ? `x'${cell.blob}'` : cell))));
}

/**
 * A result as a JSON array of row objects keyed by column name (a repeated
 * name gets `_2`, `_3` …; a blob cell is `{blob, bytes}`).
 *
 * @example resultJson({ columns: ['n'], rows: [[3]], … }); // '[\n  {\n    "n": 3\n  }\n]'
 */
export function resultJson(result: Pick<ExecSuccess, 'columns' | 'rows'>): string {
  const seen = new Map<string, number>();
  const keys = result.columns.map((c) => {
    const k = (seen.get(c) ?? 0) + 1;
    seen.set(c, k);
    return k === 1 ? c : `${c}_${k}`;
  });
  return JSON.stringify(result.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i] ?? null]))), null, 2);
}

/**
 * A row of buttons: "Copy SQL" (when `sql` is given), "CSV", "JSON".
 * `name` is the file name's stem.
 *
 * @example panel.append(resultActions({ sql, result, name: 'answer' }));
 */
export function resultActions(options: { readonly sql?: string; readonly result?: ExecSuccess; readonly name: string }): HTMLElement {
  const { sql, result, name } = options;
  const status = el('span', { class: 'muted', role: 'status' });
  const copy = sql === undefined
    ? null
    : el('button', {
        type: 'button', class: 'small', 'data-action': 'copy-sql',
        onclick: () => {
          void navigator.clipboard?.writeText(sql).then(() => (status.textContent = 'SQL copied.'), () => (status.textContent = 'The browser refused the clipboard; select the SQL and copy it.'));
        },
      }, 'Copy SQL');
  const save = (kind: 'csv' | 'json') => () => {
    if (!result) return;
    if (kind === 'csv') downloadText(`${name}.csv`, resultCsv(result), 'text/csv');
    else downloadText(`${name}.json`, resultJson(result), 'application/json');
  };
  return el('div', { class: 'result-actions' },
    copy,
    result ? el('button', { type: 'button', class: 'small', 'data-action': 'csv', onclick: save('csv') }, 'Save CSV') : null,
    result ? el('button', { type: 'button', class: 'small', 'data-action': 'json', onclick: save('json') }, 'Save JSON') : null,
    status,
  );
}
