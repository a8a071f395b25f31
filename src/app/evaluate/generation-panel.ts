import { runGeneration } from '../../core/pipeline/index.ts';
import { el, replace } from '../ui/dom.ts';
import { createProgress } from '../ui/progress.ts';
import { schemaReader } from './db-access.ts';
import type { GenerationPanelDeps, GenerationParts } from './generation-types.ts';
import { runStore, showRuns } from './stored-runs.ts';

/**
 * The panel (a collapsible section of step 2).
 *
 * @example fieldset.append(generationPanel({ sqlPool, live, bench: () => bench, onRecords }));
 */
export function generationPanel(deps: GenerationPanelDeps): HTMLElement {
  const g: GenerationParts = {
    deps,
    n: el('input', { type: 'number', id: 'gen-n', value: 8, min: 1, max: 32, step: 1 }),
    temperature: el('input', { type: 'number', id: 'gen-temperature', value: 0.7, min: 0, max: 2, step: 0.1 }),
    seed: el('input', { type: 'number', id: 'gen-seed', value: 1, min: 0, step: 1 }),
    start: el('button', { type: 'button' }, 'Generate (or resume)'),
    status: el('div', { 'aria-live': 'polite' }),
    runsBox: el('div', { class: 'runs' }),
    progress: createProgress('Generation progress'),
    store: null,
  };
  g.start.addEventListener('click', () => generate(g));
  const details = el(
    'details',
    { class: 'generation' },
    el('summary', {}, 'Or generate candidates with the live model (resumable, kept in this browser)'),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'gen-n' }, 'N'),
      g.n,
      el('label', { for: 'gen-temperature' }, 'Temperature'),
      g.temperature,
      el('label', { for: 'gen-seed' }, 'Seed'),
      g.seed,
      g.start,
    ),
    g.progress.element,
    g.status,
    el('h4', {}, 'Stored runs'),
    g.runsBox,
  );
  details.addEventListener('toggle', () => details.open && void showRuns(g));
  return details;
}

/** Generates (or resumes) the benchmark's candidates with the live model, each question's kept as soon as it exists. */
async function generate(g: GenerationParts): Promise<void> {
  const { deps, status, progress, start } = g;
  const bench = deps.bench();
  const generator = deps.live?.generator() ?? null;
  const model = deps.live?.modelId() ?? null;
  if (bench === null) return replace(status, el('p', { class: 'error', role: 'alert' }, 'Choose a benchmark first.'));
  if (generator === null || model === null)
    return replace(
      status,
      el('p', { class: 'error', role: 'alert' }, 'Live generation needs WebGPU and a loaded model: load one on the Ask screen (Candidates from: Live model).'),
    );
  const settings = {
    n: Math.min(32, Math.max(1, Math.floor(Number(g.n.value)))),
    temperature: Number(g.temperature.value),
    seed: Math.floor(Number(g.seed.value)),
  };
  const benchmark = `${bench.source} (${bench.split})`;
  const id = [benchmark, model, settings.n, settings.temperature, settings.seed].join('|');
  const questions = bench.questions.filter((q) => !bench.missingDbs.includes(q.db_id));
  const s = await runStore(g);
  await s.saveMeta({ id, benchmark, model, settings, total: questions.length, created: new Date().toISOString() });
  start.disabled = true;
  replace(status);
  const signal = progress.start('Generating');
  try {
    const records = await runGeneration(id, questions, generator, schemaReader(deps.sqlPool, bench), s, settings, {
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
    void showRuns(g);
  }
}
