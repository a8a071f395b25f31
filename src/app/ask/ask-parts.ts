/**
 * What the Ask screen is given (AskViewDeps) and the parts it builds that one
 * Ask reads and updates (AskParts): types only, shared by the screen
 * (ask-view.ts), its layout (ask-form.ts) and one Ask (ask-once.ts).
 */
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import type { ProfileStore } from '../profiles/store.ts';
import type { ProgressView } from '../ui/progress.ts';
import type { AskResultArea } from './ask-result.ts';
import type { CandidateSourcePicker, LiveSource } from './source-types.ts';
import type { SwitchableVerifier, VerifierToggle } from './verifier-toggle.ts';
import type { DraftKeeper } from './question-draft.ts';
import type { RiskControl } from './risk-control.ts';

/** What the Ask screen is given. */
export interface AskViewDeps {
  readonly sqlPool: SqlPool;
  readonly dbs: DatabaseController;
  readonly profiles: ProfileStore;
  readonly live?: LiveSource;
  /** Verifiers with a switch of their own (the outcome reward model), each offered as a checkbox with the panel that names and changes its model. */
  readonly switchable?: readonly SwitchableVerifier[];
  /** Shows the SQL console (offered when Ask has no candidates). */
  readonly openConsole?: () => void;
}

/** The Ask screen's parts that one Ask reads and updates. */
export interface AskParts {
  readonly deps: AskViewDeps;
  readonly question: HTMLTextAreaElement;
  readonly draft: DraftKeeper;
  readonly risk: RiskControl;
  readonly sources: CandidateSourcePicker;
  /** One checkbox per switchable verifier. */
  readonly toggles: readonly VerifierToggle[];
  readonly result: AskResultArea;
  readonly progress: ProgressView;
  readonly submit: HTMLButtonElement;
}
