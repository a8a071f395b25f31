/**
 * One run of the console: the statement under the cursor (or the selection,
 * or the one a link names) run read-only on the open database under the
 * chosen time limit, remembered in the history and put in the URL; then its
 * rows, actions and chart, or its failure with the fixes it offers (a longer
 * time limit, a misspelt name renamed), each of which runs it again.
 */
import type { ExecFailure, ExecOutcome, ExecSuccess } from '../../core/exec/types.ts';
import { renameIdentifier } from '../../core/sql/did-you-mean.ts';
import type { OpenDatabase } from '../database/database.ts';
import { resultActions } from '../results/actions.ts';
import { resultChart } from '../results/chart.ts';
import { resultTable } from '../results/table.ts';
import { pageStorage } from '../stored.ts';
import { el, replace } from '../ui/dom.ts';
import { formatMs } from '../ui/format.ts';
import { consoleFailure } from './failure.ts';
import { remember } from './history.ts';
import { showHistory } from './controls.ts';
import { type ConsoleSession, paramsOf, type RunCause } from './session.ts';
import { type PickedStatement, pickStatement } from './statements.ts';

/**
 * Runs the editor's statement (as `cause` picks it) and shows what came of it.
 *
 * @example void runQuery(s, 'person');
 */
export async function runQuery(s: ConsoleSession, cause: RunCause): Promise<void> {
  const { run, out, linkNote } = s.controls;
  const db = s.dbs.current;
  const text = s.editor.value();
  if (db === null) {
    if (text === s.linked) {
      s.waiting = true;
      replace(out, el('p', { class: 'muted' }, 'The linked query runs once a database is open.'));
    } else replace(out, el('p', { class: 'error' }, 'Open a database first.'));
    return;
  }
  const pick = pickStatement(text, cause === 'person' ? s.editor.selection() : { index: s.routedAt });
  s.waiting = false;
  const fromLink = text === s.linked;
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
  const r: ExecOutcome = await s.sqlPool.run(db.key, pick.sql, { timeoutMs: Number(s.controls.limit.value) });
  run.disabled = false;
  if (pick.sql.trim() !== '') {
    s.history = remember(pageStorage('local'), s.history, { sql: pick.sql.trim(), db: db.name });
    showHistory(s.controls.historyList, s.history, s.editor);
  }
  const urlText = pick.selected ? pick.sql : text;
  if (cause !== 'history') s.onQuery(paramsOf(urlText, pick.index, pick.count), cause === 'person' && s.routed !== '' ? 'push' : 'replace');
  s.routed = urlText;
  s.routedAt = pick.index;
  if (r.ok) return showRows(s, pick, db, r);
  showFailure(s, { pick, db, r, text, fromLink });
}

/** "Ran on demo.sqlite in 3 ms." or "Ran statement 2 of 3 (under the cursor) on …". */
function ranWords(pick: PickedStatement, db: OpenDatabase, ms: number): string {
  const which = pick.selected ? 'the selected text' : pick.count > 1 ? `statement ${pick.index + 1} of ${pick.count} (the one under the cursor)` : '';
  return `Ran ${which === '' ? '' : `${which} `}on ${db.name} in ${formatMs(ms)}.`;
}

/** What ran and how long it took, the rows, their actions and chart. */
function showRows(s: ConsoleSession, pick: PickedStatement, db: OpenDatabase, r: ExecSuccess): void {
  replace(
    s.controls.out,
    el('p', { class: 'muted', id: 'console-ran' }, ranWords(pick, db, r.ms)),
    resultTable(r, { label: 'Console result' }),
    resultActions({ sql: pick.sql, result: r, name: 'query-result' }),
    resultChart(r),
  );
}

/** A failed run: the statement, the editor's whole text, whether a link brought it. */
interface Failed {
  readonly pick: PickedStatement;
  readonly db: OpenDatabase;
  readonly r: ExecFailure;
  readonly text: string;
  readonly fromLink: boolean;
}

/** The failure, with its fixes (raise the time limit, rename a misspelt name: each runs again), and whether a linked query now waits for another database. */
function showFailure(s: ConsoleSession, { pick, db, r, text, fromLink }: Failed): void {
  const { limit } = s.controls;
  const failed = consoleFailure(r, {
    db,
    sql: pick.sql,
    linked: fromLink,
    limitMs: Number(limit.value),
    raise(ms) {
      limit.value = String(ms);
      limit.dispatchEvent(new Event('change'));
      void runQuery(s, 'person');
    },
    rename(wrong, right) {
      const fixed = renameIdentifier(pick.sql, wrong, right);
      s.editor.setValue(text.slice(0, pick.start) + fixed + text.slice(pick.start + pick.sql.length), pick.from);
      void runQuery(s, 'person');
    },
  });
  s.waiting = failed.missing;
  replace(s.controls.out, ...failed.elements, resultActions({ sql: pick.sql, name: 'query' }));
}
