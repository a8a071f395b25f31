/**
 * Scoring with an ORM model in Node: onnxruntime-web resolves to its wasm
 * build under Node (no onnxruntime-node), one thread, through the same
 * engine the browser's ORM worker holds (`src/engines/orm/engine.ts`), so a
 * scoring run answers in the same shape: P(correct) per item, or a failure
 * as data. Loading a file that is not a model this build can use throws an
 * {@link OrmError} naming the file.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { ORM_MAX_MODEL_BYTES, OrmError } from '../../core/orm/errors.ts';
import { modelPairProblem, ORM_MAX_SIDECAR_BYTES, parseSidecar, type OrmSidecar } from '../../core/orm/sidecar.ts';
import { createOrmEngine, type OrmEngine } from '../../engines/orm/engine.ts';
import { isInside } from '../bench-paths.ts';
import { InputFileError, readInputBytes, readInputText } from '../input-file.ts';

/** A loaded model: the engine's scoring face, with the model's sidecar. */
export interface OrmScorer extends Pick<OrmEngine, 'score' | 'scoreFeatures' | 'unload'> {
  /** Always `wasm` in Node. */
  readonly backend: 'wasm';
  readonly sidecar: OrmSidecar;
}

/**
 * Loads a model from bytes and a sidecar (a parsed JSON value). Throws
 * {@link OrmError}: ORM_BAD_SIDECAR, ORM_TOO_LARGE, ORM_NOT_ONNX,
 * ORM_BAD_INPUTS, ORM_BAD_OUTPUTS.
 *
 * @example
 * const scorer = await createOrmScorer(readFileSync('public/models/orm-v1.onnx'), JSON.parse(readFileSync('public/models/orm-v1.json', 'utf8')));
 * const r = await scorer.score([{ question: 'How many singers?', sql: 'SELECT count(*) FROM singer' }]);
 * if (r.ok) r.scores[0]; // P(correct)
 */
export async function createOrmScorer(modelBytes: Uint8Array, sidecar: unknown, source?: string): Promise<OrmScorer> {
  const parsed = parseSidecar(sidecar, source);
  ort.env.wasm.numThreads = 1;
  const engine = createOrmEngine({ ort, executionProviders: ['wasm'] });
  const loaded = await engine.load(modelBytes, parsed, source);
  if (!loaded.ok) throw new OrmError(loaded.error.code, loaded.error.message, loaded.error.source ?? source);
  return { backend: 'wasm', sidecar: parsed, score: engine.score, scoreFeatures: engine.scoreFeatures, unload: engine.unload };
}

/**
 * Loads the sidecar at `sidecarPath` and the model file it names, checked as
 * the browser checks a pair: the name is a bare file name (parseSidecar), the
 * file a regular one whose real path (symlinks followed) lies in the
 * sidecar's own folder, within ORM_MAX_MODEL_BYTES, of the size and (when
 * recorded) SHA-256 the sidecar gives. Throws {@link OrmError}.
 *
 * @example
 * const scorer = await loadOrmScorer('public/models/orm-v1.json');
 */
export async function loadOrmScorer(sidecarPath: string): Promise<OrmScorer> {
  const read = async <T>(what: () => Promise<T>, code: 'ORM_BAD_SIDECAR' | 'ORM_NOT_ONNX' | 'ORM_TOO_LARGE', path: string): Promise<T> => {
    try {
      return await what();
    } catch (e) {
      if (!(e instanceof InputFileError)) throw e;
      throw new OrmError(e.code === 'INPUT_TOO_LARGE' ? 'ORM_TOO_LARGE' : code, e.message, path);
    }
  };
  const text = await read(() => readInputText({ flag: 'the ORM sidecar', path: sidecarPath }, ORM_MAX_SIDECAR_BYTES), 'ORM_BAD_SIDECAR', sidecarPath);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new OrmError('ORM_BAD_SIDECAR', `Cannot read the ORM sidecar ${sidecarPath} as JSON: ${(e as Error).message}`, sidecarPath);
  }
  const sidecar = parseSidecar(value, sidecarPath);
  const modelPath = join(dirname(sidecarPath), sidecar.model);
  let real: string;
  try {
    real = realpathSync(modelPath);
  } catch {
    throw new OrmError('ORM_NOT_ONNX', `The ORM model ${modelPath} named by ${sidecarPath} does not exist: keep the .onnx beside its .json.`, modelPath);
  }
  if (!isInside(real, realpathSync(dirname(sidecarPath)))) {
    throw new OrmError(
      'ORM_BAD_SIDECAR',
      `The ORM model ${modelPath} named by ${sidecarPath} leads to ${real}, outside the sidecar's folder: keep the model file itself beside its .json.`,
      modelPath,
    );
  }
  const bytes = await read(() => readInputBytes({ flag: 'the ORM model', path: real }, ORM_MAX_MODEL_BYTES), 'ORM_NOT_ONNX', modelPath);
  const sha256 = sidecar.architecture.sha256 === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
  const problem = modelPairProblem(sidecar, basename(sidecarPath), { name: basename(modelPath), size: bytes.byteLength }, sha256);
  if (problem !== null) throw new OrmError(problem.code, problem.message, modelPath);
  return createOrmScorer(bytes, sidecar, modelPath);
}
