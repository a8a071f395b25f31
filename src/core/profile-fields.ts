/**
 * The readers of one field of a profile's JSON (profile-check.ts): each
 * gives the value as its type or throws a Bad naming the field's path and
 * what it must be. JSON has no NaN, so a statistic written as null reads
 * back as NaN (`stat`).
 */

/** A field that is not what it must be: `field` is its path, e.g. `bands[0].model.weights`. */
export class Bad extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/** An object (not an array). @example obj({ a: 1 }, 'fit'); // { a: 1 } */
export const obj = (v: unknown, f: string): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Bad(f, 'must be an object');
  return v as Record<string, unknown>;
};
/** A finite number. @example num(0.5, 'floor'); // 0.5 */
export const num = (v: unknown, f: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Bad(f, 'must be a finite number');
  return v;
};
/** A statistic: a finite number, or null for NaN. @example stat(null, 'fit.ece'); // NaN */
export const stat = (v: unknown, f: string): number => (v === null ? Number.NaN : num(v, f));
/** A string. @example str('spider', 'provenance.labels'); // 'spider' */
export const str = (v: unknown, f: string): string => {
  if (typeof v !== 'string') throw new Bad(f, 'must be a string');
  return v;
};
/** An array, each element read by `each` under its index's path. @example arr([1, 2], 'weights', num); // [1, 2] */
export const arr = <T>(v: unknown, f: string, each: (x: unknown, f: string) => T): T[] => {
  if (!Array.isArray(v)) throw new Bad(f, 'must be an array');
  return v.map((x, i) => each(x, `${f}[${i}]`));
};
/** true or false. @example bool(true, 'fit.no_better_than_best'); // true */
export const bool = (v: unknown, f: string): boolean => {
  if (typeof v !== 'boolean') throw new Bad(f, 'must be true or false');
  return v;
};
