/**
 * What the SQL console's parts share: the pool and the open database, the
 * editor and the controls, the history, and the query the URL names (with
 * which of its statements ran), the text a link brought and whether a linked
 * query waits for a database.
 */
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import type { SqlEditorSlot } from '../ui/sql-editor-slot.ts';
import type { ConsoleControls } from './controls.ts';
import type { HistoryEntry } from './history.ts';

/** Longest query put into a link (longer ones stay out of the URL). */
export const LINK_MAX_CHARS = 8_000;

/** Who started a run: a person (Run, Ctrl+Enter, a button), a link (opened with the page, followed or typed), or Back/Forward to a query run here. */
export type RunCause = 'person' | 'link' | 'history';

/** The console's shared state; its parts read and set it as one closure would. */
export interface ConsoleSession {
  readonly sqlPool: SqlPool;
  readonly dbs: DatabaseController;
  readonly editor: SqlEditorSlot;
  readonly controls: ConsoleControls;
  /** Called with the console's new URL parameters after a run. */
  readonly onQuery: (params: Record<string, string>, how: 'push' | 'replace') => void;
  history: HistoryEntry[];
  /** The URL's query (the editor's text when it ran) and which statement ran; '' before any. */
  routed: string;
  routedAt: number;
  /** The text a link brought, while the editor still holds it. */
  linked: string | null;
  /** A linked query waiting for a database: none was open, or the open one lacked its tables. */
  waiting: boolean;
}

/**
 * A query's URL parameters: `{sql}`, with `at` (1-based) when it holds several statements; none for an empty or too long query.
 *
 * @example paramsOf('SELECT 1; SELECT 2', 1, 2); // { sql: 'SELECT 1; SELECT 2', at: '2' }
 */
export function paramsOf(text: string, at: number, count: number): Record<string, string> {
  return text === '' || text.length > LINK_MAX_CHARS ? {} : count > 1 ? { sql: text, at: String(at + 1) } : { sql: text };
}
