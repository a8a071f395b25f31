/**
 * The feature layout shared by training and inference: the featurizer's
 * configuration and the names of the dense slots at the front of the vector.
 *
 * A feature vector has `dim` slots: first the named dense features of
 * {@link denseFeatureNames} (structure, question cues, schema linking,
 * agreement), then `dim - denseCount` buckets for hashed features. A model
 * is only valid with the layout it was trained on; the sidecar carries the
 * config and the dense names so a mismatch is caught at load time.
 */
import { EVIDENCE_FEATURES } from '../evidence/types.ts';
import { CUES } from './cues.ts';
import { LINK_FEATURES } from './link.ts';

/**
 * Bumped whenever the meaning of any slot changes. Version 2: tokens come
 * from the canonical print of the query (see `sql-facts.ts`), and a
 * double-quoted name is an identifier wherever it is not in a value position.
 */
export const FEATURIZER_VERSION = 2;

export interface FeaturizerConfig {
  readonly version: number;
  /** Total vector length D (dense slots plus hashed buckets). */
  readonly dim: number;
  /** Seed of the FNV-1a feature hash. */
  readonly hashSeed: number;
  /** Whether agreement features (exec/struct/string shares) are filled. */
  readonly agreement: boolean;
  /**
   * Whether the evidence of what the query returns (core/evidence's
   * EVIDENCE_FEATURES) has dense slots, after the agreement slots. Absent
   * (models trained before it existed) means false: their layout is unchanged.
   */
  readonly evidence?: boolean;
}

/**
 * The configuration the bundled model uses: D = 8192, hash seed 0x0c0f1de5,
 * agreement off.
 *
 * @example
 * featurize(item, DEFAULT_FEATURIZER).indices.length; // a few hundred nonzeros
 */
export const DEFAULT_FEATURIZER: FeaturizerConfig = { version: FEATURIZER_VERSION, dim: 8192, hashSeed: 0x0c0f1de5, agreement: false };

/** Structure indicators read off the SQL shape, in order. */
export const STRUCTURE_FEATURES = [
  'parse_ok',
  'selects',
  'joins',
  'has_where',
  'conditions',
  'has_group',
  'has_having',
  'has_order',
  'order_desc',
  'has_limit',
  'limit_one',
  'has_distinct',
  'has_union',
  'has_intersect',
  'has_except',
  'nested',
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'not',
  'like',
  'between',
  'in',
  'or',
  'star',
  'case',
  'exists',
  'is_null',
  'select_items',
  'group_without_aggregate',
  'sql_tokens',
  'question_words',
] as const;

/** Agreement features, filled only when the config says so. */
export const AGREEMENT_FEATURES = ['given', 'exec_share', 'struct_share', 'string_share'] as const;

/**
 * Names of the dense slots, in vector order (`structure.*`, `cue.<name>.{agree,missing,unasked}`,
 * `link.*`, `agreement.*`, and with `config.evidence` `evidence.*`).
 *
 * @example
 * denseFeatureNames()[0]; // 'structure.parse_ok'
 * denseFeatureNames({ evidence: true }).at(-1); // 'evidence.group_by_name_shared'
 */
export function denseFeatureNames(config: { readonly evidence?: boolean } = {}): string[] {
  return [
    ...STRUCTURE_FEATURES.map((n) => `structure.${n}`),
    ...CUES.flatMap((c) => [`cue.${c.name}.agree`, `cue.${c.name}.missing`, `cue.${c.name}.unasked`]),
    ...LINK_FEATURES.map((n) => `link.${n}`),
    ...AGREEMENT_FEATURES.map((n) => `agreement.${n}`),
    ...(config.evidence === true ? EVIDENCE_FEATURES.map((n) => `evidence.${n}`) : []),
  ];
}

/** Number of dense slots without evidence (the layout of every model trained before it). */
export const DENSE_COUNT = denseFeatureNames().length;

/**
 * Number of dense slots of a config: DENSE_COUNT, plus the evidence slots when it reads them.
 *
 * @example denseCountOf(DEFAULT_FEATURIZER); // 112
 */
export function denseCountOf(config: { readonly evidence?: boolean }): number {
  return DENSE_COUNT + (config.evidence === true ? EVIDENCE_FEATURES.length : 0);
}

/**
 * Checks a config: integer `dim` leaving at least 256 hashed buckets, a
 * 32-bit unsigned seed, the current version. Throws RangeError otherwise.
 *
 * @example
 * checkFeaturizerConfig({ ...DEFAULT_FEATURIZER, dim: 10 }); // throws RangeError
 */
export function checkFeaturizerConfig(config: FeaturizerConfig): void {
  if (config.version !== FEATURIZER_VERSION)
    throw new RangeError(`featurizer version ${config.version} is not ${FEATURIZER_VERSION}; retrain or use a matching release`);
  if (!Number.isInteger(config.dim) || config.dim < denseCountOf(config) + 256)
    throw new RangeError(`dim must be an integer ≥ ${denseCountOf(config) + 256}, got ${config.dim}`);
  if (config.evidence !== undefined && typeof config.evidence !== 'boolean')
    throw new RangeError(`evidence must be true or false, got ${JSON.stringify(config.evidence)}`);
  if (!Number.isInteger(config.hashSeed) || config.hashSeed < 0 || config.hashSeed > 0xffffffff)
    throw new RangeError(`hashSeed must be a 32-bit unsigned integer, got ${config.hashSeed}`);
}
