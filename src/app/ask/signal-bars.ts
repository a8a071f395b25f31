/**
 * Signals as a small labelled list with bars: name in plain words, a bar for
 * values in [0, 1], the number, and whether the profile counted it for or
 * against the answer.
 */
import type { SignalContribution } from '../../core/pipeline/index.ts';
import { signalPhrase } from '../../core/pipeline/index.ts';
import { el } from '../ui/dom.ts';
import { formatNumber } from '../ui/format.ts';

/**
 * Renders every signal in `values`, each marked by its part in `contributions`
 * (for, against, neutral) when contributions are given.
 *
 * @example box.append(signalBars(result.signals, signalContributions(profile, result.signals)));
 */
export function signalBars(values: Readonly<Record<string, number | null>>, contributions: readonly SignalContribution[] = []): HTMLElement {
  const effect = new Map(contributions.map((c) => [c.name, c.logit]));
  const grid = el('div', { class: 'signal-bars', role: 'list', 'aria-label': 'Signals' });
  for (const [name, v] of Object.entries(values)) {
    const inUnit = v !== null && v >= 0 && v <= 1;
    const fill = el('span');
    if (inUnit) fill.style.width = `${Math.round(v * 100)}%`;
    const push = effect.get(name);
    const direction = push === undefined ? 'not used by the profile' : push > 0.05 ? 'for' : push < -0.05 ? 'against' : 'neutral';
    grid.append(
      el('span', { role: 'listitem', title: name }, signalPhrase(name), ' ', el('code', { class: 'muted' }, name)),
      el('span', { class: 'signal-bar', 'aria-hidden': 'true' }, inUnit ? fill : null),
      el(
        'span',
        { 'data-signal': name, 'data-value': v === null ? '' : String(v) },
        v === null ? 'missing' : formatNumber(v, 3),
        ' ',
        contributions.length === 0 ? null : el('span', { class: `badge ${direction === 'for' ? 'ok' : direction === 'against' ? 'bad' : ''}` }, direction),
      ),
    );
  }
  return grid;
}
