/**
 * The JSON sidecar that travels with an ORM model file: the featurizer
 * configuration the model was trained with (so inference makes the same
 * features), the architecture, the I/O contract, training provenance and
 * measured quality. `parseSidecar` checks a sidecar read from a file or URL
 * against this build's featurizer.
 */
import { OrmError, type OrmErrorData } from './errors.ts';
import { checkFeaturizerConfig, denseFeatureNames, type FeaturizerConfig } from './layout.ts';

/** Names of the model's input and output, fixed by the contract. */
export const ORM_INPUT = 'features';
export const ORM_OUTPUT = 'score';

export interface OrmSidecar {
  readonly format: 'confide-orm';
  /** Sidecar format version. */
  readonly version: 1;
  readonly name: string;
  /** The model file this sidecar describes: a bare file name, in the sidecar's own folder. */
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
    /** For boosted trees (one TreeEnsembleRegressor, then Sigmoid): trees, depth and the ai.onnx.ml opset. */
    readonly ensemble?: Readonly<Record<string, number>>;
  };
  readonly io: { readonly input: string; readonly output: string };
  /** Free-form provenance: data, seed, options, split, timings. */
  readonly training: Readonly<Record<string, unknown>>;
  /** `status: 'not yet measured'` until an evaluation fills in numbers. */
  readonly quality: Readonly<{ status: 'measured' | 'not yet measured' } & Record<string, unknown>>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Largest sidecar read, in bytes (a trained model's sidecar is a few KB). */
export const ORM_MAX_SIDECAR_BYTES = 4 * 2 ** 20;

/**
 * True when `name` is a bare file name: no folder part (`/` or `\\`), not
 * `.` or `..`, no control character, at most 255 characters. A sidecar's
 * model is looked for beside it, and nowhere else.
 *
 * @example
 * isBareFileName('orm-v2.onnx'); // true
 * isBareFileName('../outside/elsewhere.onnx'); // false
 */
export function isBareFileName(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name must not hold control characters, so the pattern names them
  return name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/**
 * Whether the chosen model file is the one `sidecar` describes: of exactly
 * its recorded size and, when the sidecar records it (training writes it),
 * SHA-256 (two runs of one architecture have the same size). The browser and
 * the CLI both check a pair with it; null when it is a pair.
 *
 * @example
 * modelPairProblem(sidecar, 'm.json', { name: 'm.onnx', size: 33163 }, sha); // null
 */
export function modelPairProblem(
  sidecar: OrmSidecar,
  sidecarName: string,
  model: { readonly name: string; readonly size: number },
  sha256?: string,
): OrmErrorData | null {
  if (sidecar.architecture.bytes !== model.size) {
    return {
      code: 'ORM_NOT_A_PAIR',
      message: `${sidecarName} describes the model "${sidecar.model}" of ${sidecar.architecture.bytes} bytes, but ${model.name} has ${model.size} bytes: they are not a pair (or ${model.name} is damaged). Choose the .onnx and .json one training run wrote.`,
      source: model.name,
    };
  }
  if (sidecar.architecture.sha256 !== undefined && sha256 !== undefined && sidecar.architecture.sha256 !== sha256) {
    return {
      code: 'ORM_NOT_A_PAIR',
      message: `${sidecarName} describes the model "${sidecar.model}" with another SHA-256 than ${model.name}: they are not a pair (same size, other weights: another training run, or a damaged file). Choose the .onnx and .json one training run wrote.`,
      source: model.name,
    };
  }
  return null;
}

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
    throw new OrmError(
      'ORM_BAD_SIDECAR',
      `ORM sidecar${source ? ` ${source}` : ''} is not usable: ${why}. Use the JSON written next to the model by \`npm run orm:train\`.`,
      source,
    );
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
  const names = denseFeatureNames(f as { evidence?: boolean });
  const given = f.denseFeatures;
  if (!Array.isArray(given) || given.length !== names.length || given.some((n, i) => n !== names[i])) {
    bad("its dense feature names differ from this build's featurizer (the model was trained with another featurizer version)");
  }
  const io = value.io;
  if (!isObj(io) || io.input !== ORM_INPUT || io.output !== ORM_OUTPUT) bad(`"io" must be {"input": "${ORM_INPUT}", "output": "${ORM_OUTPUT}"}`);
  if (!isObj(value.architecture) || !Array.isArray(value.architecture.sizes)) bad('"architecture.sizes" is missing');
  const sha = (value.architecture as Record<string, unknown>).sha256;
  if (sha !== undefined && (typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha))) bad('"architecture.sha256" must be 64 lowercase hexadecimal digits');
  if (typeof value.name !== 'string' || typeof value.model !== 'string') bad('"name" and "model" must be strings');
  if (!isBareFileName(value.model as string))
    bad(`"model" must be a file name beside the sidecar (no folder, no ".."), got ${JSON.stringify((value.model as string).slice(0, 200))}`);
  if (!isObj(value.quality) || (value.quality.status !== 'measured' && value.quality.status !== 'not yet measured'))
    bad('"quality.status" must be "measured" or "not yet measured"');
  return value as unknown as OrmSidecar;
}
