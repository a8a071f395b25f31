/**
 * The signal matrix of an evaluation: one row per labeled question, one
 * column per signal (NaN where missing), and the modal answer's label.
 */
import { computeSignals, registryWithVerifiers, VERIFIER_SIGNALS, type SignalRegistry } from '../signals/index.ts';
import type { QuestionView } from '../signals/types.ts';
import type { PreparedQuestion } from './prepare.ts';

/** Verifier scores that join the registry when any candidate carries them. */
export { VERIFIER_SIGNALS };

export interface SignalMatrix {
  readonly questions: readonly PreparedQuestion[];
  readonly names: readonly string[];
  readonly descriptions: Readonly<Record<string, string>>;
  /** columns[name][i]: signal value for question i, NaN when missing. */
  readonly columns: Readonly<Record<string, Float64Array>>;
  /** y[i]: 1 when question i's modal answer is correct. */
  readonly y: Uint8Array;
  readonly views: readonly QuestionView[];
  /** labels[i][j]: candidate j of question i is correct. */
  readonly labels: readonly (readonly boolean[])[];
  readonly excluded: { gold_error: number; no_candidates: number; unlabeled: number };
}

/** The default registry plus the verifier signals the candidates carry (signals/registry.ts, registryWithVerifiers). */
export function registryFor(questions: readonly PreparedQuestion[]): SignalRegistry {
  const carried = (name: string): boolean => questions.some((q) => q.view.candidates.some((c) => c.scores?.[name] !== undefined));
  return registryWithVerifiers(VERIFIER_SIGNALS.filter(carried));
}

/**
 * Builds the matrix. A question is left out when its gold failed, it has no
 * candidates, or any candidate's label is unknown; signals that are missing
 * on every kept question are dropped.
 */
export function signalMatrix(all: readonly PreparedQuestion[], registry: SignalRegistry = registryFor(all)): SignalMatrix {
  const excluded = { gold_error: 0, no_candidates: 0, unlabeled: 0 };
  const kept: PreparedQuestion[] = [];
  for (const q of all) {
    if (q.goldError !== undefined) excluded.gold_error++;
    else if (q.candidates.length === 0) excluded.no_candidates++;
    else if (q.candidates.some((c) => c.correct === null)) excluded.unlabeled++;
    else kept.push(q);
  }
  const signals = registry.list();
  const raw: Record<string, Float64Array> = {};
  for (const s of signals) raw[s.name] = new Float64Array(kept.length);
  const y = new Uint8Array(kept.length);
  kept.forEach((q, i) => {
    const { values, clusters } = computeSignals(q.view, registry);
    for (const s of signals) (raw[s.name] as Float64Array)[i] = values[s.name] ?? NaN;
    y[i] = q.candidates[clusters.modal]?.correct ? 1 : 0;
  });
  const names = signals.map((s) => s.name).filter((n) => (raw[n] as Float64Array).some((v) => !Number.isNaN(v)));
  const columns: Record<string, Float64Array> = {};
  const descriptions: Record<string, string> = {};
  for (const s of signals) {
    if (!names.includes(s.name)) continue;
    columns[s.name] = raw[s.name] as Float64Array;
    descriptions[s.name] = s.description;
  }
  return {
    questions: kept,
    names,
    descriptions,
    columns,
    y,
    views: kept.map((q) => q.view),
    labels: kept.map((q) => q.candidates.map((c) => c.correct === true)),
    excluded,
  };
}

/** Row-major features in `names` order (NaN = missing), for the combiner. */
export function featureRows(m: SignalMatrix, names: readonly string[] = m.names): Float64Array[] {
  return m.questions.map((_, i) => Float64Array.from(names, (n) => (m.columns[n] as Float64Array)[i] as number));
}

/** True when every present value lies in [0, 1], so the raw value can be read as a probability. */
export function isProbabilityLike(column: ArrayLike<number>): boolean {
  for (let i = 0; i < column.length; i++) {
    const v = column[i] as number;
    if (!Number.isNaN(v) && (v < 0 || v > 1)) return false;
  }
  return true;
}
