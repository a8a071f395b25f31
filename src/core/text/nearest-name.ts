/**
 * The names nearest to a mistyped one: the one edit distance the CLI uses
 * for a mistyped command or flag and the SQL pages use for "did you mean"
 * after `no such column` or `no such table`. The distance is the optimal
 * string alignment distance (insertions, deletions, substitutions and swaps
 * of two neighbouring characters, each 1), so `lable` is one edit from
 * `label` and `Nme` one from `Name`. Names longer than NEAR_NAME_MAX_CHARS
 * are never compared (the distance is quadratic: two names of 100,000
 * characters would take minutes), nor names whose lengths alone differ by
 * more edits than allowed.
 */

/** A name longer than this is not looked for and not offered (nobody mistypes a name that long). */
export const NEAR_NAME_MAX_CHARS = 256;

/**
 * Optimal string alignment distance between two short strings (case as given).
 *
 * @example
 * editDistance('Nme', 'Name'); // 1
 * editDistance('lable', 'label'); // 1 (a swap)
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      next[j] = d;
    }
    before = row;
    row = next;
  }
  return row[b.length]!;
}

/** How near a name must be to count. */
export interface NearOptions {
  /** Fewest edits always allowed (a third of the given name's length is allowed when more). */
  readonly minEdits: number;
  /** A name that starts with the given one, or that it starts with, counts as one edit away. */
  readonly prefix?: boolean;
  /** Compare without case (SQL names); the names come back as `names` spells them. */
  readonly ignoreCase?: boolean;
}

/**
 * The names in `names` nearest to `given` (all those at the smallest
 * distance, in `names` order), or none when the nearest is further than
 * max(minEdits, ⌊length / 3⌋) edits. The given name itself is never offered,
 * and nothing is offered for, or as, a name over NEAR_NAME_MAX_CHARS.
 *
 * @example
 * nearestNames(['Name', 'Named', 'Id'], 'Nme', { minEdits: 1, ignoreCase: true }); // ['Name']
 * nearestNames(['label', 'eval'], 'lable', { minEdits: 2, prefix: true }); // ['label']
 */
export function nearestNames(names: readonly string[], given: string, options: NearOptions): string[] {
  if (given.length > NEAR_NAME_MAX_CHARS) return [];
  const fold = (s: string): string => (options.ignoreCase === true ? s.toLowerCase() : s);
  const g = fold(given);
  const limit = Math.max(options.minEdits, Math.floor(given.length / 3));
  let best = Number.POSITIVE_INFINITY;
  let out: string[] = [];
  for (const name of new Set(names)) {
    if (name.length > NEAR_NAME_MAX_CHARS) continue;
    const n = fold(name);
    if (n === g) continue;
    const prefixed = options.prefix === true && (n.startsWith(g) || g.startsWith(n));
    if (!prefixed && Math.abs(n.length - g.length) > limit) continue;
    const d = prefixed ? 1 : editDistance(g, n);
    if (d > limit || d > best) continue;
    if (d < best) out = [];
    best = d;
    out.push(name);
  }
  return out;
}
