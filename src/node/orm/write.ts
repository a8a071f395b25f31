/**
 * Writes an ORM: `<out>/<name>.onnx` and its JSON sidecar `<out>/<name>.json`
 * with the featurizer config, architecture, I/O contract, training provenance
 * and measured quality. `writeOrm` writes a trained MLP (int8 QDQ weights,
 * the validation quality of both the float and the int8 weights);
 * `writeOrmFiles` writes any parameters (a linear verifier in float32).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateMlp, type Evaluation, type GroupedExample } from '../../core/orm/training/evaluate.ts';
import type { FitResult } from '../../core/orm/training/fit.ts';
import type { MlpParams } from '../../core/orm/training/mlp.ts';
import { denseFeatureNames, type FeaturizerConfig } from '../../core/orm/layout.ts';
import { int8Equivalent } from '../../core/orm/training/quantize.ts';
import { ORM_INPUT, ORM_OUTPUT, type OrmSidecar } from '../../core/orm/sidecar.ts';
import { mlpToOnnx, ONNX_IR_VERSION, ONNX_OPSET } from './onnx.ts';

export interface WriteOrmOptions {
  readonly out: string;
  readonly name: string;
  readonly fit: FitResult;
  readonly featurizer: FeaturizerConfig;
  /** The examples the fit saw (validation ones are re-scored with the int8 weights). */
  readonly examples: readonly GroupedExample[];
  /** Where the data came from and how it was filtered; copied into `training`. */
  readonly provenance: Readonly<Record<string, unknown>>;
  /** `measured` for real benchmark data, `not yet measured` for synthetic data. */
  readonly qualityStatus: 'measured' | 'not yet measured';
  readonly qualityNote?: string;
}

const round = (e: Evaluation): Evaluation =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, Number.isInteger(v) ? v : Number(v.toFixed(4))])) as unknown as Evaluation;

export interface WriteOrmFilesOptions {
  readonly out: string;
  readonly name: string;
  /** An MLP's (or a linear model's) parameters; or, with `model`, none. */
  readonly params?: MlpParams;
  /** A model already serialized (boosted trees, onnx-trees.ts): its bytes and what the sidecar says of it. */
  readonly model?: { readonly bytes: Uint8Array; readonly sizes: readonly number[]; readonly ensemble: Readonly<Record<string, number>> };
  readonly featurizer: FeaturizerConfig;
  /** `int8` (QDQ, per output channel) for MLPs; `float32` for a one-layer linear model, whose per-weight scale differs too much for one int8 step. */
  readonly weights: 'int8' | 'float32';
  readonly training: Readonly<Record<string, unknown>>;
  readonly quality: OrmSidecar['quality'];
}

/**
 * Writes `<out>/<name>.onnx` and its sidecar `<out>/<name>.json` for any
 * parameters under the ORM contract, and returns the sidecar and the paths.
 *
 * @example
 * writeOrmFiles({ out: 'public/models', name: 'orm-v2', params: linearOrmParams(fit, t, 8192), featurizer, weights: 'float32', training, quality });
 */
export function writeOrmFiles(o: WriteOrmFilesOptions): { sidecar: OrmSidecar; modelPath: string; sidecarPath: string } {
  if ((o.params === undefined) === (o.model === undefined)) throw new RangeError('writeOrmFiles: give params or model, one of them');
  const bytes = o.model?.bytes ?? mlpToOnnx(o.params!, { weights: o.weights, metadata: { 'confide.featurizer': JSON.stringify(o.featurizer) } });
  const sidecar: OrmSidecar = {
    format: 'confide-orm',
    version: 1,
    name: o.name,
    model: `${o.name}.onnx`,
    featurizer: { ...o.featurizer, denseFeatures: denseFeatureNames(o.featurizer) },
    architecture: {
      sizes: o.model?.sizes ?? o.params!.sizes,
      ...(o.model ? { ensemble: o.model.ensemble } : {}),
      activation: 'relu',
      output: 'sigmoid',
      weights: o.weights === 'int8' ? 'int8-per-channel-qdq' : 'float32',
      opset: ONNX_OPSET,
      irVersion: ONNX_IR_VERSION,
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
    io: { input: ORM_INPUT, output: ORM_OUTPUT },
    training: o.training,
    quality: o.quality,
  };
  mkdirSync(o.out, { recursive: true });
  const modelPath = join(o.out, sidecar.model);
  const sidecarPath = join(o.out, `${o.name}.json`);
  writeFileSync(modelPath, bytes);
  writeFileSync(sidecarPath, `${JSON.stringify(sidecar, null, 2)}\n`);
  return { sidecar, modelPath, sidecarPath };
}

/**
 * Writes a trained MLP (int8 weights) with its fit's split, history and the
 * validation quality of the float and the int8 weights; returns the sidecar and the paths.
 *
 * @example
 * const { sidecar } = writeOrm({ out: 'public/models', name: 'orm-v1', fit, featurizer, examples, provenance, qualityStatus: 'measured' });
 */
export function writeOrm(o: WriteOrmOptions): { sidecar: OrmSidecar; modelPath: string; sidecarPath: string } {
  const held = new Set(o.fit.split.validation);
  const validation = o.examples.filter((e) => held.has(e.group));
  const best = o.fit.history[o.fit.bestEpoch - 1];
  return writeOrmFiles({
    out: o.out,
    name: o.name,
    params: o.fit.params,
    featurizer: o.featurizer,
    weights: 'int8',
    training: {
      ...o.provenance,
      options: o.fit.options,
      split: { by: 'database', train: o.fit.split.train, validation: o.fit.split.validation },
      epochsRun: o.fit.history.length,
      bestEpoch: o.fit.bestEpoch,
      history: o.fit.history.map((h) => ({
        epoch: h.epoch,
        trainLoss: Number(h.trainLoss.toFixed(4)),
        validationLoss: Number(h.validation.loss.toFixed(4)),
        validationAuroc: Number(h.validation.auroc.toFixed(4)),
      })),
    },
    quality: {
      status: o.qualityStatus,
      ...(o.qualityNote ? { note: o.qualityNote } : {}),
      validationFloat: best ? round(best.validation) : null,
      validationInt8: round(evaluateMlp(int8Equivalent(o.fit.params), validation)),
    },
  });
}
