/**
 * Scoring with an ORM model in Node: onnxruntime-web resolves to its wasm
 * build under Node (no onnxruntime-node), one thread, through the same
 * session code the browser worker uses (`src/engines/orm/session.ts`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { OrmError } from '../../core/orm/errors.ts';
import type { OrmItem } from '../../core/orm/featurize.ts';
import { parseSidecar, type OrmSidecar } from '../../core/orm/sidecar.ts';
import { createOrmSession } from '../../engines/orm/session.ts';

export interface OrmScorer {
  /** Always `wasm` in Node. */
  readonly backend: 'wasm';
  readonly sidecar: OrmSidecar;
  /** P(correct) per item, in item order; all items in one run. */
  score(items: readonly OrmItem[]): Promise<Float32Array>;
  /** Scores an already featurized row-major `[batch, D]` matrix. */
  scoreFeatures(features: Float32Array, batch: number): Promise<Float32Array>;
  release(): Promise<void>;
}

/**
 * Loads a model from bytes and a sidecar (a parsed JSON value). Throws
 * {@link OrmError}: ORM_BAD_SIDECAR, ORM_TOO_LARGE, ORM_NOT_ONNX,
 * ORM_BAD_INPUTS, ORM_BAD_OUTPUTS.
 *
 * @example
 * const scorer = await createOrmScorer(readFileSync('public/models/orm-v1.onnx'), JSON.parse(readFileSync('public/models/orm-v1.json', 'utf8')));
 * const p = await scorer.score([{ question: 'How many singers?', sql: 'SELECT count(*) FROM singer' }]);
 */
export async function createOrmScorer(modelBytes: Uint8Array, sidecar: unknown, source?: string): Promise<OrmScorer> {
  const parsed = parseSidecar(sidecar, source);
  ort.env.wasm.numThreads = 1;
  const session = await createOrmSession({ ort, model: modelBytes, sidecar: parsed, executionProviders: ['wasm'], ...(source ? { source } : {}) });
  return { backend: 'wasm', sidecar: parsed, score: session.score, scoreFeatures: session.scoreFeatures, release: session.release };
}

/**
 * Loads the sidecar at `sidecarPath` and the model file it names (next to it).
 *
 * @example
 * const scorer = await loadOrmScorer('public/models/orm-v1.json');
 */
export async function loadOrmScorer(sidecarPath: string): Promise<OrmScorer> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(sidecarPath, 'utf8'));
  } catch (e) {
    throw new OrmError('ORM_BAD_SIDECAR', `Cannot read the ORM sidecar ${sidecarPath}: ${(e as Error).message}`, sidecarPath);
  }
  const sidecar = parseSidecar(value, sidecarPath);
  const modelPath = join(dirname(sidecarPath), sidecar.model);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(modelPath);
  } catch (e) {
    throw new OrmError('ORM_NOT_ONNX', `Cannot read the ORM model ${modelPath} named by ${sidecarPath}: ${(e as Error).message}`, modelPath);
  }
  return createOrmScorer(bytes, sidecar, modelPath);
}
