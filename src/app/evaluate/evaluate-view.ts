/**
 * The Evaluate screen, in four steps: (1) a benchmark from a folder, a zip or
 * the bundled demo; (2) candidates from a candidate file, the demo replay
 * file, or the live model in a resumable run kept in IndexedDB; (3) run:
 * execute and label every candidate in the worker pool, then `evaluate()`
 * (src/core/eval, the code behind `confide eval`); (4) the report.
 */
import { tryParseCandidateFile } from '../../core/bench/index.ts';
import { resolveGold } from '../../core/bench/index.ts';
import type { QuestionRecord } from '../../core/bench/index.ts';
import { labeledRecord } from '../../core/eval/index.ts';
import { prepareAll, requireLabeled, skippedReasons } from '../../core/eval/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { DEMO_CANDIDATES_URL } from '../ask/replay-source.ts';
import { el, replace } from '../dom.ts';
import { fileButton } from '../file-button.ts';
import { plural } from '../format.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../progress.ts';
import { ormModelLine } from '../orm/model-panel.ts';
import type { OrmClient } from '../orm/orm-client.ts';
import { scorePrepared } from '../orm/score-prepared.ts';
import { benchAccess } from './db-access.ts';
import { evaluateInWorker } from './evaluate-worker.ts';
import { demoSource, folderSource, loadBench, readCandidatesOffThread, zipSource, type FileSource, type LoadedBench } from './bench-source.ts';
import { generationPanel, type LiveGeneratorSource } from './generation-panel.ts';
import { reportView } from './report-view.ts';

export interface EvaluateViewDeps {
  readonly pool: SqlPool;
  readonly profiles: ProfileStore;
  readonly live?: LiveGeneratorSource;
  /** The outcome reward model, offered as an opt-in `orm` signal. */
  readonly orm?: OrmClient;
}

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

/** Bootstrap resamples by default: the same as `confide eval --bootstrap`. */
export const DEFAULT_BOOTSTRAP = 2000;

/**
 * What the Run button waits for, or that it is ready.
 *
 * @example runWaitsFor(false, true, false); // 'Waiting for a benchmark (step 1).'
 */
function runWaitsFor(hasBench: boolean, hasCandidates: boolean, running: boolean): string {
  if (running) return 'Running: see the progress below.';
  if (!hasBench && !hasCandidates) return 'Waiting for a benchmark (step 1) and candidates (step 2).';
  if (!hasBench) return 'Waiting for a benchmark (step 1).';
  if (!hasCandidates) return 'Waiting for candidates (step 2).';
  return 'Ready to run.';
}

/**
 * Builds the Evaluate screen.
 *
 * @example panel.append(evaluateView({ pool, profiles }));
 */
