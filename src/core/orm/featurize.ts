/**
 * The ORM featurizer: one (question, SQL candidate) pair → one sparse feature
 * vector in the layout of `layout.ts`. Training and inference both call this
 * module, so a model always sees features made the same way.
 *
 * The dense slots come first (structure, question cues, schema links and
 * candidate-set agreement), then the hashed groups of hashed-grams.ts. The
 * sums are made in accumulator.ts; what is read off the question once for
 * all its candidates is question-words.ts.
 */
import type { Schema } from '../schema.ts';
import { accumulator, type Accumulator, type SparseFeatures } from './accumulator.ts';
import { cueIndicatorsOf } from './cues.ts';
import { addHashedGroups, maskSql } from './hashed-grams.ts';
import { EVIDENCE_FEATURES } from '../evidence/types.ts';
import { checkFeaturizerConfig, denseCountOf, type FeaturizerConfig } from './layout.ts';
import { linkFeatures, schemaColumnNames } from './link.ts';
import { questionWords } from './question-words.ts';
import { sqlShape } from './shape.ts';
import { sqlFacts, type SqlFacts } from './sql-facts.ts';
import { structureFeatures } from './structure.ts';

export type { SparseFeatures };

/** Candidate-set agreement of one candidate: shares of the N candidates it agrees with, each in [0, 1]. */
export interface Agreement {
  readonly exec_share: number;
  readonly struct_share: number;
  readonly string_share: number;
}

/**
 * The featurizer's four agreement slots (AGREEMENT_FEATURES): given (1), then
 * the exec, structure and text shares; all 0, "not given", without agreement.
 *
 * @example
 * agreementSlots({ exec_share: 0.5, struct_share: 0.25, string_share: 0.25 }); // [1, 0.5, 0.25, 0.25]
 * agreementSlots(undefined); // [0, 0, 0, 0]
 */
export function agreementSlots(a: Agreement | undefined): number[] {
  return a ? [1, a.exec_share, a.struct_share, a.string_share] : [0, 0, 0, 0];
}

/** What the ORM scores: one candidate SQL for one question. */
export interface OrmItem {
  readonly question: string;
  readonly evidence?: string;
  readonly sql: string;
  readonly schema?: Schema;
  readonly agreement?: Agreement;
  /**
   * The evidence of what the query returns (core/evidence's
   * CandidateEvidence.features, EVIDENCE_FEATURES order), read by a model
   * whose config has `evidence`; absent: "not given" (all zeros).
   */
  readonly result?: readonly number[];
}

/** Options for {@link featurize}; `cache` maps SQL text → facts to skip re-parsing repeated candidates. */
export interface FeaturizeOptions {
  readonly cache?: Map<string, SqlFacts>;
}

/**
 * Featurizes one candidate. Deterministic: the same item and config give the
 * same vector on every platform.
 *
 * @example
 * const f = featurize({ question: 'How many singers?', sql: 'SELECT count(*) FROM singer' }, DEFAULT_FEATURIZER);
 * f.indices.length === f.values.length; // true
 */
export function featurize(item: OrmItem, config: FeaturizerConfig, options: FeaturizeOptions = {}): SparseFeatures {
  return accumulate(item, config, options).take();
}

/**
 * Featurizes one candidate straight into a dense row of `out` (from
 * `offset`, `config.dim` values; zeros elsewhere in the row): the same values
 * as `toDense(featurize(item, config), config.dim, out, offset)`, without the
 * sparse vector in between. What scoring uses.
 *
 * @example
 * const x = new Float32Array(2 * config.dim);
 * featurizeInto(items[1], config, x, config.dim); // row 1
 */
export function featurizeInto(item: OrmItem, config: FeaturizerConfig, out: Float32Array, offset: number, options: FeaturizeOptions = {}): void {
  if (!(Number.isInteger(offset) && offset >= 0 && offset + config.dim <= out.length))
    throw new RangeError(`row at ${offset} of ${config.dim} values does not fit in ${out.length}`);
  accumulate(item, config, options).drainInto(out, offset);
}

/** Sums one candidate's features into the shared accumulator, which the caller empties (take or drainInto). */
function accumulate(item: OrmItem, config: FeaturizerConfig, options: FeaturizeOptions): Accumulator {
  checkFeaturizerConfig(config);
  let facts = options.cache?.get(item.sql);
  if (facts === undefined) {
    facts = sqlFacts(item.sql);
    options.cache?.set(item.sql, facts);
  }
  const shape = sqlShape(facts.tokens);
  const text = item.evidence ? `${item.question} ${item.evidence}` : item.question;
  const q = questionWords(item.question);
  const a = config.agreement ? item.agreement : undefined;
  if (a && [a.exec_share, a.struct_share, a.string_share].some((v) => !(v >= 0 && v <= 1))) {
    throw new RangeError(`agreement shares must be in [0, 1], got ${JSON.stringify(a)}`);
  }
  const r = config.evidence === true ? item.result : undefined;
  if (r !== undefined && (r.length !== EVIDENCE_FEATURES.length || r.some((v) => !Number.isFinite(v)))) {
    throw new RangeError(`evidence must be ${EVIDENCE_FEATURES.length} finite numbers, got ${r.length}`);
  }
  const parts: (readonly number[])[] = [
    structureFeatures(facts, shape, q.words),
    cueIndicatorsOf(q.cues, shape),
    linkFeatures(text, facts, item.schema),
    agreementSlots(a),
  ];
  if (config.evidence === true) parts.push(r ?? EVIDENCE_FEATURES.map(() => 0));
  const denseCount = parts.reduce((n, part) => n + part.length, 0);
  if (denseCount !== denseCountOf(config)) throw new Error(`featurizer bug: ${denseCount} dense values for ${denseCountOf(config)} slots`);

  const masked = maskSql(facts.tokens, item.schema === undefined ? NO_COLUMNS : schemaColumnNames(item.schema));

  // Nothing below throws: the caller always empties the shared accumulator (take or drainInto).
  const acc = accumulator(config.dim);
  let slot = 0;
  for (const part of parts) {
    for (let k = 0; k < part.length; k++, slot++) {
      const v = part[k]!;
      if (v !== 0) acc.set(slot, v);
    }
  }
  addHashedGroups(acc, masked, q.stems, config);
  return acc;
}

const NO_COLUMNS: ReadonlySet<string> = new Set();

/**
 * Writes a sparse vector into a dense row (zeros elsewhere) and returns it.
 *
 * @example
 * const row = toDense(f, DEFAULT_FEATURIZER.dim); // Float32Array of length 8192
 */
export function toDense(f: SparseFeatures, dim: number, out: Float32Array = new Float32Array(dim), offset = 0): Float32Array {
  out.fill(0, offset, offset + dim);
  for (let k = 0; k < f.indices.length; k++) {
    const i = f.indices[k]!;
    if (i >= dim) throw new RangeError(`feature index ${i} outside dim ${dim}`);
    out[offset + i] = f.values[k]!;
  }
  return out;
}

/**
 * Featurizes a batch into one row-major `[items.length, dim]` Float32Array,
 * the `features` input of the ONNX model.
 *
 * @example
 * const x = featurizeBatch(items, DEFAULT_FEATURIZER); // x.length === items.length * 8192
 */
export function featurizeBatch(items: readonly OrmItem[], config: FeaturizerConfig, options: FeaturizeOptions = {}): Float32Array {
  const out = new Float32Array(items.length * config.dim);
  items.forEach((item, r) => featurizeInto(item, config, out, r * config.dim, options));
  return out;
}
