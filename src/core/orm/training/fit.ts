/**
 * The ORM's training loop: AdamW on mean binary cross-entropy over shuffled
 * minibatches, early stopping on validation loss with the validation set made
 * of whole databases (see `split.ts`). Deterministic: one seeded mulberry32
 * stream draws, in order, the database split, the initial weights and every
 * epoch's shuffle, so the same seed and data give bit-identical weights.
 */
import { createAdam } from './adam.ts';
import { accumulateGradients, zeroGradients } from './backprop.ts';
import { evaluateMlp, type Evaluation, type GroupedExample } from './evaluate.ts';
import { initMlp, type MlpParams } from './mlp.ts';
import { mulberry32, shuffleInPlace } from '../../stats/mulberry32.ts';
import { splitByGroup, type GroupSplit } from './split.ts';

export interface FitOptions {
  readonly seed: number;
  /** Input width D (the featurizer's dim). */
  readonly dim: number;
  /** Hidden widths (default [128, 32]). */
  readonly hidden?: readonly number[];
  /** Most epochs (default 30). */
  readonly maxEpochs?: number;
  /** Epochs without a better validation loss before stopping (default 4). */
  readonly patience?: number;
  readonly batchSize?: number;
  readonly lr?: number;
  readonly weightDecay?: number;
  /** Share of examples held out, by database (default 0.2). */
  readonly validationShare?: number;
  readonly onProgress?: (p: { progress: number; text: string }) => void;
}

export interface EpochReport {
  readonly epoch: number;
  readonly trainLoss: number;
  readonly validation: Evaluation;
}

export interface FitResult {
  /** Weights of the epoch with the lowest validation loss. */
  readonly params: MlpParams;
  readonly bestEpoch: number;
  readonly history: readonly EpochReport[];
  readonly split: GroupSplit;
  readonly options: Required<Omit<FitOptions, 'onProgress'>>;
}

const copy = (p: MlpParams): MlpParams => ({ sizes: [...p.sizes], weights: p.weights.map((w) => w.slice()), biases: p.biases.map((b) => b.slice()) });

/**
 * Trains an MLP on `examples` (each tagged with its database in `group`).
 *
 * @example
 * const r = fitMlp(examples, { seed: 1, dim: DEFAULT_FEATURIZER.dim });
 * r.history[r.bestEpoch - 1].validation.auroc;
 */
export function fitMlp(examples: readonly GroupedExample[], options: FitOptions): FitResult {
  const o = { hidden: [128, 32], maxEpochs: 30, patience: 4, batchSize: 64, lr: 1e-3, weightDecay: 1e-4, validationShare: 0.2, ...options };
  const { onProgress, ...recorded } = o;
  for (const ex of examples)
    if (ex.x.indices.length > 0 && ex.x.indices[ex.x.indices.length - 1]! >= o.dim) throw new RangeError(`a feature index is outside dim ${o.dim}`);
  const rng = mulberry32(o.seed);
  const split = splitByGroup(
    examples.map((e) => e.group),
    o.validationShare,
    rng,
  );
  const held = new Set(split.validation);
  const train = examples.filter((e) => !held.has(e.group));
  const validation = examples.filter((e) => held.has(e.group));
  const params = initMlp([o.dim, ...o.hidden, 1], rng);
  const arrays = [...params.weights, ...params.biases];
  const adam = createAdam(
    arrays as Float32Array[],
    arrays.map((_, i) => i < params.weights.length),
    { lr: o.lr, weightDecay: o.weightDecay },
  );
  const grads = zeroGradients(params);
  const gradArrays = [...grads.weights, ...grads.biases];
  const order = train.map((_, i) => i);
  const history: EpochReport[] = [];
  let best = { loss: Infinity, epoch: 0, params: copy(params) };
  for (let epoch = 1; epoch <= o.maxEpochs && epoch - best.epoch <= o.patience; epoch++) {
    shuffleInPlace(order, rng);
    let lossSum = 0;
    for (let s = 0; s < order.length; s += o.batchSize) {
      const batch = order.slice(s, s + o.batchSize).map((i) => train[i]!);
      lossSum += accumulateGradients(params, batch, grads) * batch.length;
      adam.step(gradArrays);
      for (const g of gradArrays) g.fill(0);
    }
    const v = evaluateMlp(params, validation);
    history.push({ epoch, trainLoss: lossSum / train.length, validation: v });
    if (v.loss < best.loss) best = { loss: v.loss, epoch, params: copy(params) };
    onProgress?.({
      progress: epoch / o.maxEpochs,
      text: `epoch ${epoch}: train loss ${(lossSum / train.length).toFixed(4)}, validation loss ${v.loss.toFixed(4)}, AUROC ${v.auroc.toFixed(3)}`,
    });
  }
  return { params: best.params, bestEpoch: best.epoch, history, split, options: { ...recorded, hidden: [...o.hidden] } };
}
