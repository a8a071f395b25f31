/**
 * The shapes of Ask's candidate sources: the live model as Ask sees it, the
 * kinds of source, and the picker that chooses among them
 * (candidate-source.ts builds it; source-controls.ts draws its controls).
 */
import type { CandidateGenerator, Verifier } from '../../core/pipeline/index.ts';
import type { ModelRequest } from '../../engines/llm/index.ts';
import type { OpenDatabase } from '../database/database.ts';
import type { ReplaySet } from './replay-source.ts';
import type { VerifyPanel } from './verify-panel.ts';

/** A live model, when one can run: its panel, its generator once loaded, its judge, settings and request costs. */
export interface LiveSource {
  readonly element: HTMLElement;
  generator(): CandidateGenerator | null;
  /** Why there is no generator, in a sentence. */
  whyNot(): string;
  judge(): Verifier | null;
  settings(): { n: number; temperature: number };
  /** Starts recording the model's requests; the returned function stops and gives them. */
  track(): () => readonly ModelRequest[];
}

export type SourceKind = 'replay' | 'verify' | 'live';

/** Where a source with nothing to give says so: an offer of what to do instead, or an error line. */
export interface NoCandidates {
  offerAlternatives(why: string): void;
  showError(message: string): void;
}

export interface CandidateSourcePicker {
  /** The "Candidates from" select. */
  readonly select: HTMLSelectElement;
  /** The input for another candidate file, shown while replaying. */
  readonly replayBox: HTMLElement;
  /** Verify mode's box for the person's own SQL. */
  readonly verify: VerifyPanel;
  /** Where the candidates come from, or that the replay file is loading or could not be read. */
  readonly note: HTMLElement;
  kind(): SourceKind;
  /** Chooses a source and shows its controls. */
  set(kind: SourceKind): void;
  /** Shows the chosen source's controls and its line. */
  show(): void;
  replay(): ReplaySet | null;
  /** Whether the replay file holds questions for `db`. */
  replayHas(db: OpenDatabase | null): boolean;
  /** Called after a replay file is loaded (the demo file, or one the person chose). */
  onReplay(listener: () => void): void;
  /** Switches to verify mode and brings its box into view, focused. */
  checkOwnSql(): void;
  /** The chosen source's generator for `db`, or null once `none` has been told why. */
  generator(db: OpenDatabase, none: NoCandidates): CandidateGenerator | null;
}
