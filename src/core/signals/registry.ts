/**
 * The signal registry: which signals a pipeline computes, by name, in order.
 */
import { buildClusters } from './clusters.ts';
import { DEFAULT_SIGNALS } from './known.ts';
import { verifierSignal } from './modal-signals.ts';
import type { AnswerClusters, QuestionView, Signal } from './types.ts';
import { verifierScores } from '../verifiers/index.ts';

/**
 * Verifier scores that join as signals by name (`verifierSignal`): every
 * score of every verifier descriptor (core/verifiers: `orm`, `orm_sql`,
 * `judge`).
 */
export const VERIFIER_SIGNALS: readonly string[] = verifierScores().map((s) => s.name);

/** Every signal name a profile may read: the default signals and the verifiers. */
export function knownSignalNames(): string[] {
  return [...defaultSignals().map((s) => s.name), ...VERIFIER_SIGNALS];
}

/** A named set of signals in registration order. */
export interface SignalRegistry {
  /** Adds a signal; a second signal with the same name is a RangeError. */
  register(signal: Signal): void;
  /** The signals, in registration order. */
  list(): readonly Signal[];
  get(name: string): Signal | undefined;
}

/**
 * The signals every run computes (signals/known.ts: the selective-prediction
 * study's Table 1, in its order). Verifiers are added with `verifierSignal(name)`.
 */
export function defaultSignals(): Signal[] {
  return [...DEFAULT_SIGNALS];
}

/**
 * A registry holding `initial` (the default signals unless given).
 *
 * @example
 * const registry = createSignalRegistry();
 * registry.register(verifierSignal('orm'));
 * registry.list().map((s) => s.name); // ['string_sc', …, 'logprob', 'orm']
 */
export function createSignalRegistry(initial: readonly Signal[] = defaultSignals()): SignalRegistry {
  const byName = new Map<string, Signal>();
  const registry: SignalRegistry = {
    register(signal) {
      if (byName.has(signal.name)) throw new RangeError(`signal '${signal.name}' is already registered`);
      byName.set(signal.name, signal);
    },
    list: () => [...byName.values()],
    get: (name) => byName.get(name),
  };
  for (const s of initial) registry.register(s);
  return registry;
}

/**
 * The one rule for which signals a run computes: the default signals, then a
 * verifier signal for each of `names` (verifier scores, in the order given,
 * each once). Ask and `confide ask` name the scores their verifiers give and
 * their profile reads (pipeline/ask-registry.ts); an evaluation names the
 * scores its candidates carry (eval/matrix.ts).
 *
 * @example registryWithVerifiers(['orm', 'orm_sql']).list().map((s) => s.name); // [..., 'logprob', 'orm', 'orm_sql']
 */
export function registryWithVerifiers(names: Iterable<string>): SignalRegistry {
  const registry = createSignalRegistry(defaultSignals());
  for (const n of new Set(names)) {
    if (registry.get(n) === undefined) registry.register(verifierSignal(n));
  }
  return registry;
}

/** Every registered signal's value for one question, and the clusters they were computed from. */
export interface SignalValues {
  readonly values: Record<string, number | null>;
  readonly clusters: AnswerClusters;
}

/**
 * Computes every registered signal for one question (clusters built once,
 * unless passed in) about `subject`: the modal candidate unless another is
 * named (each candidate scored as the answer). A signal returning a
 * non-finite number breaks its contract (RangeError): missing values are null.
 *
 * @example
 * const { values, clusters } = computeSignals(view, createSignalRegistry());
 * values.string_sc; // 0.75
 * computeSignals(view, registry, clusters, 3).values.execution_sc; // candidate 3's result's share
 */
export function computeSignals(q: QuestionView, registry: SignalRegistry, clusters: AnswerClusters = buildClusters(q), subject = clusters.modal): SignalValues {
  const values: Record<string, number | null> = {};
  for (const s of registry.list()) {
    const v = s.compute(q, clusters, subject);
    if (v !== null && !Number.isFinite(v)) {
      throw new RangeError(`signal '${s.name}' returned ${v}; a missing value must be null`);
    }
    values[s.name] = v;
  }
  return { values, clusters };
}
