/**
 * A question's pool cut down to k candidates: what the same question would
 * have looked like had the generator produced only k. The k are drawn
 * uniformly without replacement and kept in their original order (sampling
 * order decides the modal query's ties), with their executions, labels and
 * pool-independent verifier scores; the signals are then computed on the
 * smaller pool as on any other.
 *
 * Draws: a partial Fisher–Yates shuffle from the back over positions 0…n − 1
 * (for i = n − 1 down to n − k, swap i and `rng.int(i + 1)`); the last k
 * positions, sorted, are the kept candidates. k ≥ n keeps the question whole
 * and draws nothing.
 */
import type { Rng } from '../stats/rng.ts';
import { verifierScores } from '../verifiers/index.ts';
import type { PreparedQuestion } from './prepare.ts';

/**
 * Verifier scores that depend on the pool (their descriptors say so,
 * core/verifiers: the ORM reading the candidate's agreement with the other
 * candidates): meaningless once the pool is cut, so a cut pool drops them.
 */
export const POOL_AWARE_SCORES: readonly string[] = verifierScores()
  .filter((s) => s.readsPool)
  .map((s) => s.name);

/**
 * Indices of k of n candidates, ascending.
 *
 * @example subsampleIndices(19, 3, createRng(5)); // e.g. [2, 11, 17]
 */
export function subsampleIndices(n: number, k: number, rng: Rng): number[] {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`subsampleIndices: k must be a whole number ≥ 1, got ${k}`);
  if (k >= n) return Array.from({ length: n }, (_, i) => i);
  const pos = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i >= n - k; i--) {
    const j = rng.int(i + 1);
    [pos[i], pos[j]] = [pos[j]!, pos[i]!];
  }
  return pos.slice(n - k).sort((a, b) => a - b);
}

/**
 * The question with k of its candidates (all of them when k ≥ its pool).
 *
 * @example const one = subsamplePrepared(question, 1, rng); // a pool of one query
 */
export function subsamplePrepared(q: PreparedQuestion, k: number, rng: Rng): PreparedQuestion {
  const n = q.candidates.length;
  if (k >= n) return q;
  const keep = subsampleIndices(n, k, rng);
  const strip = (scores: Readonly<Record<string, number>> | undefined): Readonly<Record<string, number>> | undefined => {
    if (scores === undefined) return undefined;
    const out = Object.fromEntries(Object.entries(scores).filter(([name]) => !POOL_AWARE_SCORES.includes(name)));
    return Object.keys(out).length === 0 ? undefined : out;
  };
  return {
    ...q,
    candidates: keep.map((i) => q.candidates[i]!),
    view: {
      ...q.view,
      candidates: keep.map((i) => {
        const c = q.view.candidates[i]!;
        const { scores, ...rest } = c;
        const kept = strip(scores);
        return kept === undefined ? rest : { ...rest, scores: kept };
      }),
    },
  };
}
