/**
 * ISO-8601 calendar dates as day numbers, so the generator can draw dates with
 * integer arithmetic. Pure UTC arithmetic on fixed inputs: never the clock.
 */

const MS_PER_DAY = 86_400_000;

/**
 * Days since 1970-01-01 for a `YYYY-MM-DD` date.
 *
 * @example
 * dayOf('1970-01-02'); // 1
 */
export function dayOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`dayOf needs YYYY-MM-DD, got ${JSON.stringify(iso)}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

/**
 * The `YYYY-MM-DD` date of a day number (the inverse of {@link dayOf}).
 *
 * @example
 * isoOf(dayOf('2024-02-28') + 1); // '2024-02-29'
 */
export function isoOf(day: number): string {
  if (!Number.isInteger(day)) throw new RangeError(`isoOf needs an integer day, got ${day}`);
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
