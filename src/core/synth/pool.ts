/**
 * A simulated sampler: N candidates for a question made from its gold query
 * and the mutation generator, for experiments and demos without an LLM.
 *
 * The model: each question gets a skill p ~ U^(1/2) (U uniform on [0, 1),
 * so skills lean high, mean 2/3), its own small menu of wrong answers (up to
 * `wrongMenu` near-miss mutants) and right rewrites (meaning-preserving
 * mutants). Each of the N draws is, with probability p, the gold query
 * (70%) or one of the rewrites (30%), and otherwise a wrong answer picked with
 * Zipf weights 1/rank, so wrong answers cluster the way a model's repeated
 * mistakes do. Whether a draw is really correct is decided later by
 * execution, never by this intent. No log-probabilities are invented.
 */
import type { CandidateRecord } from '../bench/types.ts';
import { mutate, type Mutant, type RandomSource } from '../mutate/index.ts';
import type { Schema } from '../schema.ts';

export interface SynthOptions {
  /** Candidates per question (default 8). */
  readonly n?: number;
  readonly rng: RandomSource;
  /** Most distinct wrong answers per question (default 4). */
  readonly wrongMenu?: number;
  /** Fix the question's skill instead of drawing it. */
  readonly skill?: number;
}

function pickZipf<T>(items: readonly T[], rng: RandomSource): T {
  const weights = items.map((_, i) => 1 / (i + 1));
  let u = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    u -= weights[i] as number;
    if (u < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

/**
 * N simulated candidates for one question (see the module comment).
 *
 * @example
 * synthesizePool(gold, schema, { n: 8, rng: createRng(1) });
 * // [{sql: gold, source: 'synth:gold'}, {sql: '…', source: 'synth:mutation:wrong-column'}, …]
 */
export function synthesizePool(gold: string, schema: Schema, options: SynthOptions): CandidateRecord[] {
  const { rng } = options;
  const n = options.n ?? 8;
  const skill = options.skill ?? Math.sqrt(rng.next());
  const mutants = mutate(gold, schema, { k: 24, rng });
  const wrong = mutants.filter((m) => !m.preserving).slice(0, options.wrongMenu ?? 4);
  const rewrites = mutants.filter((m) => m.preserving);
  const record = (m: Mutant): CandidateRecord => ({ sql: m.sql, source: `synth:mutation:${m.kind}` });
  const out: CandidateRecord[] = [];
  for (let i = 0; i < n; i++) {
    const right = wrong.length === 0 || rng.next() < skill;
    if (right) {
      out.push(
        rewrites.length > 0 && rng.next() < 0.3 ? record(rewrites[Math.floor(rng.next() * rewrites.length)] as Mutant) : { sql: gold, source: 'synth:gold' },
      );
    } else {
      out.push(record(pickZipf(wrong, rng)));
    }
  }
  return out;
}
