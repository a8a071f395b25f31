/**
 * The ORM featurizer: one (question, SQL candidate) pair → one sparse feature
 * vector in the layout of `layout.ts`. Training and inference both call this
 * module, so a model always sees features made the same way.
 *
 * Hashed groups, each scaled by 1/sqrt(items in the group) so a long query
 * does not outweigh a short one: `u:` masked SQL unigrams, `b:` bigrams and
 * `t:` trigrams (keywords kept, identifiers → `<id>`, numbers → `<num>`,
 * strings → `<str>`, with `^`/`$` boundaries), and `x:` question stem ×
 * SQL keyword crosses. Buckets and signs are those of `hashSlot` (FNV-1a),
 * the names hashed in parts (`fnvText`) rather than built.
 */
import type { Schema } from '../schema.ts';
import { cueIndicatorsOf, cueQuestionFlags } from './cues.ts';
import { fnvSeed, fnvText } from './hash.ts';
import { checkFeaturizerConfig, DENSE_COUNT, type FeaturizerConfig } from './layout.ts';
import type { FeatureToken } from './tokens.ts';
import { linkFeatures, schemaColumnNames } from './link.ts';
import { boundedMemo } from './memo.ts';
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
  if (!(Number.isInteger(offset) && offset >= 0 && offset + config.dim <= out.length)) throw new RangeError(`row at ${offset} of ${config.dim} values does not fit in ${out.length}`);
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
  const q = questionView(item.question);
  const a = config.agreement ? item.agreement : undefined;
  if (a && [a.exec_share, a.struct_share, a.string_share].some((v) => !(v >= 0 && v <= 1))) {
    throw new RangeError(`agreement shares must be in [0, 1], got ${JSON.stringify(a)}`);
  }
  const parts = [structureFeatures(facts, shape, q.words), cueIndicatorsOf(q.cues, shape), linkFeatures(text, facts, item.schema), agreementSlots(a)];
  const denseCount = parts.reduce((n, part) => n + part.length, 0);
  if (denseCount !== DENSE_COUNT) throw new Error(`featurizer bug: ${denseCount} dense values for ${DENSE_COUNT} slots`);

  const columns = item.schema === undefined ? NO_COLUMNS : schemaColumnNames(item.schema);
  const tokens = facts.tokens;
  const n = tokens.length;
  const seq: string[] = new Array<string>(n + 2);
  seq[0] = '^';
  const kept = new Set<string>();
  for (let i = 0; i < n; i++) {
    const tok = tokens[i]!;
    seq[i + 1] = masked(tok, columns);
    if (tok.kind === 'kw' || tok.kind === 'fn') kept.add(tok.text);
  }
  seq[n + 1] = '$';
  const keywords = [...kept];

  // Nothing below throws: the caller always empties the shared accumulator (take or drainInto).
  const acc = accumulator(config.dim);
  let slot = 0;
  for (const part of parts) {
    for (let k = 0; k < part.length; k++, slot++) {
      const v = part[k]!;
      if (v !== 0) acc.set(slot, v);
    }
  }
  const buckets = config.dim - DENSE_COUNT;
  const seed = fnvSeed(config.hashSeed);
  /** Adds one hashed feature (its name's parts folded in order, see fnvText) with weight `w`. */
  const add = (h: number, w: number): void => {
    const u = h >>> 0;
    acc.add(DENSE_COUNT + (u % buckets), (u >>> 31 === 0 ? 1 : -1) * w);
  };
  // Each group scaled by 1/sqrt(its size): u: unigrams, b: bigrams, t: trigrams of `seq`, x: question stem × keyword.
  // A gram's first token is folded in from a memo (`u:tok`, `b:tok `, `t:tok `): the same states fnvText reaches.
  const first = gramStarts(seed);
  const wu = 1 / Math.sqrt(Math.max(1, n));
  for (let i = 1; i <= n; i++) add(first.u(seq[i]!), wu);
  const wb = 1 / Math.sqrt(Math.max(1, n + 1));
  for (let i = 0; i <= n; i++) add(fnvText(first.b(seq[i]!), seq[i + 1]!), wb);
  for (let i = 0; i < n; i++) add(fnvText(fnvText(fnvText(first.t(seq[i]!), seq[i + 1]!), ' '), seq[i + 2]!), wu);
  const x = fnvText(seed, 'x:');
  const wx = 1 / Math.sqrt(Math.max(1, q.stems.length * keywords.length));
  for (const stemmed of q.stems) {
    const hq = fnvText(fnvText(x, stemmed), '|');
    for (const k of keywords) add(fnvText(hq, k), wx);
  }
  return acc;
}

