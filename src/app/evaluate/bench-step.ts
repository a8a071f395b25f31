/**
 * Evaluate's step 1: a benchmark in the Spider or BIRD layout, from a
 * folder, a zip or the bundled demo, read by bench-source.ts, with its split
 * to choose when it has several and a line saying what was read (or why
 * nothing was).
 */
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { plural } from '../ui/format.ts';
import type { ProgressView } from '../ui/progress.ts';
import { demoSource, folderSource, loadBench, zipSource, type FileSource, type LoadedBench } from './bench-source.ts';

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

export interface BenchStep {
  /** The step's fieldset. */
  readonly element: HTMLElement;
  /** The benchmark read, or null while none is (or one is being read). */
  current(): LoadedBench | null;
}

/** The step's reading line, status and split menu, and the benchmark in (with the source it came from); its parts read and set it as one closure would. */
interface BenchParts {
  readonly loading: ProgressView;
  readonly onChange: () => void;
  readonly status: HTMLDivElement;
  readonly splitSelect: HTMLSelectElement;
  source: FileSource | null;
  bench: LoadedBench | null;
}

/**
 * Builds step 1. Reading shows on `loading` (placed in this step);
 * `onChange` is called whenever the benchmark is let go or a new one is in.
 *
 * @example const bench = benchStep(loading, refresh); fieldsets.append(bench.element);
 */
export function benchStep(loading: ProgressView, onChange: () => void): BenchStep {
  const b: BenchParts = {
    loading,
    onChange,
    status: el('div', { class: 'bench-status', 'aria-live': 'polite' }),
    splitSelect: el('select', { id: 'eval-split', hidden: true, 'aria-label': 'Split' }),
    source: null,
    bench: null,
  };
  const { splitSelect } = b;
  const folderInput = el('input', { type: 'file', id: 'eval-folder', webkitdirectory: true, multiple: true, class: 'visually-hidden' });
  folderInput.addEventListener('change', () => folderInput.files && folderInput.files.length > 0 && void setBench(b, folderSource(folderInput.files)));
  const zipInput = el('input', { type: 'file', id: 'eval-zip', accept: '.zip,application/zip', class: 'visually-hidden' });
  zipInput.addEventListener('change', () => readZip(b, zipInput));
  splitSelect.addEventListener('change', () => b.source && void setBench(b, b.source, splitSelect.value));
  return {
    current: () => b.bench,
    element: el(
      'fieldset',
      {},
      el('legend', {}, '1. Benchmark (Spider or BIRD layout)'),
      el(
        'div',
        { class: 'row' },
        fileButton(folderInput, 'Choose a benchmark folder…'),
        folderInput,
        fileButton(zipInput, 'Open a benchmark zip…'),
        zipInput,
        el('button', { type: 'button', onclick: () => void setBench(b, demoSource()) }, 'Use the demo benchmark'),
        splitSelect,
      ),
      loading.element,
      b.status,
    ),
  };
}

/** Reads a benchmark (its `split`, or its first), letting the one in go first; says what it holds (and which databases are missing) or why it cannot be read. */
async function setBench(b: BenchParts, src: FileSource, split?: string, signal = b.loading.start(`Reading ${src.name}`)): Promise<void> {
  const { loading, onChange, status, splitSelect } = b;
  b.bench = null;
  onChange();
  replace(status, el('p', { class: 'muted' }, `Reading ${src.name}…`));
  let r;
  try {
    r = await loadBench(src, split, { signal, onProgress: (f, text) => loading.update(f, text) });
    loading.finish('');
  } catch (e) {
    loading.finish(signal.aborted ? 'Stopped.' : '');
    replace(status, errorLine(signal.aborted ? `Reading ${src.name} was stopped.` : String(e)));
    b.bench = null;
    return onChange();
  }
  if (!r.ok) {
    b.bench = null;
    replace(status, errorLine(r.message));
    return onChange();
  }
  b.source = src;
  const bench = r.bench;
  b.bench = bench;
  replace(splitSelect, ...bench.splits.map((s) => el('option', { value: s, selected: s === bench.split }, s)));
  splitSelect.hidden = bench.splits.length < 2;
  replace(
    status,
    el(
      'p',
      { id: 'bench-summary' },
      `${bench.source}: ${bench.layout === 'spider' ? 'Spider' : 'BIRD'} layout, split "${bench.split}", ${plural(bench.questions.length, 'question')} over ${plural(bench.dbIds.length, 'database')}`,
      bench.missingDbs.length > 0 ? ` (missing: ${bench.missingDbs.join(', ')}; their questions will be skipped)` : '',
      '.',
    ),
  );
  onChange();
}

/** Opens the chosen zip as a benchmark, or says why it cannot be read. */
async function readZip(b: BenchParts, zipInput: HTMLInputElement): Promise<void> {
  const { loading } = b;
  const f = zipInput.files?.[0];
  if (!f) return;
  const signal = loading.start(`Reading ${f.name}`);
  try {
    await setBench(b, await zipSource(f, signal), undefined, signal);
  } catch (e) {
    loading.finish(signal.aborted ? 'Stopped.' : '');
    replace(
      b.status,
      errorLine(signal.aborted ? `Reading ${f.name} was stopped.` : `${f.name} could not be read as a zip: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
}
