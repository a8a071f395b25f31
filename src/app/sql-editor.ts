/**
 * The console's SQL editor: CodeMirror 6 with its SQLite dialect
 * (highlighting, bracket matching, undo), completion of the open database's
 * tables and columns, and Ctrl+Enter / Cmd+Enter to run. Completion knows
 * three things: table names anywhere, `table.` or `alias.` followed by that
 * table's columns (CodeMirror's own schema completion), and a bare name
 * completed from the columns of the tables the statement names (tablesNamed).
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
import type { Schema, TableInfo } from '../core/schema.ts';
import { displayName, shortName } from './format.ts';

export interface SqlEditor {
  readonly element: HTMLElement;
  value(): string;
  /** Replaces the whole text and puts the cursor at its end. */
  setValue(text: string): void;
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
}

/**
 * The schema tables `text` names as identifiers (bare, "double-quoted",
 * `backquoted` or [bracketed]), case-insensitively, in schema order.
 *
 * @example
 * tablesNamed('SELECT * FROM "Books" b JOIN authors', schema).map((t) => t.name); // ['books', 'authors'] (schema order)
 */
export function tablesNamed(text: string, schema: Schema): TableInfo[] {
  const words = new Set<string>();
  for (const m of text.matchAll(/"((?:[^"]|"")+)"|`([^`]+)`|\[([^\]]+)\]|([A-Za-z_][A-Za-z0-9_$]*)/g)) {
    words.add((m[1]?.replaceAll('""', '"') ?? m[2] ?? m[3] ?? m[4] ?? '').toLowerCase());
  }
  return schema.tables.filter((t) => words.has(t.name.toLowerCase()));
}

/** CodeMirror's schema namespace: each table with its columns. */
/** Names CodeMirror's completion lists as they are; a longer one (no one types it) is left out of its list. */
const COMPLETED_NAME_CHARS = 200;
const completable = (name: string): boolean => name.length <= COMPLETED_NAME_CHARS;
const namespaceOf = (schema: Schema): SQLNamespace =>
  Object.fromEntries(schema.tables.filter((t) => completable(t.name)).map((t) => [t.name, t.columns.map((c) => c.name).filter(completable)]));

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
    const options = tables.flatMap((t) => t.columns.map((c) => ({ label: shortName(c.name), apply: c.name, type: 'property', detail: `${displayName(t.name)}${c.type === '' ? '' : ` · ${displayName(c.type, 40)}`}`, boost: 1 })));
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
      Prec.highest(keymap.of([{ key: 'Ctrl-Enter', run }, { key: 'Cmd-Enter', run }])),
      history(),
      bracketMatching(),
      language.of(sqlFor(null)),
      SQLite.language.data.of({ autocomplete: columnSource(() => schema) }),
      autocompletion({ icons: false }),
      syntaxHighlighting(classHighlighter),
      keymap.of([...completionKeymap, ...historyKeymap, ...defaultKeymap]),
      EditorView.lineWrapping,
      EditorView.editorAttributes.of({ class: 'sql-editor' }),
      EditorView.contentAttributes.of({ 'aria-labelledby': options.labelledBy, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
      ...(options.placeholder === undefined ? [] : [placeholder(options.placeholder)]),
    ],
  });
  return {
    element: view.dom,
    value: () => view.state.doc.toString(),
    setValue(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: text.length } });
    },
    setSchema(s) {
      schema = s;
      view.dispatch({ effects: language.reconfigure(sqlFor(s)) });
    },
    focus: () => view.focus(),
  };
}
