/**
 * The validation split of ORM training, by group (database): no group has
 * examples on both sides, so validation measures transfer to unseen schemas.
 *
 * Convention: the distinct groups are sorted, shuffled with `rng`, and moved
 * to validation in that order until validation holds at least
 * `share × total` examples; at least one group stays on each side.
 */
import { shuffleInPlace, type UniformFn } from '../../stats/mulberry32.ts';

export interface GroupSplit {
  readonly train: readonly string[];
  readonly validation: readonly string[];
}

/**
 * Splits the groups of `groupOf(i)` for `n` examples.
 *
 * @example
 * splitByGroup(['a', 'a', 'b', 'c'], 0.25, mulberry32(1)); // e.g. {train: ['a', 'c'], validation: ['b']}
 */
export function splitByGroup(groups: readonly string[], share: number, rng: UniformFn): GroupSplit {
  if (!(share > 0 && share < 1)) throw new RangeError(`validation share must be in (0, 1), got ${share}`);
  const sizes = new Map<string, number>();
  for (const g of groups) sizes.set(g, (sizes.get(g) ?? 0) + 1);
  if (sizes.size < 2) throw new RangeError(`a split by database needs at least 2 databases, got ${sizes.size}`);
  const order = shuffleInPlace([...sizes.keys()].sort(), rng);
  const validation: string[] = [];
  let held = 0;
  for (const g of order) {
    if (held >= share * groups.length || validation.length === order.length - 1) break;
    validation.push(g);
    held += sizes.get(g)!;
  }
  const v = new Set(validation);
  return { train: order.filter((g) => !v.has(g)).sort(), validation: validation.sort() };
}
