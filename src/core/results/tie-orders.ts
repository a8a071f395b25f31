/**
 * Column orders that differ only inside runs of tied keys, for canonical
 * forms: given columns already sorted by key, yields every order obtained by
 * permuting each run of equal keys, when there are at most `limit` such
 * orders; otherwise yields the sorted order alone (ties keep input order).
 */

/**
 * Every tie-permuted variant of `sorted` (a list of column indices ordered by
 * `keys`), or `[sorted]` when the variants would exceed `limit`.
 *
 * @example
 * [...tieOrders([0, 1, 2], [k, k, z], cmp, 24)]; // [[0,1,2], [1,0,2]]
 */
export function* tieOrders<K>(sorted: readonly number[], keys: readonly K[], compare: (a: K, b: K) => number, limit: number): Generator<number[]> {
  const runs: number[][] = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last !== undefined && compare(keys[last[0]!]!, keys[c]!) === 0) last.push(c);
    else runs.push([c]);
  }
  let total = 1;
  for (const run of runs) for (let k = 2; k <= run.length; k++) total *= k;
  if (total > limit) {
    yield [...sorted];
    return;
  }
  yield* product(runs.map(permutations), 0, []);
}

function* product(choices: number[][][], at: number, prefix: number[]): Generator<number[]> {
  if (at === choices.length) {
    yield prefix;
    return;
  }
  for (const choice of choices[at]!) yield* product(choices, at + 1, [...prefix, ...choice]);
}

/** All permutations of a short list, in lexicographic order of positions. */
function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  const out: number[][] = [];
  items.forEach((item, i) => {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) out.push([item, ...tail]);
  });
  return out;
}
