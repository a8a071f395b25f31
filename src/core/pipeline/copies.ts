/**
 * Sources, not copies. Candidates agree independently only when they come
 * from different sources: a query pasted three times is one source's answer,
 * not three. So before anything runs, identical queries (equal normalized
 * text, sql/normalize.ts) from one paste (`SampledCandidate.paste`: pasted
 * text, or a file whose candidates carry no `source` tag of their own) are
 * kept once, with how many copies there were. A live model's samples and
 * candidates with their own source tags carry no paste and are all kept, as
 * agreement among them is what self-consistency measures.
 *
 * The kept candidate is the first copy; it remembers its position in the
 * input (`inputIndex`), so `confide ask` reports indices into what it was
 * given.
 */
import { normalizeSql } from '../sql/normalize.ts';
import type { SampledCandidate } from './types.ts';

/** One kept candidate: the first of its copies, where it stood in the input, and how many copies of it the paste held. */
export interface KeptCandidate {
  readonly candidate: SampledCandidate;
  readonly inputIndex: number;
  /** 1 for a query given once. */
  readonly copies: number;
}

/**
 * The candidates with copies from one paste kept once, in input order.
 *
 * @example
 * keepSources([{ sql: 'SELECT 1', source: 'p#1', paste: 'p' }, { sql: 'select 1;', source: 'p#2', paste: 'p' }]);
 * // [{ candidate: { sql: 'SELECT 1', … }, inputIndex: 0, copies: 2 }]
 */
export function keepSources(candidates: readonly SampledCandidate[]): KeptCandidate[] {
  const out: { candidate: SampledCandidate; inputIndex: number; copies: number }[] = [];
  const seen = new Map<string, number>();
  candidates.forEach((c, inputIndex) => {
    if (c.paste === undefined || c.sql === null) {
      out.push({ candidate: c, inputIndex, copies: 1 });
      return;
    }
    const key = `${c.paste}\u0000${normalizeSql(c.sql)}`;
    const at = seen.get(key);
    if (at === undefined) {
      seen.set(key, out.length);
      out.push({ candidate: c, inputIndex, copies: 1 });
    } else out[at]!.copies++;
  });
  return out;
}

/**
 * What a decision says about copies: "3 pasted queries, 1 distinct: copies of
 * one query from one paste count once." Null when nothing was a copy.
 *
 * @example copiesWords(3, 1); // '3 pasted queries, 1 distinct: identical queries from one paste count as one source.'
 */
export function copiesWords(given: number, kept: number): string | null {
  if (given === kept) return null;
  return `${given} pasted queries, ${kept} distinct: identical queries from one paste count as one source.`;
}
