/**
 * The Profiles screen: every calibration profile with its provenance (what
 * data, which generator, how many questions, cross-fit ECE and AUROC, when),
 * its thresholds, and actions: use it in Ask, export it as JSON, delete it
 * (with Undo, which puts it back where it was, active again if it was);
 * and importing one from a JSON file (checked field by field). An import
 * whose name is taken asks: import under another name (a free one offered)
 * or replace the existing profile (never the bundled default). A change the
 * browser's storage refuses is reported in words and changes nothing.
 */
import type { CalibrationProfile } from '../../core/profile.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadText } from '../ui/download.ts';
import { fileButton } from '../ui/file-button.ts';
import { displayName, formatNumber, shortName } from '../ui/format.ts';
import { readProfileOffThread } from './profile-import.ts';
import { bandLines, floorFlag, signalsWords } from './profile-words.ts';
import type { ProfileStore, StoreResult } from './store.ts';

function card(
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

/**
 * Builds the screen; it redraws on every store change.
 *
 * @example panel.append(profilesView(profiles));
 */
export function profilesView(store: ProfileStore): HTMLElement {
  const list = el('div', { class: 'cards' });
  const status = el('p', { role: 'status', 'aria-live': 'polite' });
  const importInput = el('input', { type: 'file', id: 'profile-import', accept: '.json,application/json', class: 'visually-hidden' });
  importInput.addEventListener('change', async () => {
    const f = importInput.files?.[0];
    importInput.value = '';
    if (!f) return;
    replace(status, `Reading ${shortName(f.name)}…`);
    // Read, parsed and checked in the files worker, under the profile cap.
    const r = await readProfileOffThread(f);
    if (!r.ok) return replace(status, el('span', { class: 'error', role: 'alert' }, r.message));
    if (store.has(r.value.name)) return askName(r.value);
    importAs(r.value, r.value.name);
  });
  const fail = (message: string): void => replace(status, el('span', { class: 'error', role: 'alert' }, message));
  const say = (r: StoreResult): void => {
    if (!r.ok) fail(r.message);
  };
  const importAs = (profile: CalibrationProfile, name: string): void => {
    const saved = store.save({ ...profile, name });
    if (saved.ok) replace(status, `Imported "${shortName(name)}".`);
    else fail(saved.message);
  };
  /** The imported profile's name is taken: rename (a free name offered) or replace (not the bundled default). */
  const askName = (profile: CalibrationProfile): void => {
    const bundled = store.list().some((e) => e.builtIn && e.profile.name === profile.name);
    const nameInput = el('input', { type: 'text', id: 'profile-import-name', value: store.freeName(profile.name) });
    const rename = el('button', { type: 'button', class: 'primary' }, 'Import under this name');
    rename.addEventListener('click', () => {
      const name = nameInput.value.trim();
      if (name === '') return void nameInput.focus();
      if (store.has(name)) return replace(hint, `"${name}" is taken too; choose another.`);
      importAs(profile, name);
    });
    const hint = el('span', { class: 'muted' });
    replace(
      status,
      el(
        'span',
        { class: 'name-clash', role: 'group', 'aria-label': 'Name already in use' },
        `A profile named "${shortName(profile.name)}" already exists${bundled ? ' (the bundled default, which stays)' : ''}. `,
        el('label', { for: 'profile-import-name' }, 'Import as'),
        ' ',
        nameInput,
        ' ',
        rename,
        ' ',
        bundled ? null : el('button', { type: 'button', onclick: () => importAs(profile, profile.name) }, 'Replace the existing one'),
        ' ',
        el('button', { type: 'button', onclick: () => replace(status, `Import of "${shortName(profile.name)}" cancelled.`) }, 'Cancel'),
        ' ',
        hint,
      ),
    );
    nameInput.focus();
  };
  /** Deletes at once and offers Undo in the status line (focus goes there, as the card is gone). */
  const remove = (p: CalibrationProfile): void => {
    const at = store
      .list()
      .filter((e) => !e.builtIn)
      .findIndex((e) => e.profile.name === p.name);
    const wasActive = store.active()?.name === p.name;
    const r = store.remove(p.name);
    if (!r.ok) return fail(r.message);
    const undo = el(
      'button',
      {
        type: 'button',
        id: 'profile-undo',
        onclick: () => {
          const back = store.restore(p, at, wasActive);
          if (!back.ok) return fail(back.message);
          replace(status, `Put "${shortName(p.name)}" back${wasActive ? '; Ask uses it again' : ''}.`);
          list.querySelector<HTMLElement>(`article[data-profile="${CSS.escape(p.name)}"] h3`)?.focus();
        },
      },
      `Undo: put "${p.name}" back`,
    );
    const now = store.active();
    replace(status, `Deleted "${p.name}"${wasActive && now !== null ? `; Ask now uses "${now.name}"` : ''}. `, undo);
    undo.focus();
  };
  const draw = (): void => {
    const active = store.active();
    replace(list, ...store.list().map((e) => card(store, e.profile, e.builtIn, e.profile.name === active?.name, say, remove)));
  };
  store.onChange(draw);
  draw();
  return el(
    'section',
    { class: 'profiles' },
    el('h2', {}, 'Calibration profiles'),
    el(
      'p',
      { class: 'muted' },
      'A profile turns the signals into P(correct) and sets the threshold for each risk level. Ask uses the active one. Fit your own on the Evaluate screen from a benchmark like your questions.',
    ),
    el('div', { class: 'row' }, fileButton(importInput, 'Import a profile (JSON)…'), importInput),
    status,
    list,
  );
}
