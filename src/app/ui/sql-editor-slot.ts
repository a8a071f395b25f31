/**
 * The console's editor, loaded on first use: CodeMirror (sql-editor.ts) is a
 * chunk of its own, fetched from this site when the console is first shown,
 * so the first screen does not wait for it. Until then the slot holds the
 * text and the schema it is given, and a query can already run from it (a
 * link's query at start-up).
 */
import type { Schema } from '../../core/schema.ts';
import { el, replace } from './dom.ts';
import type { SqlEditor, SqlEditorOptions } from './sql-editor.ts';

export interface SqlEditorSlot extends SqlEditor {
  /** Loads the editor (once) and puts it in the slot; null when it could not be loaded (the slot says why). */
  load(): Promise<SqlEditor | null>;
}

/**
 * A slot for the editor.
 *
 * @example
 * const editor = sqlEditorSlot({ labelledBy: 'console-sql-label', onRun: run });
 * form.append(editor.element);
 * onShown(() => void editor.load());
 */
export function sqlEditorSlot(options: SqlEditorOptions): SqlEditorSlot {
  let text = options.doc ?? '';
  let cursor = text.length;
  let schema: Schema | null = null;
  let real: SqlEditor | null = null;
  let loading: Promise<SqlEditor | null> | null = null;
  const element = el('div', { class: 'sql-editor-slot' }, el('p', { class: 'muted' }, 'Loading the SQL editor…'));
  const load = (): Promise<SqlEditor | null> =>
    (loading ??= import('./sql-editor.ts').then(
      ({ createSqlEditor }) => {
        real = createSqlEditor({ ...options, doc: text });
        real.setValue(text, cursor);
        real.setSchema(schema);
        replace(element, real.element);
        return real;
      },
      (e: unknown) => {
        replace(
          element,
          el(
            'p',
            { class: 'error', role: 'alert' },
            `The SQL editor could not be loaded (${e instanceof Error ? e.message : String(e)}); reload the page to try again.`,
          ),
        );
        return null;
      },
    ));
  return {
    element,
    load,
    value: () => real?.value() ?? text,
    setValue(t, at = t.length) {
      text = t;
      cursor = at;
      real?.setValue(t, at);
    },
    selection: () => real?.selection() ?? { from: cursor, to: cursor },
    setSchema(s) {
      schema = s;
      real?.setSchema(s);
    },
    focus: () => void load().then((r) => r?.focus()),
  };
}
