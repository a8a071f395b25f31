/**
 * Where the person sees and changes the reward model the `orm` verifier
 * uses: its name and provenance (from its sidecar), a picker for their own
 * model (the `.onnx` and `.json` that `npm run orm:train` writes, chosen
 * together), and a way back to the bundled model. A refused file is named
 * with what is wrong; the model in use stays in use.
 */
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { describeOrm, type OrmChoice } from './model-store.ts';
import type { OrmClient } from './orm-client.ts';

/** A name from a file as the panel shows it: at most 80 characters. */
const short = (name: string): string => (name.length > 80 ? `${name.slice(0, 80)}…` : name);

/**
 * One line naming the model in use, kept up to date.
 *
 * @example form.append(ormModelLine(orm, 'eval-orm-model'));
 */
export function ormModelLine(client: OrmClient, id: string): HTMLElement {
  const line = el('span', { id, class: 'orm-model' });
  const draw = (choice: OrmChoice): void => {
    const d = describeOrm(choice);
    replace(line, 'Reward model: ', el('strong', { class: 'orm-model-name' }, d.name), ` (${d.provenance})`);
  };
  client.store.onChange(() => draw(client.store.current()));
  draw(client.store.current());
  return line;
}

/**
 * The panel: the model in use, "Load your own model…", "Use the bundled model".
 *
 * @example controls.append(ormModelPanel(orm));
 */
export function ormModelPanel(client: OrmClient): HTMLElement {
  const { store } = client;
  const status = el('div', { class: 'orm-model-status', 'aria-live': 'polite' });
  const input = el('input', { type: 'file', id: 'orm-model-files', multiple: true, accept: '.onnx,.json', class: 'visually-hidden' });
  const bundled = el('button', { type: 'button', id: 'orm-use-bundled' }, 'Use the bundled model');
  const sync = (): void => {
    bundled.hidden = store.current().kind === 'bundled';
  };
  const fail = (e: { code: string; message: string }): void =>
    replace(status, el('p', { class: 'error', role: 'alert' }, e.message, ' ', el('span', { class: 'muted code' }, `(${e.code})`)));
  input.addEventListener('change', async () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    replace(status, el('p', { class: 'muted' }, `Checking ${files.map((f) => short(f.name)).join(' and ')}…`));
    try {
      const r = await client.loadOwn(files);
      if (!r.ok) return fail(r.error);
      replace(status, el('p', { role: 'status' }, `Loaded "${short(r.sidecar.name)}" (runs on ${r.loaded.backend}); Ask and Evaluate now score with it.`));
    } catch (e) {
      // Never leave "Checking…" standing: whatever went wrong is said, and the model in use stays.
      fail({ code: 'ORM_RUN_FAILED', message: `The model could not be loaded: ${e instanceof Error ? e.message : String(e)}. The model in use stays in use.` });
    }
  });
  bundled.addEventListener('click', async () => {
    const r = await client.useBundled();
    if (!r.ok) return fail(r.error);
    replace(status, el('p', { role: 'status' }, 'Back to the bundled model.'));
  });
  store.onChange(sync);
  sync();
  if (store.startupNotice !== null) replace(status, el('p', { class: 'notice' }, store.startupNotice));
  return el(
    'div',
    { class: 'orm-model-panel', role: 'group', 'aria-label': 'Reward model' },
    ormModelLine(client, 'orm-model'),
    el('div', { class: 'row' }, fileButton(input, 'Load your own model (.onnx + .json)…'), input, bundled),
    status,
  );
}
