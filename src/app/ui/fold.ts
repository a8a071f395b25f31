/**
 * A note folded into one line: its summary says the gist in a few words and
 * the rest opens on demand (a native `<details>`, so the keyboard and screen
 * readers know it). The first screen keeps the question in view instead of a
 * wall of explanations; everything stays one click away. Two kinds look
 * different: `info` says how something works, `warning` says a result may
 * not hold here.
 */
import { el, type Child } from './dom.ts';

export interface FoldOptions {
  /** The element's id (tests and links find the note by it; its text includes the folded part). */
  readonly id?: string;
  readonly kind?: 'info' | 'warning' | 'plain';
  /** The one line shown folded. */
  readonly summary: readonly Child[];
  /** What opens on demand. */
  readonly body: readonly Child[];
}

/**
 * A folded note.
 *
 * @example
 * panel.append(foldLine({ id: 'replay-notice', kind: 'info', summary: ['Replay: candidates from the demo file'], body: [details] }));
 */
export function foldLine(options: FoldOptions): HTMLDetailsElement {
  return el(
    'details',
    { class: `fold ${options.kind ?? 'plain'}`, ...(options.id === undefined ? {} : { id: options.id }) },
    el('summary', {}, ...options.summary),
    el('div', { class: 'fold-body' }, ...options.body),
  );
}
