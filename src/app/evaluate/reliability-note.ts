/**
 * Beside the risk–coverage curves: TrustSQL's reliability score in plain
 * words (core/eval/reliability-words.ts), the same figures as the report's
 * "Reliability score RS(c)" table: which threshold pays when a wrong answer
 * costs ten right ones, and what each risk level earns.
 */
import { reliabilityWords, type EvalReport } from '../../core/eval/index.ts';
import { el } from '../ui/dom.ts';

/**
 * The note, an `<aside>` in the plots' grid.
 *
 * @example plots.append(reliabilityNote(report));
 */
export function reliabilityNote(r: EvalReport): HTMLElement {
  const [rule, best, ...levels] = reliabilityWords(r.reliability_score);
  return el(
    'aside',
    { class: 'plot reliability-note', id: 'reliability-note', 'aria-labelledby': 'reliability-note-title' },
    el('h5', { id: 'reliability-note-title' }, 'Which threshold pays (reliability score)'),
    el('p', {}, rule),
    el('p', { class: 'best' }, best),
    el('ul', {}, ...levels.map((l) => el('li', {}, l))),
  );
}