export function evaluateView(deps: EvaluateViewDeps): HTMLElement {
  const { pool, profiles } = deps;
  let source: FileSource | null = null;
  let bench: LoadedBench | null = null;
  let candidates: { records: QuestionRecord[]; origin: string } | null = null;

  const benchStatus = el('div', { class: 'bench-status', 'aria-live': 'polite' });
  const splitSelect = el('select', { id: 'eval-split', hidden: true, 'aria-label': 'Split' });
  const candStatus = el('div', { class: 'cand-status', 'aria-live': 'polite' });
  const runButton = el('button', { type: 'button', class: 'primary', id: 'eval-run', disabled: true }, 'Run the evaluation');
  const progress = createProgress('Evaluation progress');
  const loading = createProgress('Loading progress');
  const out = el('div', { class: 'eval-out' });
  const bootstrap = el('select', { id: 'eval-bootstrap' }, ...[200, 1000, DEFAULT_BOOTSTRAP].map((b) => el('option', { value: b, selected: b === DEFAULT_BOOTSTRAP }, b === DEFAULT_BOOTSTRAP ? `${b} (as confide eval)` : String(b))));
  const runHint = el('p', { class: 'muted run-hint', id: 'eval-run-hint', 'aria-live': 'polite' });
  runButton.setAttribute('aria-describedby', 'eval-run-hint');
  let running = false;
  const seed = el('input', { type: 'number', id: 'eval-seed', value: 1, min: 0, step: 1 });
  const useOrm = el('input', { type: 'checkbox', id: 'eval-orm' });
  const folds = el('select', { id: 'eval-folds' }, el('option', { value: '2' }, '2 folds by question'), el('option', { value: '5' }, '5 folds by question'), el('option', { value: 'db' }, 'leave one database out'));

  /** The Run button is on once a benchmark and candidates are in; the line under it says what it waits for. */
  const refresh = (): void => {
    runButton.disabled = running || bench === null || candidates === null;
    replace(runHint, runWaitsFor(bench !== null, candidates !== null, running));
  };
  const setBench = async (src: FileSource, split?: string, signal = loading.start(`Reading ${src.name}`)): Promise<void> => {
    bench = null;
    refresh();
    replace(benchStatus, el('p', { class: 'muted' }, `Reading ${src.name}…`));
    let r;
    try {
      r = await loadBench(src, split, { signal, onProgress: (f, text) => loading.update(f, text) });
      loading.finish('');
    } catch (e) {
      loading.finish(signal.aborted ? 'Stopped.' : '');
      replace(benchStatus, errorLine(signal.aborted ? `Reading ${src.name} was stopped.` : String(e)));
      bench = null;
      return refresh();
    }
    if (!r.ok) {
      bench = null;
      replace(benchStatus, errorLine(r.message));
      return refresh();
    }
    source = src;
    bench = r.bench;
    replace(splitSelect, ...bench.splits.map((s) => el('option', { value: s, selected: s === bench!.split }, s)));
    splitSelect.hidden = bench.splits.length < 2;
    replace(benchStatus, el('p', { id: 'bench-summary' },
      `${bench.source}: ${bench.layout === 'spider' ? 'Spider' : 'BIRD'} layout, split "${bench.split}", ${plural(bench.questions.length, 'question')} over ${plural(bench.dbIds.length, 'database')}`,
      bench.missingDbs.length > 0 ? ` (missing: ${bench.missingDbs.join(', ')}; their questions will be skipped)` : '', '.'));
    refresh();
  };
  /** Takes read candidate records, or says why a file holds none. */
  const showCandidates = (records: QuestionRecord[], origin: string): void => {
    if (records.length === 0) {
      candidates = null;
      replace(candStatus, errorLine(`${origin} holds no questions: a candidate file has one JSON line per question, with "candidates".`));
      return refresh();
    }
    candidates = { records, origin };
    replace(candStatus, el('p', { id: 'cand-summary' }, `${origin}: ${plural(records.length, 'question')}, ${plural(records.reduce((s, x) => s + x.candidates.length, 0), 'candidate')}.`));
    refresh();
  };
  const setCandidates = (text: string, origin: string): void => {
    const r = tryParseCandidateFile(text, origin);
    if (!r.ok) {
      candidates = null;
      replace(candStatus, errorLine(r.error.message));
      return refresh();
    }
    showCandidates(r.records, origin);
  };

  const folderInput = el('input', { type: 'file', id: 'eval-folder', webkitdirectory: true, multiple: true, class: 'visually-hidden' });
  folderInput.addEventListener('change', () => folderInput.files && folderInput.files.length > 0 && void setBench(folderSource(folderInput.files)));
  const zipInput = el('input', { type: 'file', id: 'eval-zip', accept: '.zip,application/zip', class: 'visually-hidden' });
  zipInput.addEventListener('change', async () => {
    const f = zipInput.files?.[0];
    if (!f) return;
    const signal = loading.start(`Reading ${f.name}`);
    try {
      await setBench(await zipSource(f, signal), undefined, signal);
    } catch (e) {
      loading.finish(signal.aborted ? 'Stopped.' : '');
      replace(benchStatus, errorLine(signal.aborted ? `Reading ${f.name} was stopped.` : `${f.name} could not be read as a zip: ${e instanceof Error ? e.message : String(e)}`));
    }
  });
  splitSelect.addEventListener('change', () => source && void setBench(source, splitSelect.value));
  const candInput = el('input', { type: 'file', id: 'eval-candidates', accept: '.jsonl,.json,application/x-ndjson', class: 'visually-hidden' });
  candInput.addEventListener('change', async () => {
    const f = candInput.files?.[0];
    if (!f) return;
    // The file on screen is the one a run uses: the previous one is let go at once.
    candidates = null;
    replace(candStatus, el('p', { class: 'muted' }, `Reading ${f.name}…`));
    refresh();
    const signal = loading.start(`Reading ${f.name}`);
    try {
      const records = await readCandidatesOffThread(f, { signal, onProgress: (done, total) => loading.update(total > 0 ? done / total : null, `${plural(Math.round(done / 2 ** 20), 'MB')} read`) });
      loading.finish('');
      showCandidates(records, f.name);
    } catch (e) {
      loading.finish(signal.aborted ? 'Stopped.' : '');
      candidates = null;
      replace(candStatus, errorLine(signal.aborted ? `Reading ${f.name} was stopped.` : e instanceof Error ? e.message : String(e)));
      refresh();
    }
  });
  const demoCandidates = el('button', { type: 'button' }, 'Use the demo replay candidates');
  demoCandidates.addEventListener('click', async () => {
    const r = await fetch(new URL(DEMO_CANDIDATES_URL, document.baseURI));
    if (r.ok) setCandidates(await r.text(), 'demo candidates (mutation generator)');
    else replace(candStatus, errorLine(`The demo candidate file could not be loaded (HTTP ${r.status}).`));
  });
  const generation = generationPanel({
    pool,
    ...(deps.live ? { live: deps.live } : {}),
    bench: () => bench,
    onRecords: (records, origin) => {
      candidates = { records, origin };
      replace(candStatus, el('p', { id: 'cand-summary' }, `${origin}: ${plural(records.length, 'question')} with candidates.`));
      refresh();
    },
  });

  runButton.addEventListener('click', async () => {
    if (!bench || !candidates) return;
    running = true;
    refresh();
    replace(out);
    const signal = progress.start('Evaluating');
    try {
      const gold = resolveGold(candidates.records, bench.questions);
      const known = new Set(bench.dbIds);
      const matching = gold.records.filter((r) => known.has(r.db_id));
      if (matching.length === 0) {
        const theirs = [...new Set(gold.records.map((r) => r.db_id))];
        progress.finish('');
        const list = (ids: readonly string[]) => ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
        replace(out, errorLine(`None of the ${plural(gold.records.length, 'question')} in ${candidates.origin} is about a database of ${bench.source}: the candidates name ${list(theirs)}; the benchmark has ${list(bench.dbIds)}. Choose the benchmark these candidates were made for.`));
        return;
      }
      const run = await prepareAll(gold.records, benchAccess(pool, bench), { signal, onProgress: (p) => progress.update(p.progress, p.text) });
      const { skipped } = run;
      let { prepared } = run;
      // Too few labeled questions: say how many, naming each database skipped and why, before the statistics.
      requireLabeled(prepared, skippedReasons(skipped));
      let ormName: string | null = null;
      if (deps.orm && useOrm.checked) {
        progress.update(null, 'scoring with the reward model');
        const scored = await scorePrepared(prepared, deps.orm, { signal, onProgress: (f, text) => progress.update(f, text) });
        if (!scored.ok) {
          progress.finish('');
          replace(out, errorLine(`The reward model did not score: ${scored.error.message} (${scored.error.code})`));
          return;
        }
        prepared = scored.prepared;
        ormName = scored.name;
      }
      progress.update(null, 'computing the statistics');
      const byId = new Map(gold.records.map((r) => [r.id, r]));
      const report = await evaluateInWorker(prepared, {
        bootstrap: Number(bootstrap.value),
        seed: Math.max(0, Math.floor(Number(seed.value) || 0)),
        ...(folds.value === 'db' ? { group: 'db_id' as const } : { folds: Number(folds.value) }),
        profileName: `${bench.source} ${bench.split}`,
        provenance: { data: `${bench.source}, split ${bench.split} (${prepared.length} questions evaluated${ormName === null ? '' : `; reward model ${ormName}`})`, generator: candidates.origin, created: new Date().toISOString() },
      }, signal);
      progress.finish('Done.');
      replace(out, reportView({
        report,
        labeled: prepared.map((p) => labeledRecord(byId.get(p.id)!, p)),
        baseName: `${bench.source.replace(/\.zip$/, '').replace(/[^A-Za-z0-9_-]+/g, '-')}-${bench.split}`,
        profiles,
        skipped: skipped.length,
      }));
    } catch (e) {
      progress.finish(signal.aborted ? 'Stopped.' : '');
      if (!signal.aborted) replace(out, errorLine(e instanceof Error ? e.message : String(e)));
    } finally {
      running = false;
      refresh();
    }
  });

  refresh();
  return el('section', { class: 'evaluate' },
    el('h2', {}, 'Evaluate'),
    el('p', { class: 'muted' }, 'Measure how well the signals tell right answers from wrong ones on a benchmark with gold SQL, see the plots, export the report, and fit a calibration profile for Ask. Everything runs in this browser.'),
    el('fieldset', {},
      el('legend', {}, '1. Benchmark (Spider or BIRD layout)'),
      el('div', { class: 'row' },
        fileButton(folderInput, 'Choose a benchmark folder…'), folderInput,
        fileButton(zipInput, 'Open a benchmark zip…'), zipInput,
        el('button', { type: 'button', onclick: () => void setBench(demoSource()) }, 'Use the demo benchmark'),
        splitSelect,
      ),
      loading.element,
      benchStatus,
    ),
    el('fieldset', {},
      el('legend', {}, '2. Candidates'),
      el('div', { class: 'row' }, fileButton(candInput, 'Load a candidate file…'), candInput, demoCandidates),
      generation,
      candStatus,
    ),
    el('fieldset', {},
      el('legend', {}, '3. Run'),
      el('div', { class: 'row' },
        el('label', { for: 'eval-bootstrap' }, 'Bootstrap resamples'), bootstrap,
        el('label', { for: 'eval-seed' }, 'Seed'), seed,
        el('label', { for: 'eval-folds' }, 'Cross-fit'), folds,
        runButton,
      ),
      runHint,
      deps.orm ? el('div', { class: 'check' }, el('span', {}, useOrm, ' ', el('label', { for: 'eval-orm' }, 'Score every candidate with the outcome reward model (signal orm)')), el('div', {}, ormModelLine(deps.orm, 'eval-orm-model'), el('span', { class: 'muted' }, ' (change it under Ask)'))) : null,
      progress.element,
    ),
    out,
  );
}
