/**
 * The generation panel's stored runs: each run kept in IndexedDB listed with
 * its benchmark, model, settings and how far it got, and Use (its records
 * become the candidates), Export (as a candidate file) and Delete.
 */
import { serializeCandidateFile } from '../../core/bench/index.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadText } from '../ui/download.ts';
import type { GenerationParts } from './generation-types.ts';
import { type BrowserRunStore, openRunStore } from './run-store.ts';

/**
 * The run store, opened the first time it is needed.
 *
 * @example const runs = await (await runStore(g)).list();
 */
export async function runStore(g: GenerationParts): Promise<BrowserRunStore> {
  return (g.store ??= await openRunStore());
}

/**
 * Lists the stored runs (or says there are none, or that they cannot be read).
 *
 * @example details.addEventListener('toggle', () => details.open && void showRuns(g));
 */
export async function showRuns(g: GenerationParts): Promise<void> {
  const { runsBox } = g;
  let runs;
  try {
    runs = await (await runStore(g)).list();
  } catch (e) {
    return replace(runsBox, el('p', { class: 'error' }, `Stored runs cannot be read (IndexedDB unavailable: ${String(e)}).`));
  }
  if (runs.length === 0) return replace(runsBox, el('p', { class: 'muted' }, 'No stored runs yet.'));
  replace(runsBox, el('ul', {}, ...runs.map((run) => runItem(g, run))));
}

/** One stored run: what it is and how far it got, with Use, Export and Delete. */
function runItem(g: GenerationParts, { meta, done }: Awaited<ReturnType<BrowserRunStore['list']>>[number]): HTMLElement {
  const records = async () => [...(await (await runStore(g)).load(meta.id)).values()];
  return el(
    'li',
    {},
    `${meta.benchmark}, ${meta.model}, N=${meta.settings.n}, T=${meta.settings.temperature}, seed ${meta.settings.seed}: ${done} of ${meta.total} questions (${meta.created.slice(0, 16).replace('T', ' ')}) `,
    el('button', { type: 'button', onclick: async () => g.deps.onRecords(await records(), `stored run (${meta.model})`) }, 'Use'),
    ' ',
    el(
      'button',
      { type: 'button', onclick: async () => downloadText('candidates.jsonl', serializeCandidateFile(await records()), 'application/x-ndjson') },
      'Export',
    ),
    ' ',
    el('button', { type: 'button', onclick: async () => ((await runStore(g)).remove(meta.id), void showRuns(g)) }, 'Delete'),
  );
}
