/**
 * The curation report: how many candidates, how balanced, which sources (and
 * so which mutation kinds) most often stay correct, how many failed to run.
 *
 * Conventions: a candidate is *failed* when it carries `exec_error`,
 * *labeled* when `correct` is a boolean, *unlabeled* otherwise. `shareCorrect`
 * is correct / labeled and `shareFailed` failed / candidates; both are `NaN`
 * when their denominator is 0. A merged candidate (with `sources`) counts once
 * under each of its sources, so per-source counts may add up to more than the
 * total. Sources read `mutation:<kind>` for mutants; `(none)` when missing.
 */
import type { CandidateRecord, QuestionRecord } from '../bench/types.ts';
import { MUTATION_KINDS, ruleOf } from '../mutate/registry.ts';
import { sourcesOf } from './dedupe.ts';
import { kindOfSource } from './sources.ts';

export interface Tally {
  readonly candidates: number;
  readonly correct: number;
  readonly incorrect: number;
  readonly failed: number;
  readonly unlabeled: number;
  readonly shareCorrect: number;
  readonly shareFailed: number;
}

export interface SourceTally extends Tally {
  readonly source: string;
  /** For `mutation:<kind>` sources: whether the kind was meant to keep the meaning. */
  readonly preserving?: boolean;
}

export interface CurationReport extends Tally {
  readonly questions: number;
  /** One row per source, highest `shareCorrect` first (`NaN` last), then by name. */
  readonly bySource: readonly SourceTally[];
}

function tally(cands: readonly CandidateRecord[]): Tally {
  const correct = cands.filter((c) => c.correct === true).length;
  const incorrect = cands.filter((c) => c.correct === false).length;
  const failed = cands.filter((c) => c.exec_error !== undefined).length;
  const unlabeled = cands.filter((c) => typeof c.correct !== 'boolean' && c.exec_error === undefined).length;
  const labeled = correct + incorrect;
  return {
    candidates: cands.length,
    correct,
    incorrect,
    failed,
    unlabeled,
    shareCorrect: labeled === 0 ? NaN : correct / labeled,
    shareFailed: cands.length === 0 ? NaN : failed / cands.length,
  };
}

function preservingOf(source: string): boolean | undefined {
  const kind = kindOfSource(source);
  return kind !== null && (MUTATION_KINDS as readonly string[]).includes(kind) ? ruleOf(kind).preserving : undefined;
}

/**
 * Counts and shares over a labeled candidate set.
 *
 * @example
 * const r = curationReport(records);
 * r.bySource[0]; // { source: 'mutation:alias-rename', preserving: true, shareCorrect: 1, … }
 */
export function curationReport(labeled: readonly QuestionRecord[]): CurationReport {
  const all = labeled.flatMap((q) => q.candidates);
  const groups = new Map<string, CandidateRecord[]>();
  for (const c of all) {
    const sources = sourcesOf(c);
    for (const s of sources.length > 0 ? sources : ['(none)']) {
      const group = groups.get(s);
      if (group) group.push(c);
      else groups.set(s, [c]);
    }
  }
  const bySource = [...groups].map(([source, cands]): SourceTally => {
    const preserving = preservingOf(source);
    return preserving === undefined ? { source, ...tally(cands) } : { source, preserving, ...tally(cands) };
  });
  const rank = (x: number): number => (Number.isNaN(x) ? -1 : x);
  bySource.sort((a, b) => rank(b.shareCorrect) - rank(a.shareCorrect) || a.source.localeCompare(b.source));
  return { questions: labeled.length, ...tally(all), bySource };
}
