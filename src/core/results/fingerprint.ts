/**
 * A result's fingerprint: 16 hex digits of a 64-bit hash (see hash64.ts) of
 * its canonical form under a rule, so candidates can be clustered by result
 * (execution self-consistency) without keeping their rows.
 *
 * Canonical forms:
 * - empty (no rows): one fingerprint per comparison, whatever the columns.
 *   (Both `spider` rules compare alike, so they share every fingerprint.)
 * - `bird`: the column count and the sorted set of row digests, columns in
 *   their own order.
 * - `spider`, ordered: columns sorted by the digest of their value sequence
 *   (columns with equal sequences are interchangeable), rows in their order.
 * - `spider`, unordered: row count, column count and the sorted multiset of
 *   row digests, columns sorted by a content key: the digest of the column's
 *   value multiset, refined once by the multiset of (value, row context) pairs,
 *   where a row's context is the multiset of (column key, value) over the row.
 *   Columns still tied after refinement are tried in every order when the
 *   ties allow at most {@link TIE_ORDER_LIMIT} orders in all, and the smallest
 *   digest wins.
 *
 * Numbers that are not whole are read to 10 significant digits first
 * (float-noise.ts: floating-point noise does not split one answer in two);
 * `exactNumbers` reads them exactly, as labels do.
 *
 * Guarantees: equal fingerprints imply `resultsEquivalent` under the same
 * options once numbers are read as above, up to a 64-bit hash collision. Equivalent results get equal
 * fingerprints, with one rare exception (spider, unordered): when the tied
 * columns allow more than TIE_ORDER_LIMIT orders (e.g. five or more columns
 * with the same value multiset and the same refined key) they keep their
 * input order, and two equivalent results may then differ, unless every
 * reordering of those columns maps the result onto itself (e.g. identical
 * columns), in which case they still agree.
 */
import { cellKey } from './cell-key.ts';
import { groupingKey } from './float-noise.ts';
import { compareHash, hashPair, Hasher, hashString, MultisetHash, toHex, type Hash64 } from './hash64.ts';
import { DEFAULT_RULE, type CompareOptions, type ResultTable } from './types.ts';
import { checkTable, comparisonOf } from './rules.ts';
import { tieOrders } from './tie-orders.ts';

/** Most column orders tried among tied columns (4! = 24). */
export const TIE_ORDER_LIMIT = 24;

/** How to fingerprint: a rule, row order, and whether numbers are read exactly (default: to 10 significant digits). */
export interface FingerprintOptions extends CompareOptions {
  readonly exactNumbers?: boolean;
}

/**
 * The fingerprint of `result` under the rule (default `spider`, unordered).
 *
 * @example
 * const a = { columns: ['x', 'y'], rows: [[1, 'a'], [2, 'b']] };
 * const b = { columns: ['y', 'x'], rows: [['b', 2], ['a', 1]] };
 * resultFingerprint(a) === resultFingerprint(b); // true
 */
export function resultFingerprint(result: ResultTable, options: FingerprintOptions = {}): string {
  checkTable(result, options.rule ?? DEFAULT_RULE);
  const rule = comparisonOf(options.rule ?? DEFAULT_RULE); // both spider rules compare, so cluster, alike
  if (result.rows.length === 0) return toHex(new Hasher().string(rule).string('empty').digest());
  const cells = cellDigests(result, options.exactNumbers === true ? cellKey : groupingKey);
  if (rule === 'bird') {
    const rows = rowDigests(
      cells,
      result.columns.map((_, c) => c),
      result.rows.length,
    );
    return digestRows('bird', cells, dedupe(rows.sort(compareHash)));
  }
  if (options.ordered ?? false) {
    const keys = cells.map((col) => col.reduce((h, cell) => h.hash(cell), new Hasher()).digest());
    const rows = rowDigests(cells, sortByKeys(keys), result.rows.length);
    return digestRows('spider-ordered', cells, rows);
  }
  const keys = unorderedKeys(cells);
  let best: string | undefined;
  for (const order of tieOrders(sortByKeys(keys), keys, compareHash, TIE_ORDER_LIMIT)) {
    const rows = rowDigests(cells, order, result.rows.length).sort(compareHash);
    const fp = digestRows('spider', cells, rows);
    if (best === undefined || fp < best) best = fp;
  }
  return best!;
}

/** Column-major digests of each cell's key. */
function cellDigests(result: ResultTable, keyOf: (cell: ResultTable['rows'][number][number]) => string): Hash64[][] {
  const memo = new Map<string, Hash64>();
  const digest = (key: string) => memo.get(key) ?? memo.set(key, hashString(key)).get(key)!;
  return result.columns.map((_, c) => result.rows.map((row) => digest(keyOf(row[c]!))));
}

function rowDigests(cells: Hash64[][], order: readonly number[], rowCount: number): Hash64[] {
  const rows: Hash64[] = [];
  for (let r = 0; r < rowCount; r++) {
    const h = new Hasher();
    for (const c of order) h.hash(cells[c]![r]!);
    rows.push(h.digest());
  }
  return rows;
}

function digestRows(tag: string, cells: Hash64[][], rows: Hash64[]): string {
  const h = new Hasher().string(tag).word(cells.length).word(rows.length);
  for (const row of rows) h.hash(row);
  return toHex(h.digest());
}

function dedupe(sorted: Hash64[]): Hash64[] {
  return sorted.filter((h, i) => i === 0 || compareHash(h, sorted[i - 1]!) !== 0);
}

function sortByKeys(keys: Hash64[]): number[] {
  return keys.map((_, c) => c).sort((a, b) => compareHash(keys[a]!, keys[b]!) || a - b);
}

/** Column-permutation-invariant content keys: value multiset, refined once by row context. */
function unorderedKeys(cells: Hash64[][]): Hash64[] {
  const signature = cells.map((col) => {
    const m = new MultisetHash();
    for (const cell of col) m.add(cell);
    return m.digest();
  });
  const rowCount = cells[0]?.length ?? 0;
  const context: Hash64[] = [];
  for (let r = 0; r < rowCount; r++) {
    const m = new MultisetHash();
    cells.forEach((col, c) => m.add(hashPair(signature[c]!, col[r]!)));
    context.push(m.digest());
  }
  return cells.map((col, c) => {
    const m = new MultisetHash();
    col.forEach((cell, r) => m.add(hashPair(cell, context[r]!)));
    return hashPair(signature[c]!, m.digest());
  });
}
