/**
 * One calibration profile as a card on the Profiles screen: its name (active,
 * bundled), its provenance (data, generator, labels, questions, cross-fit ECE
 * and AUROC, signals, how it compares with its best input, its pool-size
 * bands, when), a floor warning and notes, and Use in Ask, Export JSON and
 * Delete.
 */
import type { CalibrationProfile } from '../../core/profile.ts';
import { el } from '../ui/dom.ts';
import { downloadText } from '../ui/download.ts';
import { displayName, formatNumber, shortName } from '../ui/format.ts';
import { bandLines, floorFlag, signalsWords } from './profile-words.ts';
import type { ProfileStore, StoreResult } from './store.ts';

/**
 * The card of `p`; `say` reports a store change the browser refused, `onDelete` deletes it (a bundled profile has no Delete).
 *
 * @example list.append(profileCard(store, p, false, true, say, remove));
 */
export function profileCard(
  store: ProfileStore,
  p: CalibrationProfile,
  builtIn: boolean,
  active: boolean,
  say: (r: StoreResult) => void,
  onDelete: (p: CalibrationProfile) => void,
): HTMLElement {
  const v = p.provenance;
  const fileName = `${p.name.replace(/[^A-Za-z0-9_-]+/g, '-')}.profile.json`;
  return el(
    'article',
    { class: `card${active ? ' active' : ''}`, 'aria-label': `Profile ${displayName(p.name)}`, 'data-profile': p.name },
    el(
      'h3',
      { tabindex: -1 },
      el('bdi', {}, shortName(p.name)),
      active ? el('span', { class: 'badge ok' }, ' active') : '',
      builtIn ? el('span', { class: 'badge' }, ' bundled') : '',
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Data'),
      el('dd', {}, v.data),
      el('dt', {}, 'Candidates'),
      el('dd', {}, v.generator),
      ...(v.labels ? [el('dt', {}, 'Labels'), el('dd', { class: 'labels' }, v.labels)] : []),
      el('dt', {}, 'Questions'),
      el('dd', {}, String(v.n_questions)),
      el('dt', {}, 'ECE (cross-fit)'),
      el('dd', { class: 'ece' }, formatNumber(v.ece)),
      el('dt', {}, 'AUROC (cross-fit)'),
      el('dd', {}, formatNumber(v.auroc)),
      el('dt', {}, 'Signals'),
      el('dd', {}, signalsWords(p)),
      ...(v.best_single
        ? [
            el('dt', {}, 'vs best input'),
            el(
              'dd',
              { class: 'vs-best' },
              `${v.no_better_than_best ? 'no better than its best input' : 'better than its best input'} (${v.best_single.name}, AUROC ${formatNumber(v.best_single.auroc)}; difference ${formatNumber(v.best_single.diff)} [${formatNumber(v.best_single.ci[0])}, ${formatNumber(v.best_single.ci[1])}])${v.combiner ? `; kept: ${v.combiner}` : ''}`,
            ),
          ]
        : []),
      el('dt', {}, 'By pool size'),
      el('dd', {}, el('ul', { class: 'profile-bands' }, ...bandLines(p).map((line) => el('li', {}, line)))),
      el('dt', {}, 'Created'),
      el('dd', {}, v.created || 'unknown'),
    ),
    floorFlag(p) === null ? null : el('p', { class: 'notice profile-floor', role: 'note' }, floorFlag(p)),
    v.notes ? el('p', { class: 'muted' }, v.notes) : null,
    el(
      'div',
      { class: 'row' },
      el('button', { type: 'button', disabled: active, onclick: () => say(store.setActive(p.name)) }, active ? 'In use' : 'Use in Ask'),
      el('button', { type: 'button', onclick: () => downloadText(fileName, `${JSON.stringify(p, null, 2)}\n`, 'application/json') }, 'Export JSON'),
      builtIn ? null : el('button', { type: 'button', 'aria-label': `Delete ${displayName(p.name)}`, onclick: () => onDelete(p) }, 'Delete'),
    ),
  );
}
