/**
 * Errors of the ORM verifier as data: a closed code, a message that says how
 * to fix the problem, and the file it concerns when there is one. Engines
 * throw {@link OrmError} inside a thread and return `{ok: false, error}`
 * across a worker boundary. An engine's own words reach people without
 * the build paths it puts in them (scrub-paths.ts).
 */
import { scrubBuildPaths } from '../scrub-paths.ts';

export type OrmErrorCode =
  | 'ORM_NOT_ONNX' // the bytes are not a model onnxruntime can load
  | 'ORM_TOO_LARGE' // the model file is over the size limit
  | 'ORM_BAD_INPUTS' // not one float32 input `features` of shape [batch, D]
  | 'ORM_BAD_OUTPUTS' // not one float32 output `score` of shape [batch, 1]
  | 'ORM_BAD_SIDECAR' // the JSON sidecar is missing fields or does not match this featurizer
  | 'ORM_NO_BACKEND' // none of the requested execution providers could start
  | 'ORM_NOT_LOADED' // scoring before a model was loaded
  | 'ORM_FETCH_FAILED' // the model or sidecar URL could not be fetched
  | 'ORM_RUN_FAILED' // onnxruntime failed while scoring
  | 'ORM_NOT_A_PAIR' // the chosen model and sidecar files do not belong together (or one of them is missing)
  | 'ORM_NOT_SAVED' // the browser's storage refused to keep a chosen model (nothing changed)
  | 'ORM_WORKER_FAILED' // the worker that runs the model could not start
  | 'ORM_TIMEOUT'; // scoring ran past its time limit and its worker was stopped

/** An ORM failure as plain data (what crosses a worker boundary). */
export interface OrmErrorData {
  readonly code: OrmErrorCode;
  readonly message: string;
  /** The file or URL concerned, when known. */
  readonly source?: string;
}

/** Largest model file accepted, in bytes (32 MiB). */
export const ORM_MAX_MODEL_BYTES = 32 * 1024 * 1024;

/**
 * A thrown ORM failure; check `code`, not the class, after a boundary.
 *
 * @example
 * try { await createOrmScorer(bytes, sidecar); } catch (e) { if (e instanceof OrmError && e.code === 'ORM_TOO_LARGE') … }
 */
export class OrmError extends Error {
  readonly code: OrmErrorCode;
  readonly source?: string;

  constructor(code: OrmErrorCode, message: string, source?: string) {
    super(message);
    this.name = 'OrmError';
    this.code = code;
    if (source !== undefined) this.source = source;
  }

  /** The plain-data form of this error. */
  toData(): OrmErrorData {
    return this.source === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, source: this.source };
  }
}

/**
 * The data form of any caught value: an OrmError keeps its code, anything
 * else becomes `fallback` with the original message (build paths dropped).
 *
 * @example
 * return { ok: false, error: toOrmErrorData(e, 'ORM_RUN_FAILED') };
 */
export function toOrmErrorData(e: unknown, fallback: OrmErrorCode): OrmErrorData {
  if (e instanceof OrmError) return e.toData();
  return { code: fallback, message: scrubBuildPaths(e instanceof Error ? e.message : String(e)) };
}
