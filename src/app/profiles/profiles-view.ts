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
import { fileButton } from '../ui/file-button.ts';
import { shortName } from '../ui/format.ts';
import { profileCard } from './profile-card.ts';
import { readProfileOffThread } from './profile-import.ts';
import type { ProfileStore, StoreResult } from './store.ts';

/** The screen's store, card list and status line. */
interface ProfilesParts {
  readonly store: ProfileStore;
  readonly list: HTMLDivElement;
  readonly status: HTMLParagraphElement;
}

/**
 * Builds the screen; it redraws on every store change.
 *
 * @example panel.append(profilesView(profiles));
 */
export function profilesView(store: ProfileStore): HTMLElement {
  const v: ProfilesParts = { store, list: el('div', { class: 'cards' }), status: el('p', { role: 'status', 'aria-live': 'polite' }) };
  const importInput = el('input', { type: 'file', id: 'profile-import', accept: '.json,application/json', class: 'visually-hidden' });
  importInput.addEventListener('change', () => importFile(v, importInput));
  const say = (r: StoreResult): void => {
    if (!r.ok) fail(v, r.message);
  };
  const draw = (): void => {
    const active = store.active();
    replace(v.list, ...store.list().map((e) => profileCard(store, e.profile, e.builtIn, e.profile.name === active?.name, say, (p) => remove(v, p))));
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
    v.status,
    v.list,
  );
}

/** Says a refusal as an alert in the status line. */
function fail(v: ProfilesParts, message: string): void {
  replace(v.status, el('span', { class: 'error', role: 'alert' }, message));
}

/** Reads the chosen file (parsed and checked in the files worker, under the profile cap) and imports it, asking first when its name is taken. */
async function importFile(v: ProfilesParts, importInput: HTMLInputElement): Promise<void> {
  const f = importInput.files?.[0];
  importInput.value = '';
  if (!f) return;
  replace(v.status, `Reading ${shortName(f.name)}…`);
  const r = await readProfileOffThread(f);
  if (!r.ok) return replace(v.status, el('span', { class: 'error', role: 'alert' }, r.message));
  if (v.store.has(r.value.name)) return askName(v, r.value);
  importAs(v, r.value, r.value.name);
}

/** Saves `profile` under `name` and says so. */
function importAs(v: ProfilesParts, profile: CalibrationProfile, name: string): void {
  const saved = v.store.save({ ...profile, name });
  if (saved.ok) replace(v.status, `Imported "${shortName(name)}".`);
  else fail(v, saved.message);
}

/** The imported profile's name is taken: rename (a free name offered) or replace (not the bundled default). */
function askName(v: ProfilesParts, profile: CalibrationProfile): void {
  const { store, status } = v;
  const bundled = store.list().some((e) => e.builtIn && e.profile.name === profile.name);
  const nameInput = el('input', { type: 'text', id: 'profile-import-name', value: store.freeName(profile.name) });
  const rename = el('button', { type: 'button', class: 'primary' }, 'Import under this name');
  rename.addEventListener('click', () => {
    const name = nameInput.value.trim();
    if (name === '') return void nameInput.focus();
    if (store.has(name)) return replace(hint, `"${name}" is taken too; choose another.`);
    importAs(v, profile, name);
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
      bundled ? null : el('button', { type: 'button', onclick: () => importAs(v, profile, profile.name) }, 'Replace the existing one'),
      ' ',
      el('button', { type: 'button', onclick: () => replace(status, `Import of "${shortName(profile.name)}" cancelled.`) }, 'Cancel'),
      ' ',
      hint,
    ),
  );
  nameInput.focus();
}

/** Deletes at once and offers Undo in the status line (focus goes there, as the card is gone). */
function remove(v: ProfilesParts, p: CalibrationProfile): void {
  const { store, status } = v;
  const at = store
    .list()
    .filter((e) => !e.builtIn)
    .findIndex((e) => e.profile.name === p.name);
  const wasActive = store.active()?.name === p.name;
  const r = store.remove(p.name);
  if (!r.ok) return fail(v, r.message);
  const undo = el(
    'button',
    {
      type: 'button',
      id: 'profile-undo',
      onclick: () => {
        const back = store.restore(p, at, wasActive);
        if (!back.ok) return fail(v, back.message);
        replace(status, `Put "${shortName(p.name)}" back${wasActive ? '; Ask uses it again' : ''}.`);
        v.list.querySelector<HTMLElement>(`article[data-profile="${CSS.escape(p.name)}"] h3`)?.focus();
      },
    },
    `Undo: put "${p.name}" back`,
  );
  const now = store.active();
  replace(status, `Deleted "${p.name}"${wasActive && now !== null ? `; Ask now uses "${now.name}"` : ''}. `, undo);
  undo.focus();
}
