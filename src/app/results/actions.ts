/**
 * Actions on any result the app shows (an answer, an alternative, a console
 * query, a table's rows): copy its SQL, save its rows as CSV or JSON. The
 * files are made in the page and saved as downloads; nothing leaves the
 * browser. Given a `whole` source, the save runs the query again to its end
 * and streams every row from the SQL worker (whole-export.ts), so a table of
 * any length is saved whole, not the page or the capped rows on screen.
 */
import type { ExecSuccess } from '../../core/exec/types.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadBlob, downloadText } from '../ui/download.ts';
import { plural } from '../ui/format.ts';
import { RESULT_FILE_TYPE, resultCsv, resultJson, type ResultFileKind } from './files.ts';
import { exportWhole, type WholeResultSource } from './whole-export.ts';

export interface ResultActionsOptions {
  readonly sql?: string;
  readonly result?: ExecSuccess;
  /** The file name's stem. */
  readonly name: string;
  /** Save every row of this query, streamed from the worker; `rows` is how many there are, when known. */
  readonly whole?: WholeResultSource & { readonly rows?: number | null };
}

/**
 * A row of buttons: "Copy SQL" (when `sql` is given), then saving as CSV and JSON.
 *
 * @example panel.append(resultActions({ sql, result, name: 'answer' }));
 * @example panel.append(resultActions({ name: 'books', whole: { sqlPool, key: db.key, sql: 'SELECT * FROM "books"', rows: 320 } }));
 */
export function resultActions(options: ResultActionsOptions): HTMLElement {
  const { sql, result, name, whole } = options;
  const status = el('span', { class: 'muted', role: 'status' });
  const copy =
    sql === undefined
      ? null
      : el(
          'button',
          {
            type: 'button',
            class: 'small',
            'data-action': 'copy-sql',
            onclick: () => {
              void navigator.clipboard?.writeText(sql).then(
                () => (status.textContent = 'SQL copied.'),
                () => (status.textContent = 'The browser refused the clipboard; select the SQL and copy it.'),
              );
            },
          },
          'Copy SQL',
        );
  if (whole !== undefined) return el('div', { class: 'result-actions' }, copy, ...wholeSaving(whole, name, status), status);
  const save = (kind: ResultFileKind) => () => {
    if (!result) return;
    downloadText(`${name}.${kind}`, kind === 'csv' ? resultCsv(result) : resultJson(result), RESULT_FILE_TYPE[kind]);
  };
  return el(
    'div',
    { class: 'result-actions' },
    copy,
    result ? el('button', { type: 'button', class: 'small', 'data-action': 'csv', onclick: save('csv') }, 'Save CSV') : null,
    result ? el('button', { type: 'button', class: 'small', 'data-action': 'json', onclick: save('json') }, 'Save JSON') : null,
    status,
  );
}

/** The buttons that save every row of `whole`, with a Cancel while one runs; progress and outcome go to `status`. */
function wholeSaving(whole: NonNullable<ResultActionsOptions['whole']>, name: string, status: HTMLElement): HTMLElement[] {
  const how = whole.rows === undefined || whole.rows === null ? 'all rows' : whole.rows === 1 ? 'the 1 row' : `all ${plural(whole.rows, 'row')}`;
  const cancel = el('button', { type: 'button', class: 'small', hidden: true, 'data-action': 'cancel-save' }, 'Cancel');
  let running: AbortController | null = null;
  cancel.addEventListener('click', () => running?.abort(new DOMException('cancelled', 'AbortError')));
  const save = async (kind: ResultFileKind): Promise<void> => {
    running?.abort(new DOMException('cancelled', 'AbortError'));
    const mine = (running = new AbortController());
    const file = `${name}.${kind}`;
    cancel.hidden = false;
    replace(status, `Saving ${how} as ${file}…`);
    try {
      const r = await exportWhole(whole, kind, { signal: mine.signal, onRows: (n) => replace(status, `Saving ${file}: ${plural(n, 'row')} so far…`) });
      if (!r.ok) return replace(status, el('span', { class: 'error', role: 'alert' }, `${file} was not saved: ${r.error.message} (${r.error.code})`));
      downloadBlob(file, r.blob);
      replace(status, `Saved ${plural(r.rows, 'row')} as ${file}.`);
    } catch (e) {
      if (!mine.signal.aborted) throw e;
      replace(status, `Saving ${file} was cancelled; nothing was saved.`);
    } finally {
      if (running === mine) {
        running = null;
        cancel.hidden = true;
      }
    }
  };
  return [
    el('button', { type: 'button', class: 'small', 'data-action': 'csv', onclick: () => void save('csv') }, `Save ${how} as CSV`),
    el('button', { type: 'button', class: 'small', 'data-action': 'json', onclick: () => void save('json') }, `Save ${how} as JSON`),
    cancel,
  ];
}
