/**
 * The ORM verifier as one object with one interface, used on both sides of a
 * worker: `workers/orm.worker.ts` exposes it with comlink, the UI holds a
 * `Remote<OrmEngine>`. Expected failures come back as `{ok: false, error}`
 * with a code (comlink keeps only name/message/stack of a thrown Error).
 * Loading a new model (the bundled one or a user's file with the same
 * contract) replaces the current one once the new one is ready.
 */
import { toOrmErrorData, type OrmErrorData, OrmError } from '../../core/orm/errors.ts';
import type { OrmItem } from '../../core/orm/featurize.ts';
import { parseSidecar } from '../../core/orm/sidecar.ts';
import { parseSqlWithin } from '../../core/sql/parse.ts';
import { createOrmSession, type OrmBackend, type OrmSession, type OrtModule } from './session.ts';

export type OrmResult<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: OrmErrorData };

/** What a successful load reports. */
export interface OrmLoaded {
  readonly name: string;
  readonly backend: OrmBackend;
  readonly dim: number;
  readonly fallbacks: readonly { readonly backend: OrmBackend; readonly message: string }[];
}

export interface OrmScores {
  /** P(correct) per item, in item order. */
  readonly scores: Float32Array;
  readonly backend: OrmBackend;
  readonly ms: number;
}

export interface OrmEngine {
  /** Loads model bytes with their sidecar JSON value (the bundled sidecar for a user model without one). */
  load(model: Uint8Array, sidecar: unknown, source?: string): Promise<OrmResult<OrmLoaded>>;
  /** Fetches a sidecar from an absolute URL, then the model it names, relative to it. */
  loadFromUrl(sidecarUrl: string): Promise<OrmResult<OrmLoaded>>;
  /** Scores all candidates of one question in one run. */
  score(items: readonly OrmItem[]): Promise<OrmResult<OrmScores>>;
  /** Scores an already featurized row-major `[batch, D]` matrix (featurized by the caller with the model's sidecar). */
  scoreFeatures(features: Float32Array, batch: number): Promise<OrmResult<OrmScores>>;
  unload(): Promise<void>;
}

export interface OrmEngineOptions {
  readonly ort: OrtModule;
  readonly executionProviders?: readonly OrmBackend[];
  /** Injected for tests; defaults to the global fetch. */
  readonly fetch?: typeof fetch;
  /**
   * A time budget for parsing each item's SQL before it is featurized (ms;
   * the page's worker sets one, as its analysis worker has): past it no
   * further parser dialect is tried (`parseSqlWithin`) and the text is
   * featurized as unparsed. Default none.
   */
  readonly parseBudgetMs?: number;
}

/**
 * The scores of a result, or its failure thrown as an {@link OrmError}: for
 * scripts and tests, where a failed run ends the run.
 *
 * @example const p = scoresOrThrow(await scorer.score(items));
 */
export function scoresOrThrow(r: OrmResult<OrmScores>): Float32Array {
  if (!r.ok) throw new OrmError(r.error.code, r.error.message, r.error.source);
  return r.scores;
}

/**
 * Creates the engine around an injected onnxruntime-web build.
 *
 * @example
 * const engine = createOrmEngine({ ort });
 * const r = await engine.loadFromUrl(new URL('models/orm-v2.json', document.baseURI).href);
 * if (r.ok) console.log(r.backend);
 */
export function createOrmEngine(options: OrmEngineOptions): OrmEngine {
  let current: OrmSession | null = null;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const load = async (model: Uint8Array, sidecarValue: unknown, source?: string): Promise<OrmResult<OrmLoaded>> => {
    try {
      const sidecar = parseSidecar(sidecarValue, source);
      const next = await createOrmSession({
        ort: options.ort,
        model,
        sidecar,
        ...(source === undefined ? {} : { source }),
        ...(options.executionProviders ? { executionProviders: options.executionProviders } : {}),
      });
      const previous = current;
      current = next;
      await previous?.release();
      return { ok: true, name: sidecar.name, backend: next.backend, dim: sidecar.featurizer.dim, fallbacks: next.fallbacks };
    } catch (e) {
      return { ok: false, error: toOrmErrorData(e, 'ORM_NOT_ONNX') };
    }
  };
  const get = async (url: string): Promise<Response> => {
    const r = await doFetch(url);
    if (!r.ok) throw new OrmError('ORM_FETCH_FAILED', `Fetching ${url} gave HTTP ${r.status}; check that the app serves its models/ folder.`, url);
    return r;
  };
  /** One scoring run on the model in use, its failure as data. */
  const run = async (f: (session: OrmSession) => Promise<Float32Array>): Promise<OrmResult<OrmScores>> => {
    const session = current;
    if (session === null) return { ok: false, error: { code: 'ORM_NOT_LOADED', message: 'No ORM model is loaded; call load() or loadFromUrl() first.' } };
    const t0 = performance.now();
    try {
      const scores = await f(session);
      return { ok: true, scores, backend: session.backend, ms: performance.now() - t0 };
    } catch (e) {
      return { ok: false, error: toOrmErrorData(e, 'ORM_RUN_FAILED') };
    }
  };
  return {
    load,
    async loadFromUrl(sidecarUrl) {
      let sidecar: unknown;
      let modelUrl: string;
      let bytes: Uint8Array;
      try {
        sidecar = await (await get(sidecarUrl)).json();
        // Checked before the model is fetched: its name is a bare file name, beside the sidecar.
        modelUrl = new URL(parseSidecar(sidecar, sidecarUrl).model, sidecarUrl).href;
        bytes = new Uint8Array(await (await get(modelUrl)).arrayBuffer());
      } catch (e) {
        return { ok: false, error: toOrmErrorData(e, 'ORM_FETCH_FAILED') };
      }
      return load(bytes, sidecar, modelUrl);
    },
    score: (items) =>
      run((session) => {
        const budget = options.parseBudgetMs;
        if (budget !== undefined) {
          for (const item of items) {
            const t0 = performance.now();
            parseSqlWithin(item.sql, () => performance.now() - t0 > budget);
          }
        }
        return session.score(items);
      }),
    scoreFeatures: (features, batch) => run((session) => session.scoreFeatures(features, batch)),
    async unload() {
      const s = current;
      current = null;
      await s?.release();
    },
  };
}
