/**
 * The console's SQL editor: CodeMirror 6 with its SQLite dialect
 * (highlighting, bracket matching, undo), completion of the open database's
 * tables, views and columns, and Ctrl+Enter / Cmd+Enter to run. Completion
 * knows three things: table and view names anywhere (a view's detail says
 * "view"), `table.` or `alias.` followed by that table's columns
 * (CodeMirror's own schema completion), and a bare name completed from the
 * columns of the tables the statement names (core/sql's tablesNamed).
 * The console reads the selection to run the statement under the cursor.
 *
 * Styles: CodeMirror writes its base theme into a `<style>` element, which
 * the page's policy allows (`style-src 'self' 'unsafe-inline'`, src/app/csp.ts);
 * should the policy ever switch to a nonce, hand it to `EditorView.cspNonce`.
 * Token colours are CSS classes (`tok-keyword` …, styled in styles.css) so
 * they follow the page's colour scheme.
 */
import { autocompletion, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { SQLite, sql, type SQLNamespace } from '@codemirror/lang-sql';
import { Compartment, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import type { Schema } from '../../core/schema.ts';
import { tablesNamed } from '../../core/sql/tables-named.ts';
import { displayName, shortName } from './format.ts';

export { tablesNamed } from '../../core/sql/tables-named.ts';

export interface SqlEditor {
  readonly element: HTMLElement;
  value(): string;
  /** Replaces the whole text and puts the cursor at `cursor` (default: its end). */
  setValue(text: string, cursor?: number): void;
  /** The selection (from = to: the cursor), as offsets into the text. */
  selection(): { readonly from: number; readonly to: number };
  /** Completes from this schema from now on (null: keywords only). */
  setSchema(schema: Schema | null): void;
  focus(): void;
}

export interface SqlEditorOptions {
  readonly doc?: string;
  /** Id of the element that names the editor (its label). */
  readonly labelledBy: string;
  readonly placeholder?: string;
  /** Called on Ctrl+Enter / Cmd+Enter. */
  onRun(): void;
  /** Called with the text after every change to it. */
  onChange?(text: string): void;
}

/** Names CodeMirror's completion lists as they are; a longer one (no one types it) is left out of its list. */
const COMPLETED_NAME_CHARS = 200;
const completable = (name: string): boolean => name.length <= COMPLETED_NAME_CHARS;
/** CodeMirror's schema namespace: each table (and view, marked so) with its columns. */
const namespaceOf = (schema: Schema): SQLNamespace =>
  Object.fromEntries(
    schema.tables
      .filter((t) => completable(t.name))
      .map((t) => [
        t.name,
        {
          self: t.kind === 'view' ? { label: t.name, type: 'type', detail: 'view' } : { label: t.name, type: 'class' },
          children: t.columns.map((c) => c.name).filter(completable),
        },
      ]),
  );

/** A bare name completed from the columns of the tables the statement under the cursor names. */
function columnSource(schema: () => Schema | null) {
  return (context: CompletionContext): CompletionResult | null => {
    const s = schema();
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_$]*/);
    if (s === null || (word === null && !context.explicit)) return null;
    const from = word?.from ?? context.pos;
    if (context.state.sliceDoc(from - 1, from) === '.') return null;
    const doc = context.state.doc.toString();
    const start = doc.lastIndexOf(';', from - 1) + 1;
    const end = doc.indexOf(';', from);
    const tables = tablesNamed(doc.slice(start, end < 0 ? doc.length : end), s);
    // Names are shortened in the list (a name of tens of thousands of characters froze the tab); the whole name is inserted.
    const options = tables.flatMap((t) =>
      t.columns.map((c) => ({
        label: shortName(c.name),
        apply: c.name,
        type: 'property',
        detail: `${displayName(t.name)}${t.kind === 'view' ? ' (view)' : ''}${c.type === '' ? '' : ` · ${displayName(c.type, 40)}`}`,
        boost: 1,
      })),
    );
    return options.length === 0 ? null : { from, options, validFor: /^[A-Za-z0-9_$]*$/ };
  };
}

/**
 * Builds an editor.
 *
 * @example
 * const editor = createSqlEditor({ labelledBy: 'console-sql-label', onRun: run });
 * form.append(editor.element);
 * dbs.onChange((db) => editor.setSchema(db.schema));
 */
export function createSqlEditor(options: SqlEditorOptions): SqlEditor {
  let schema: Schema | null = null;
  const language = new Compartment();
  const sqlFor = (s: Schema | null) => sql({ dialect: SQLite, upperCaseKeywords: true, ...(s === null ? {} : { schema: namespaceOf(s) }) });
  const run = (): boolean => {
    options.onRun();
    return true;
  };
  const view = new EditorView({
    doc: options.doc ?? '',
    extensions: [
      Prec.highest(
        keymap.of([
          { key: 'Ctrl-Enter', run },
          { key: 'Cmd-Enter', run },
        ]),
      ),
      history(),
      bracketMatching(),
      language.of(sqlFor(null)),
      SQLite.language.data.of({ autocomplete: columnSource(() => schema) }),
      autocompletion({ icons: false }),
      syntaxHighlighting(classHighlighter),
      keymap.of([...completionKeymap, ...historyKeymap, ...defaultKeymap]),
      EditorView.lineWrapping,
      EditorView.updateListener.of((u) => {
        if (u.docChanged) options.onChange?.(u.state.doc.toString());
      }),
      EditorView.editorAttributes.of({ class: 'sql-editor' }),
      EditorView.contentAttributes.of({ 'aria-labelledby': options.labelledBy, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
      ...(options.placeholder === undefined ? [] : [placeholder(options.placeholder)]),
    ],
  });
  return {
    element: view.dom,
    value: () => view.state.doc.toString(),
    setValue(text, cursor = text.length) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: Math.max(0, Math.min(cursor, text.length)) } });
    },
    selection() {
      const { from, to } = view.state.selection.main;
      return { from, to };
    },
    setSchema(s) {
      schema = s;
      view.dispatch({ effects: language.reconfigure(sqlFor(s)) });
    },
    focus: () => view.focus(),
  };
}