const NO_COLUMNS: ReadonlySet<string> = new Set();

/** The FNV states of an n-gram's first token folded in, per group: unigram `u:tok`, bigram `b:tok `, trigram `t:tok `. */
interface GramStarts {
  u(token: string): number;
  b(token: string): number;
  t(token: string): number;
}

const STARTS = new Map<number, GramStarts>();

/** The n-gram starts of a hash seed's state; masked tokens repeat (keywords, operators, `<id>`), so each is folded once. */
function gramStarts(seed: number): GramStarts {
  let starts = STARTS.get(seed);
  if (starts === undefined) {
    const u = fnvText(seed, 'u:');
    const b = fnvText(seed, 'b:');
    const t = fnvText(seed, 't:');
    starts = {
      u: boundedMemo(4096, (tok) => fnvText(u, tok)),
      b: boundedMemo(4096, (tok) => fnvText(fnvText(b, tok), ' ')),
      t: boundedMemo(4096, (tok) => fnvText(fnvText(t, tok), ' ')),
    };
    STARTS.set(seed, starts);
  }
  return starts;
}

/**
 * Sums feature values by index as a Map would (each index's additions in
 * order, so the floating-point sums are the same), in a dense array with a
 * list of the indices touched. One is kept per dimension and cleared after
 * each vector (featurizing is synchronous, so it is never shared).
 */
class Accumulator {
  private readonly values: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: number[] = [];

  constructor(dim: number) {
    this.values = new Float64Array(dim);
    this.seen = new Uint8Array(dim);
  }

  set(i: number, v: number): void {
    if (this.seen[i] === 0) { this.seen[i] = 1; this.touched.push(i); }
    this.values[i] = v;
  }

  add(i: number, v: number): void {
    if (this.seen[i] === 0) { this.seen[i] = 1; this.touched.push(i); }
    this.values[i] = this.values[i]! + v; // 0 + v for a new index, as (map.get(i) ?? 0) + v
  }

  /** The nonzero entries, indices increasing; the accumulator is empty again after. */
  take(): SparseFeatures {
    const touched = this.touched;
    const all = this.values;
    let kept = 0;
    const nonzero = new Int32Array(touched.length);
    for (let k = 0; k < touched.length; k++) {
      const i = touched[k]!;
      if (all[i] !== 0) nonzero[kept++] = i;
      this.seen[i] = 0;
    }
    const indices = (kept === touched.length ? nonzero : nonzero.slice(0, kept)).sort();
    const values = new Float32Array(kept);
    for (let k = 0; k < kept; k++) values[k] = all[indices[k]!]!;
    for (let k = 0; k < touched.length; k++) all[touched[k]!] = 0;
    touched.length = 0;
    return { indices, values };
  }

  /** Writes the nonzero sums into a zeroed dense row of `out` at `offset` (as float32, as take's values); empty again after. */
  drainInto(out: Float32Array, offset: number): void {
    const touched = this.touched;
    const all = this.values;
    out.fill(0, offset, offset + all.length);
    for (let k = 0; k < touched.length; k++) {
      const i = touched[k]!;
      if (all[i] !== 0) out[offset + i] = all[i]!;
      all[i] = 0;
      this.seen[i] = 0;
    }
    touched.length = 0;
  }
}

let scratch: Accumulator | null = null;
let scratchDim = 0;

/** The empty accumulator for `dim`. */
function accumulator(dim: number): Accumulator {
  if (scratch === null || scratchDim !== dim) {
    scratch = new Accumulator(dim);
    scratchDim = dim;
  }
  return scratch;
}

/** What the featurizer reads off a question, the same for each of its candidates. */
interface QuestionView {
  /** How many words it has. */
  readonly words: number;
  /** Its distinct word stems in order (numbers as `<num>`). */
  readonly stems: readonly string[];
  /** Which question cues it has (cues.ts). */
  readonly cues: readonly boolean[];
}

/** Questions repeat once per candidate: their views are kept (a bounded memo, cleared when full). */
const questionView = boundedMemo(1024, (question: string): QuestionView => {
  const words = textWords(question);
  return {
    words: words.length,
    stems: [...new Set(words.map((w) => (/^\d/.test(w) ? '<num>' : stem(w))))],
    cues: cueQuestionFlags(question.toLowerCase()),
  };
});

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
