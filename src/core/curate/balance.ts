/**
 * Balancing a labeled candidate set to 50/50 correct/incorrect by downsampling.
 *
 * Policy: candidates without a boolean `correct` (not labeled, or failed to
 * execute) are dropped first. A question holding both classes keeps `m` of
 * each, `m` the size of its smaller class (per-question balance). Questions
 * holding one class only cannot balance alone: they are pooled, and the larger
 * class of the pool is downsampled to the size of the smaller one (global
 * balance). Which candidates stay is drawn uniformly with the rng passed in;
 * the survivors keep their original order, and questions left empty are
 * dropped. The result holds exactly as many correct as incorrect candidates.
 */
import type { CandidateRecord, QuestionRecord } from '../bench/types.ts';
import type { RandomSource } from '../mutate/types.ts';

/** `count` indices out of `0..n-1`, chosen uniformly (partial Fisher–Yates). */
function choose(n: number, count: number, rng: RandomSource): Set<number> {
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.min(n - i - 1, Math.floor(rng.next() * (n - i)));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return new Set(idx.slice(0, count));
}

interface Ref {
  readonly q: number;
  readonly c: number;
}

/**
 * The balanced subset of `labeled` (see the module comment for the policy).
 *
 * @example
 * const out = balance(records, createRng(1));
 * // out.flatMap((q) => q.candidates).filter((c) => c.correct).length
 * //   === out.flatMap((q) => q.candidates).filter((c) => !c.correct).length
 */
export function balance(labeled: readonly QuestionRecord[], rng: RandomSource): QuestionRecord[] {
  const keep = labeled.map(() => new Set<number>());
  const pool: Record<'yes' | 'no', Ref[]> = { yes: [], no: [] };
  labeled.forEach((question, q) => {
    const yes: number[] = [];
    const no: number[] = [];
    question.candidates.forEach((cand: CandidateRecord, c) => {
      if (cand.correct === true) yes.push(c);
      else if (cand.correct === false) no.push(c);
    });
    if (yes.length > 0 && no.length > 0) {
      const m = Math.min(yes.length, no.length);
      for (const side of [yes, no]) for (const i of choose(side.length, m, rng)) keep[q]!.add(side[i]!);
    } else {
      pool.yes.push(...yes.map((c) => ({ q, c })));
      pool.no.push(...no.map((c) => ({ q, c })));
    }
  });
  const m = Math.min(pool.yes.length, pool.no.length);
  for (const side of [pool.yes, pool.no]) for (const i of choose(side.length, m, rng)) keep[side[i]!.q]!.add(side[i]!.c);
  return labeled.flatMap((question, q) => {
    const candidates = question.candidates.filter((_c, c) => keep[q]!.has(c));
    return candidates.length > 0 ? [{ ...question, candidates }] : [];
  });
}
