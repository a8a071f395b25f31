/**
 * What one candidate's evidence is read from: the question's intent, the
 * candidate's outcome, the shape of what it returned, the smells of its SQL,
 * the schema and the probes run beside it (findings.ts and
 * probe-findings.ts read them).
 */
import type { ExecOutcome } from '../exec/types.ts';
import type { Schema } from '../schema.ts';
import type { QuestionIntent } from './intent.ts';
import type { Probe } from './probes.ts';
import type { ResultShape } from './result-shape.ts';
import type { SqlSmells } from './sql-smells.ts';

/** What one candidate's evidence is read from. */
export interface EvidenceParts {
  readonly intent: QuestionIntent;
  readonly exec: ExecOutcome;
  readonly shape: ResultShape | null;
  readonly smells: SqlSmells | null;
  readonly schema: Schema;
  readonly probes: readonly Probe[];
  /** A probe's outcome (undefined when it was not run). */
  readonly answer: (sql: string) => ExecOutcome | undefined;
}
