/**
 * Merging candidates that are the same query up to whitespace and case.
 *
 * Convention: two candidates are duplicates when `normalizeSql` (core/sql)
 * gives the same text: whitespace, keyword and identifier case, identifier
 * quoting and trailing semicolons do not count; string literals do. The first occurrence is kept with
 * all its fields; `sources` lists every distinct source of the merged
 * candidates in order of appearance, and `count` how many were merged.
 */
import type { CandidateRecord } from '../bench/types.ts';
import { normalizeSql } from '../sql/normalize.ts';

/** A candidate standing for one or more identical ones. */
export type DedupedCandidate = CandidateRecord & {
  readonly sources: readonly string[];
  readonly count: number;
};

/**
 * Candidates with duplicates merged, in order of first appearance.
 *
 * @example
 * dedupeCandidates([
 *   { sql: 'SELECT a FROM t', source: 'gold' },
 *   { sql: 'select a  from t;', source: 'mutation:alias-rename' },
 * ]); // [{ sql: 'SELECT a FROM t', source: 'gold', sources: ['gold', 'mutation:alias-rename'], count: 2 }]
 */
export function dedupeCandidates(candidates: readonly CandidateRecord[]): DedupedCandidate[] {
  const byKey = new Map<string, { first: CandidateRecord; sources: string[]; count: number }>();
  for (const c of candidates) {
    const key = normalizeSql(c.sql);
    const entry = byKey.get(key) ?? { first: c, sources: [], count: 0 };
    for (const s of sourcesOf(c)) if (!entry.sources.includes(s)) entry.sources.push(s);
    entry.count += 'count' in c && typeof c.count === 'number' ? c.count : 1;
    byKey.set(key, entry);
  }
  return [...byKey.values()].map(({ first, sources, count }) => ({ ...first, sources, count }));
}

/**
 * The sources a (possibly already merged) candidate stands for.
 *
 * @example
 * sourcesOf({ sql: 'SELECT 1', source: 'gold' }); // ['gold']
 */
export function sourcesOf(c: CandidateRecord): readonly string[] {
  if ('sources' in c && Array.isArray(c.sources)) return c.sources as string[];
  return c.source === undefined ? [] : [c.source];
}
