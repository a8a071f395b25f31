/**
 * The JSON sidecar that travels with an ORM model file: the featurizer
 * configuration the model was trained with (so inference makes the same
 * features), the architecture, the I/O contract, training provenance and
 * measured quality. `parseSidecar` checks a sidecar read from a file or URL
 * against this build's featurizer.
 */
import { OrmError } from './errors.ts';
import { checkFeaturizerConfig, denseFeatureNames, type FeaturizerConfig } from './layout.ts';

/** Names of the model's input and output, fixed by the contract. */
export const ORM_INPUT = 'features';
export const ORM_OUTPUT = 'score';

export interface OrmSidecar {
  readonly format: 'confide-orm';
  /** Sidecar format version. */
  readonly version: 1;
  readonly name: string;
  /** The model file this sidecar describes (relative to the sidecar). */
  readonly model: string;
  readonly featurizer: FeaturizerConfig & { readonly denseFeatures: readonly string[] };
  readonly architecture: {
    readonly sizes: readonly number[];
    readonly activation: 'relu';
    readonly output: 'sigmoid';
    readonly weights: 'int8-per-channel-qdq' | 'float32';
    readonly opset: number;
    readonly irVersion: number;
    readonly bytes: number;
    /** SHA-256 of the model file, lowercase hex (written by training since the app began checking pairs; older sidecars lack it). */
    readonly sha256?: string;
  };
  readonly io: { readonly input: string; readonly output: string };
  /** Free-form provenance: data, seed, options, split, timings. */
  readonly training: Readonly<Record<string, unknown>>;
  /** `status: 'not yet measured'` until an evaluation fills in numbers. */
  readonly quality: Readonly<{ status: 'measured' | 'not yet measured' } & Record<string, unknown>>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a parsed JSON value as a sidecar for this build. Throws an
 * {@link OrmError} with code `ORM_BAD_SIDECAR` saying which field is wrong.
 *
 * @example
 * const sidecar = parseSidecar(JSON.parse(text), 'orm-v1.json');
 * sidecar.featurizer.dim; // 8192
 */
export function parseSidecar(value: unknown, source?: string): OrmSidecar {
  const bad = (why: string): never => {
    throw new OrmError('ORM_BAD_SIDECAR', `ORM sidecar${source ? ` ${source}` : ''} is not usable: ${why}. Use the JSON written next to the model by \`npm run orm:train\`.`, source);
  };
  if (!isObj(value)) return bad('it is not a JSON object');
  if (value.format !== 'confide-orm') bad(`"format" is ${JSON.stringify(value.format)}, expected "confide-orm"`);
  if (value.version !== 1) bad(`"version" is ${JSON.stringify(value.version)}, expected 1`);
  const f = value.featurizer;
  if (!isObj(f)) return bad('"featurizer" is missing');
  try {
    checkFeaturizerConfig(f as unknown as FeaturizerConfig);
  } catch (e) {
    bad(`featurizer: ${(e as Error).message}`);
  }
  if (typeof f.agreement !== 'boolean') bad('"featurizer.agreement" must be true or false');
  const names = denseFeatureNames();
  const given = f.denseFeatures;
  if (!Array.isArray(given) || given.length !== names.length || given.some((n, i) => n !== names[i])) {
    bad('its dense feature names differ from this build\'s featurizer (the model was trained with another featurizer version)');
  }
  const io = value.io;
  if (!isObj(io) || io.input !== ORM_INPUT || io.output !== ORM_OUTPUT) bad(`"io" must be {"input": "${ORM_INPUT}", "output": "${ORM_OUTPUT}"}`);
  if (!isObj(value.architecture) || !Array.isArray(value.architecture.sizes)) bad('"architecture.sizes" is missing');
  const sha = (value.architecture as Record<string, unknown>).sha256;
  if (sha !== undefined && (typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha))) bad('"architecture.sha256" must be 64 lowercase hexadecimal digits');
  if (typeof value.name !== 'string' || typeof value.model !== 'string') bad('"name" and "model" must be strings');
  if (!isObj(value.quality) || (value.quality.status !== 'measured' && value.quality.status !== 'not yet measured')) bad('"quality.status" must be "measured" or "not yet measured"');
  return value as unknown as OrmSidecar;
}
