/**
 * The featurizer's hashed groups (featurize.ts), each scaled by 1/sqrt(items
 * in the group) so a long query does not outweigh a short one: `u:` masked
 * SQL unigrams, `b:` bigrams and `t:` trigrams (keywords kept, identifiers →
 * `<id>`, numbers → `<num>`, strings → `<str>`, with `^`/`$` boundaries),
 * and `x:` question stem × SQL keyword crosses. Buckets and signs are those
 * of `hashSlot` (FNV-1a), the names hashed in parts (`fnvText`) rather than
 * built.
 */
import type { Accumulator } from './accumulator.ts';
import { fnvSeed, fnvText } from './hash.ts';
import { denseCountOf, type FeaturizerConfig } from './layout.ts';
import { boundedMemo } from './memo.ts';
import type { FeatureToken } from './tokens.ts';

/** A candidate's masked token sequence with its `^`/`$` boundaries, and its distinct keywords and functions in order. */
export interface MaskedSql {
  readonly seq: readonly string[];
  readonly keywords: readonly string[];
}

function masked(t: FeatureToken, columns: ReadonlySet<string>): string {
  switch (t.kind) {
    case 'kw':
    case 'op':
      return t.text;
    case 'fn':
      return `fn:${t.text}`;
    case 'num':
      return '<num>';
    case 'str':
      return '<str>';
    case 'dq':
      return columns.has(t.text.toLowerCase()) ? '<id>' : '<str>';
    case 'id':
      return '<id>';
  }
}

/**
 * Masks a candidate's tokens; a double-quoted name of one of `columns`
 * (lower case) is an identifier, any other a string.
 *
 * @example maskSql(featureTokens('SELECT name FROM singer'), new Set()).seq; // ['^', 'select', '<id>', 'from', '<id>', '$']
 */
export function maskSql(tokens: readonly FeatureToken[], columns: ReadonlySet<string>): MaskedSql {
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
  return { seq, keywords: [...kept] };
}

/**
 * Adds the four hashed groups of one candidate to `acc`, after the dense
 * slots: its masked n-grams, and its keywords crossed with the question's
 * `stems`. Throws nothing (the caller empties `acc` afterwards).
 *
 * @example addHashedGroups(acc, maskSql(facts.tokens, columns), questionWords(q).stems, DEFAULT_FEATURIZER);
 */
export function addHashedGroups(acc: Accumulator, { seq, keywords }: MaskedSql, stems: readonly string[], config: FeaturizerConfig): void {
  const n = seq.length - 2;
  const dense = denseCountOf(config);
  const buckets = config.dim - dense;
  const seed = fnvSeed(config.hashSeed);
  /** Adds one hashed feature (its name's parts folded in order, see fnvText) with weight `w`. */
  const add = (h: number, w: number): void => {
    const u = h >>> 0;
    acc.add(dense + (u % buckets), (u >>> 31 === 0 ? 1 : -1) * w);
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
  const wx = 1 / Math.sqrt(Math.max(1, stems.length * keywords.length));
  for (const stemmed of stems) {
    const hq = fnvText(fnvText(x, stemmed), '|');
    for (const k of keywords) add(fnvText(hq, k), wx);
  }
}

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
