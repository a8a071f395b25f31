/**
 * The shapes of the generation panel: the live model as Evaluate needs it,
 * what the panel is given, and its controls and run store as its parts
 * (generation-panel.ts builds them; stored-runs.ts lists the runs).
 */
import type { QuestionRecord } from '../../core/bench/index.ts';
import type { CandidateGenerator } from '../../core/pipeline/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { ProgressView } from '../ui/progress.ts';
import type { LoadedBench } from './bench-source.ts';
import type { BrowserRunStore } from './run-store.ts';

/** The live model as the Evaluate screen needs it. */
export interface LiveGeneratorSource {
  generator(): CandidateGenerator | null;
  modelId(): string | null;
}

export interface GenerationPanelDeps {
  readonly sqlPool: SqlPool;
  readonly live?: LiveGeneratorSource;
  bench(): LoadedBench | null;
  onRecords(records: QuestionRecord[], origin: string): void;
}

/** The panel's controls and its run store (opened on first use); its parts read and set it as one closure would. */
export interface GenerationParts {
  readonly deps: GenerationPanelDeps;
  readonly n: HTMLInputElement;
  readonly temperature: HTMLInputElement;
  readonly seed: HTMLInputElement;
  readonly start: HTMLButtonElement;
  readonly status: HTMLDivElement;
  readonly runsBox: HTMLDivElement;
  readonly progress: ProgressView;
  store: BrowserRunStore | null;
}
