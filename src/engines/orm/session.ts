/**
 * One onnxruntime-web session for an ORM model, usable in any thread: created
 * once, runs serialized through a promise chain (one owner per session), all
 * N candidates of a question scored in one batch.
 *
 * Execution providers are tried one at a time in the order given (default
 * `['webgpu', 'wasm']`); a provider that fails to create the session or to
 * run a one-row warm-up is released and recorded in `fallbacks`, and the
 * next is tried, so `backend` names the provider actually in use. The model
 * must honour the contract: one float32 input `features` [batch, D] with
 * D = the sidecar's `featurizer.dim`, one float32 output `score` [batch, 1]
 * holding probabilities.
 */
import type * as Ort from 'onnxruntime-web';
import { ORM_MAX_MODEL_BYTES, OrmError } from '../../core/orm/errors.ts';
import { featurizeBatch, type OrmItem } from '../../core/orm/featurize.ts';
import { ORM_INPUT, ORM_OUTPUT, type OrmSidecar } from '../../core/orm/sidecar.ts';
import { checkModelIo } from './contract.ts';
import { scrubBuildPaths } from '../../core/scrub-paths.ts';

/** The parts of an onnxruntime-web build the session uses (inject the build your thread needs). */
export type OrtModule = Pick<typeof Ort, 'InferenceSession' | 'Tensor'>;

export type OrmBackend = 'webgpu' | 'wasm';

export interface OrmSessionOptions {
  readonly ort: OrtModule;
  readonly model: Uint8Array;
  readonly sidecar: OrmSidecar;
  readonly executionProviders?: readonly OrmBackend[];
  /** File name or URL of the model, for messages. */
  readonly source?: string;
}

export interface OrmSession {
  readonly backend: OrmBackend;
  readonly sidecar: OrmSidecar;
  /** Providers tried before `backend`, with why each was left. */
  readonly fallbacks: readonly { readonly backend: OrmBackend; readonly message: string }[];
  /** Scores a row-major `[batch, D]` feature matrix. */
  scoreFeatures(features: Float32Array, batch: number): Promise<Float32Array>;
  /** Featurizes with the sidecar's config and scores, one run for all items. */
  score(items: readonly OrmItem[]): Promise<Float32Array>;
  release(): Promise<void>;
}

/** An engine error's words, without the build paths onnxruntime puts in them. */
const message = (e: unknown): string => scrubBuildPaths(e instanceof Error ? e.message : String(e));

/**
 * Loads a model and returns a ready session. Throws {@link OrmError}:
 * `ORM_TOO_LARGE`, `ORM_NOT_ONNX` (the wasm provider could not load it),
 * `ORM_BAD_INPUTS`, `ORM_BAD_OUTPUTS`, `ORM_NO_BACKEND`.
 *
 * @example
 * const s = await createOrmSession({ ort, model: bytes, sidecar });
 * console.log(s.backend); // 'webgpu' or 'wasm'
 * const p = await s.score(candidates.map((c) => ({ question, sql: c.sql, schema })));
 */
export async function createOrmSession(options: OrmSessionOptions): Promise<OrmSession> {
  const { ort, model, sidecar, source } = options;
  const providers = options.executionProviders ?? ['webgpu', 'wasm'];
  const where = source ? ` (${source})` : '';
  if (model.byteLength > ORM_MAX_MODEL_BYTES) {
    throw new OrmError(
      'ORM_TOO_LARGE',
      `The ORM model${where} is ${(model.byteLength / 2 ** 20).toFixed(1)} MiB; the limit is ${ORM_MAX_MODEL_BYTES / 2 ** 20} MiB. Export a smaller model (int8 weights, fewer hashed features).`,
      source,
    );
  }
  const dim = sidecar.featurizer.dim;
  const fallbacks: { backend: OrmBackend; message: string }[] = [];
  for (const backend of providers) {
    let session: Ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(model, { executionProviders: [backend] });
    } catch (e) {
      if (backend === 'wasm')
        throw new OrmError(
          'ORM_NOT_ONNX',
          `onnxruntime could not load the ORM model${where}: ${message(e)}. Load an .onnx file exported by \`npm run orm:train\` or one with the same contract.`,
          source,
        );
      fallbacks.push({ backend, message: message(e) });
      continue;
    }
    try {
      checkModelIo(session.inputMetadata, session.outputMetadata, dim, source);
    } catch (e) {
      await session.release();
      throw e;
    }
    let chain: Promise<unknown> = Promise.resolve();
    const serialize = <T>(f: () => Promise<T>): Promise<T> => {
      const p = chain.then(f, f);
      chain = p.catch(() => undefined);
      return p;
    };
    const run = (features: Float32Array, batch: number): Promise<Float32Array> =>
      serialize(async () => {
        if (!Number.isInteger(batch) || batch < 0 || features.length !== batch * dim)
          throw new RangeError(`features has ${features.length} values, expected ${batch} × ${dim}`);
        if (batch === 0) return new Float32Array(0);
        const out = await session.run({ [ORM_INPUT]: new ort.Tensor('float32', features, [batch, dim]) });
        const scores = Float32Array.from(out[ORM_OUTPUT]!.data as Float32Array);
        if (scores.length !== batch || scores.some((p) => !(p >= 0 && p <= 1))) {
          throw new OrmError(
            'ORM_BAD_OUTPUTS',
            `The ORM model${where} returned ${scores.length} values for ${batch} rows, or values outside [0, 1]; \`${ORM_OUTPUT}\` must be one probability per row (end the graph with Sigmoid).`,
            source,
          );
        }
        return scores;
      });
    try {
      await run(new Float32Array(dim), 1);
    } catch (e) {
      await session.release();
      if (e instanceof OrmError || backend === 'wasm')
        throw e instanceof OrmError ? e : new OrmError('ORM_NOT_ONNX', `The ORM model${where} failed its first run on wasm: ${message(e)}`, source);
      fallbacks.push({ backend, message: `warm-up run failed: ${message(e)}` });
      continue;
    }
    return {
      backend,
      sidecar,
      fallbacks,
      scoreFeatures: run,
      score: (items) => run(featurizeBatch(items, sidecar.featurizer, { cache: new Map() }), items.length),
      release: () => serialize(() => session.release()),
    };
  }
  throw new OrmError(
    'ORM_NO_BACKEND',
    `No execution provider could run the ORM model${where}: ${fallbacks.map((f) => `${f.backend}: ${f.message}`).join('; ')}. Include 'wasm' in the providers.`,
    source,
  );
}
