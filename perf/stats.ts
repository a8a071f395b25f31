/**
 * Micro benchmark of the paired AUROC bootstrap at the size of a benchmark
 * report: B = 2000 resamples × 1000 questions × 8 signals, plus the 7 paired
 * differences against the first signal. Synthetic data from a seeded rng:
 * half the questions correct, each signal = label·shift + uniform noise,
 * rounded to two decimals (so ties occur), one signal missing on 5% of
 * questions (so one pair takes the replay path). Median of 5 runs.
 */
import { pairedBootstrap } from '../src/core/stats/bootstrap.ts';
import { createRng } from '../src/core/stats/rng.ts';

const QUESTIONS = 1000;
const SIGNALS = 8;
const RUNS = 5;

function syntheticData(): { scores: Record<string, Float64Array>; labels: Uint8Array } {
  const rng = createRng(20260101);
  const labels = new Uint8Array(QUESTIONS);
  for (let i = 0; i < QUESTIONS; i++) labels[i] = rng.next() < 0.5 ? 1 : 0;
  const scores: Record<string, Float64Array> = {};
  for (let s = 0; s < SIGNALS; s++) {
    const col = new Float64Array(QUESTIONS);
    for (let i = 0; i < QUESTIONS; i++) {
      const v = labels[i]! * 0.1 * (s + 1) + rng.next();
      col[i] = s === SIGNALS - 1 && rng.next() < 0.05 ? NaN : Math.round(v * 100) / 100;
    }
    scores[`signal_${s}`] = col;
  }
  return { scores, labels };
}

/**
 * Times one paired bootstrap (B = 2000 × 1000 questions × 8 signals, and the
 * 7 paired differences against the first signal); the median of 5 runs.
 *
 * @example
 * const { seconds } = await benchBootstrap(); // ≈ 0.1 on one core
 */
export async function benchBootstrap(): Promise<{ seconds: number }> {
  const { scores, labels } = syntheticData();
  const names = Object.keys(scores);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const result = pairedBootstrap(scores, labels, createRng(run), { B: 2000 });
    for (const name of names.slice(1)) result.paired(name, names[0]!);
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return { seconds: times[Math.floor(RUNS / 2)]! };
}
