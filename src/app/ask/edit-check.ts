/**
 * Verify mode as a workflow: every answer and every candidate can be edited
 * and checked again, or opened in the SQL console. "Edit and check again"
 * opens the query in the SQL editor (CodeMirror, completing the open
 * database's names; loaded on first use), and "Check again" sends the edited
 * query back through the same pipeline in place of the one edited (ask-view
 * decides how: edit-pool.ts). "Open in console" is a link to
 * `#console?sql=…`, so it also opens in a new tab.
 */
import type { Schema } from '../../core/schema.ts';
import { el, replace, uid } from '../ui/dom.ts';
import { routeHash } from '../router.ts';
import { sqlEditorSlot } from '../ui/sql-editor-slot.ts';

/** What the actions need from the Ask screen. */
export interface EditHooks {
  /** Checks the pool again with candidate `index` (a position in `AskResult.candidates`) replaced by `sql`. */
  recheck(index: number, sql: string): void;
  /** The open database's schema, for the editor's completion. */
  schema(): Schema | null;
}

/**
 * The actions for one query: "Edit and check again" and "Open in console".
 *
 * @example card.append(queryActions(run.sql, result.chosen, 'the answer', hooks));
 */
export function queryActions(sql: string, index: number, what: string, hooks: EditHooks | undefined): HTMLElement {
  const editorBox = el('div', { class: 'edit-check', hidden: true });
  const edit = el('button', { type: 'button', class: 'small edit-again', 'aria-expanded': 'false', onclick: () => open() }, 'Edit and check again');
  const consoleLink = el('a', { class: 'open-console', href: routeHash('console', { sql }) }, 'Open in console');
  const open = (): void => {
    if (hooks === undefined) return;
    if (!editorBox.hidden) return close();
    const labelId = uid('edit-label');
    const check = (): void => {
      const edited = editor.value().trim();
      if (edited === '') return editor.focus();
      hooks.recheck(index, edited);
    };
    const editor = sqlEditorSlot({ labelledBy: labelId, doc: sql, onRun: check });
    editor.setSchema(hooks.schema());
    replace(
      editorBox,
      el('label', { id: labelId }, `Edit ${what}, then check it again with the other candidates (Ctrl+Enter)`),
      editor.element,
      el(
        'div',
        { class: 'row' },
        el('button', { type: 'button', class: 'primary check-again', onclick: check }, 'Check again'),
        el('button', { type: 'button', class: 'small', onclick: () => close() }, 'Cancel'),
      ),
    );
    editorBox.hidden = false;
    edit.setAttribute('aria-expanded', 'true');
    void editor.load().then(() => editor.focus());
  };
  const close = (): void => {
    editorBox.hidden = true;
    replace(editorBox);
    edit.setAttribute('aria-expanded', 'false');
    edit.focus();
  };
  return el('div', { class: 'query-actions' }, el('div', { class: 'row' }, hooks ? edit : null, consoleLink), editorBox);
}
