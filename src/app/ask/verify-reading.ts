/**
 * What verify mode read from a box that held more than SQL (a chat reply, a
 * list): the queries it will check, numbered, and what it left out, with the
 * line of each. Shown as the person pastes; when Ask is pressed on a reading
 * not yet checked, shown as a notice with "Check these queries" (a submit
 * button: Ask again) and "Put these in the box" (the reading as plain SQL, to
 * edit on).
 */
import type { CandidateTextOutcome } from '../../core/pipeline/index.ts';
import { el } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';
import { sqlBlock } from '../ui/sql-view.ts';

export interface ReadingActions {
  /** The person checks the reading (the button then submits the form: Ask). */
  confirm(): void;
  /** The person wants the reading in the box, as plain SQL. */
  useReading(plainText: string): void;
}

/**
 * The reading, or null for a plain one (nothing to show); `ask`: the person must check it before it runs.
 *
 * @example replace(box, readingView(parsed, true, { confirm, useReading }));
 */
export function readingView(r: Extract<CandidateTextOutcome, { ok: true }>, ask: boolean, actions: ReadingActions): HTMLElement | null {
  if (r.plain) return null;
  const n = r.candidates.length;
  const queries = el('ol', { class: 'reading-queries' }, ...r.candidates.map((c, i) => el('li', {}, sqlBlock(c.sql ?? '', `Query ${i + 1} read`))));
  const left =
    r.skipped.length === 0
      ? null
      : el(
          'details',
          { class: 'reading-left-out' },
          el('summary', {}, `Left out: ${plural(r.skippedCount, 'piece')} of prose or other code`),
          el('ul', {}, ...r.skipped.map((s) => el('li', {}, `line ${s.line}: `, s.kind === 'code' ? `a ${s.text || 'code'} block` : s.text))),
        );
  const plainText = r.candidates.map((c) => `${c.sql ?? ''};`).join('\n\n');
  return el(
    'section',
    { class: `verify-reading${ask ? ' notice' : ''}`, 'aria-labelledby': 'verify-reading-heading' },
    el('h4', { id: 'verify-reading-heading', tabindex: -1 }, `${ask ? 'Check what Confide read' : 'What Confide read'}: ${plural(n, 'query', 'queries')}`),
    ask ? el('p', {}, 'The box held more than SQL, so here is what will be checked. If it is right, check these queries; if not, edit the box.') : null,
    queries,
    left,
    el(
      'div',
      { class: 'row' },
      ask
        ? el(
            'button',
            { type: 'submit', class: 'primary', id: 'verify-confirm', onclick: actions.confirm },
            `Check ${n === 1 ? 'this query' : `these ${n} queries`}`,
          )
        : null,
      el('button', { type: 'button', class: 'small', id: 'verify-use-reading', onclick: () => actions.useReading(plainText) }, 'Put these in the box'),
    ),
  );
}
