/**
 * The Evaluate screen, in four steps: (1) a benchmark from a folder, a zip or
 * the bundled demo (bench-step.ts); (2) candidates from a candidate file, the
 * demo replay file, or the live model in a resumable run kept in IndexedDB
 * (candidates-step.ts); (3) run: execute and label every candidate in the
 * worker pool, then `evaluate()` (src/core/eval, the code behind
 * `confide eval`) (run-step.ts, run-evaluation.ts); (4) the report.
 */
import type { SqlPool } from '../../engines/sql/index.ts';
import { el } from '../ui/dom.ts';
import type { OrmClient } from '../orm/orm-client.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../ui/progress.ts';
import { benchStep } from './bench-step.ts';
import { candidatesStep } from './candidates-step.ts';
import type { LiveGeneratorSource } from './generation-types.ts';
import { runStep } from './run-step.ts';

export interface EvaluateViewDeps {
  readonly sqlPool: SqlPool;
  readonly profiles: ProfileStore;
  readonly live?: LiveGeneratorSource;
  /** The outcome reward model, offered as an opt-in `orm` signal. */
  readonly orm?: OrmClient;
}

/**
 * Builds the Evaluate screen.
 *
 * @example panel.append(evaluateView({ sqlPool, profiles }));
 */
export function evaluateView(deps: EvaluateViewDeps): HTMLElement {
  const { sqlPool, profiles } = deps;
  // Steps 1 and 2 report a change only from events, once the run step below exists.
  const refresh = (): void => run.refresh();
  // Each step reads through its own progress line: starting one never stops the other.
  const bench = benchStep(createProgress('Benchmark loading progress'), refresh);
  const loading = createProgress('Candidate file loading progress');
  const candidates = candidatesStep({ sqlPool, ...(deps.live ? { live: deps.live } : {}), bench: bench.current, loading, onChange: refresh });
  const run = runStep({ sqlPool, profiles, ...(deps.orm ? { orm: deps.orm } : {}), bench: bench.current, candidates: candidates.current });
  run.refresh();
  return el(
    'section',
    { class: 'evaluate' },
    el('h2', {}, 'Evaluate'),
    el(
      'p',
      { class: 'muted' },
      'Measure how well the signals tell right answers from wrong ones on a benchmark with gold SQL, see the plots, export the report, and fit a calibration profile for Ask. Everything runs in this browser.',
    ),
    bench.element,
    candidates.element,
    run.element,
    run.out,
  );
}
