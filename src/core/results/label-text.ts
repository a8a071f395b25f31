/**
 * The text a rule executes for a label: the query itself under `bird`, the
 * official evaluator's text under the `spider` rules (spider-text.ts).
 * Signals, fingerprints and everything a person sees keep the query itself.
 */
import { spiderText, type SpiderSide } from './spider-text.ts';
import type { EquivalenceRule } from './types.ts';

/** A query as a rule runs it for a label. */
export interface LabelText {
  readonly sql: string;
  /** Gold only: whether row order matters. */
  readonly ordered: boolean;
}

/**
 * The text a rule executes for a label, or null when the rule's evaluator
 * cannot read one (the `spider` rule on an empty text: the candidate is
 * wrong, or the question unlabeled when it is the gold). `bird` runs the
 * text as it is and never orders rows; the `spider` rules run spider-text.ts's
 * texts.
 *
 * @example
 * labelText('spider', 'SELECT DISTINCT a FROM t', 'prediction'); // { sql: 'SELECT  a FROM t', ordered: false }
 */
export function labelText(rule: EquivalenceRule, sql: string, side: SpiderSide): LabelText | null {
  if (rule === 'bird') return { sql, ordered: false };
  const t = spiderText(sql, side, rule === 'spider-keep-distinct');
  return t === null ? null : { sql: t.sql, ordered: t.orderMatters };
}
