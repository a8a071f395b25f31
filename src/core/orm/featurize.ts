/**
 * The ORM featurizer: one (question, SQL candidate) pair → one sparse feature
 * vector in the layout of `layout.ts`. Training and inference both call this
 * module, so a model always sees features made the same way.
 *
 * Hashed groups, each scaled by 1/sqrt(items in the group) so a long query
 * does not outweigh a short one: `u:` masked SQL unigrams, `b:` bigrams and
 * `t:` trigrams (keywords kept, identifiers → `<id>`, numbers → `<num>`,
 * strings → `<str>`, with `^`/`$` boundaries), and `x:` question stem ×
 * SQL keyword crosses. Buckets and signs come from `hashSlot` (FNV-1a).
 */
import type { Schema } from '../schema.ts';
import { cueIndicators } from './cues.ts';
import { hashSlot } from './hash.ts';
import { checkFeaturizerConfig, DENSE_COUNT, type FeaturizerConfig } from './layout.ts';
import type { FeatureToken } from './tokens.ts';
import { linkFeatures } from './link.ts';
import { sqlShape } from './shape.ts';
import { sqlFacts, type SqlFacts } from './sql-facts.ts';
import { structureFeatures } from './structure.ts';
import { stem, textWords } from './words.ts';

/** Candidate-set agreement of one candidate: shares of the N candidates it agrees with, each in [0, 1]. */
export interface Agreement {
  readonly exec_share: number;
  readonly struct_share: number;
  readonly string_share: number;
}

/** What the ORM scores: one candidate SQL for one question. */
export interface OrmItem {
  readonly question: string;
  readonly evidence?: string;
  readonly sql: string;
  readonly schema?: Schema;
  readonly agreement?: Agreement;
}

/** A sparse vector: strictly increasing `indices` in [0, dim) and their values. */
export interface SparseFeatures {
  readonly indices: Int32Array;
  readonly values: Float32Array;
}

function masked(t: FeatureToken, columns: ReadonlySet<string>): string {
  switch (t.kind) {
    case 'kw': case 'op': return t.text;
    case 'fn': return `fn:${t.text}`;
    case 'num': return '<num>';
    case 'str': return '<str>';
    case 'dq': return columns.has(t.text.toLowerCase()) ? '<id>' : '<str>';
    case 'id': return '<id>';
  }
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
  checkFeaturizerConfig(config);
  let facts = options.cache?.get(item.sql);
  if (facts === undefined) {
    facts = sqlFacts(item.sql);
    options.cache?.set(item.sql, facts);
  }
  const shape = sqlShape(facts.tokens);
  const text = item.evidence ? `${item.question} ${item.evidence}` : item.question;
  const words = textWords(item.question);
  const a = config.agreement ? item.agreement : undefined;
  if (a && [a.exec_share, a.struct_share, a.string_share].some((v) => !(v >= 0 && v <= 1))) {
    throw new RangeError(`agreement shares must be in [0, 1], got ${JSON.stringify(a)}`);
  }
  const dense = [
    ...structureFeatures(facts, shape, words.length),
    ...cueIndicators(item.question.toLowerCase(), shape),
    ...linkFeatures(text, facts, item.schema),
    ...(a ? [1, a.exec_share, a.struct_share, a.string_share] : [0, 0, 0, 0]),
  ];
  if (dense.length !== DENSE_COUNT) throw new Error(`featurizer bug: ${dense.length} dense values for ${DENSE_COUNT} slots`);

  const acc = new Map<number, number>();
  dense.forEach((v, i) => { if (v !== 0) acc.set(i, v); });
  const buckets = config.dim - DENSE_COUNT;
  const addGroup = (names: readonly string[]): void => {
    const w = 1 / Math.sqrt(Math.max(1, names.length));
    for (const name of names) {
      const { bucket, sign } = hashSlot(name, config.hashSeed, buckets);
      const i = DENSE_COUNT + bucket;
      acc.set(i, (acc.get(i) ?? 0) + sign * w);
    }
  };
  const columns = new Set(item.schema?.tables.flatMap((t) => t.columns.map((c) => c.name.toLowerCase())) ?? []);
  const seq = ['^', ...facts.tokens.map((t) => masked(t, columns)), '$'];
  addGroup(seq.slice(1, -1).map((t) => `u:${t}`));
  addGroup(seq.slice(1).map((t, i) => `b:${seq[i]} ${t}`));
  addGroup(seq.slice(2).map((t, i) => `t:${seq[i]} ${seq[i + 1]} ${t}`));
  const qStems = [...new Set(words.map((w) => (/^\d/.test(w) ? '<num>' : stem(w))))];
  const keywords = [...new Set(facts.tokens.filter((t) => t.kind === 'kw' || t.kind === 'fn').map((t) => t.text))];
  addGroup(qStems.flatMap((q) => keywords.map((k) => `x:${q}|${k}`)));

  const indices = Int32Array.from([...acc.keys()].filter((i) => acc.get(i) !== 0)).sort();
  return { indices, values: Float32Array.from(indices, (i) => acc.get(i)!) };
}

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
  items.forEach((item, r) => toDense(featurize(item, config, options), config.dim, out, r * config.dim));
  return out;
}
