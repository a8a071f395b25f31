/**
 * Candidates from the live model for a whole benchmark, as a resumable run:
 * every question's candidates go to IndexedDB as soon as they exist, so a
 * closed tab or a stop loses at most one question. The same benchmark, model
 * and settings make the same run id, so starting again resumes it. Stored
 * runs can be used, exported as a candidate file, or deleted.
 */
import { serializeCandidateFile } from '../../core/bench/index.ts';
import type { QuestionRecord } from '../../core/bench/index.ts';
import { runGeneration } from '../../core/pipeline/index.ts';
import type { CandidateSource } from '../../core/pipeline/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadText } from '../ui/download.ts';
import { createProgress } from '../ui/progress.ts';
import type { LoadedBench } from './bench-source.ts';
import { schemaReader } from './db-access.ts';
import { openRunStore, type BrowserRunStore } from './run-store.ts';

/** The live model as the Evaluate screen needs it. */
export interface LiveGeneratorSource {
  generator(): CandidateSource | null;
  modelId(): string | null;
}

export interface GenerationPanelDeps {
  readonly pool: SqlPool;
  readonly live?: LiveGeneratorSource;
  bench(): LoadedBench | null;
  onRecords(records: QuestionRecord[], origin: string): void;
}

/**
 * The panel (a collapsible section of step 2).
 *
 * @example fieldset.append(generationPanel({ pool, live, bench: () => bench, onRecords }));
 */
export function generationPanel(deps: GenerationPanelDeps): HTMLElement {
  const n = el('input', { type: 'number', id: 'gen-n', value: 8, min: 1, max: 32, step: 1 });
  const temperature = el('input', { type: 'number', id: 'gen-temperature', value: 0.7, min: 0, max: 2, step: 0.1 });
  const seed = el('input', { type: 'number', id: 'gen-seed', value: 1, min: 0, step: 1 });
  const start = el('button', { type: 'button' }, 'Generate (or resume)');
  const status = el('div', { 'aria-live': 'polite' });
  const runsBox = el('div', { class: 'runs' });
  const progress = createProgress('Generation progress');
  let store: BrowserRunStore | null = null;
  const getStore = async (): Promise<BrowserRunStore> => (store ??= await openRunStore());

  const showRuns = async (): Promise<void> => {
    let runs;
    try {
      runs = await (await getStore()).list();
    } catch (e) {
      return replace(runsBox, el('p', { class: 'error' }, `Stored runs cannot be read (IndexedDB unavailable: ${String(e)}).`));
    }
    if (runs.length === 0) return replace(runsBox, el('p', { class: 'muted' }, 'No stored runs yet.'));
    replace(
      runsBox,
      el(
        'ul',
        {},
        ...runs.map(({ meta, done }) => {
          const records = async () => [...(await (await getStore()).load(meta.id)).values()];
          return el(
            'li',
            {},
            `${meta.benchmark}, ${meta.model}, N=${meta.settings.n}, T=${meta.settings.temperature}, seed ${meta.settings.seed}: ${done} of ${meta.total} questions (${meta.created.slice(0, 16).replace('T', ' ')}) `,
            el('button', { type: 'button', onclick: async () => deps.onRecords(await records(), `stored run (${meta.model})`) }, 'Use'),
            ' ',
            el(
              'button',
              { type: 'button', onclick: async () => downloadText('candidates.jsonl', serializeCandidateFile(await records()), 'application/x-ndjson') },
              'Export',
            ),
            ' ',
            el('button', { type: 'button', onclick: async () => ((await getStore()).remove(meta.id), void showRuns()) }, 'Delete'),
          );
        }),
      ),
    );
  };

  start.addEventListener('click', async () => {
    const bench = deps.bench();
    const generator = deps.live?.generator() ?? null;
    const model = deps.live?.modelId() ?? null;
    if (bench === null) return replace(status, el('p', { class: 'error', role: 'alert' }, 'Choose a benchmark first.'));
    if (generator === null || model === null)
      return replace(
        status,
        el(
          'p',
          { class: 'error', role: 'alert' },
          'Live generation needs WebGPU and a loaded model: load one on the Ask screen (Candidates from: Live model).',
        ),
      );
    const settings = {
      n: Math.min(32, Math.max(1, Math.floor(Number(n.value)))),
      temperature: Number(temperature.value),
      seed: Math.floor(Number(seed.value)),
    };
    const benchmark = `${bench.source} (${bench.split})`;
    const id = [benchmark, model, settings.n, settings.temperature, settings.seed].join('|');
    const questions = bench.questions.filter((q) => !bench.missingDbs.includes(q.db_id));
    const s = await getStore();
    await s.saveMeta({ id, benchmark, model, settings, total: questions.length, created: new Date().toISOString() });
    start.disabled = true;
    replace(status);
    const signal = progress.start('Generating');
    try {
      const records = await runGeneration(id, questions, generator, schemaReader(deps.pool, bench), s, settings, {
        signal,
        onProgress: (p) => progress.update(p.progress, p.text),
      });
      progress.finish(`Done: ${records.length} questions.`);
      deps.onRecords(records, `live model ${model}`);
    } catch (e) {
      progress.finish(signal.aborted ? 'Stopped; what was generated is kept. Press Generate to resume.' : '');
      if (!signal.aborted) replace(status, el('p', { class: 'error', role: 'alert' }, (e as { error?: { message?: string } }).error?.message ?? String(e)));
    } finally {
      start.disabled = false;
      void showRuns();
    }
  });

  const details = el(
    'details',
    { class: 'generation' },
    el('summary', {}, 'Or generate candidates with the live model (resumable, kept in this browser)'),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'gen-n' }, 'N'),
      n,
      el('label', { for: 'gen-temperature' }, 'Temperature'),
      temperature,
      el('label', { for: 'gen-seed' }, 'Seed'),
      seed,
      start,
    ),
    progress.element,
    status,
    el('h4', {}, 'Stored runs'),
    runsBox,
  );
  details.addEventListener('toggle', () => details.open && void showRuns());
  return details;
}
