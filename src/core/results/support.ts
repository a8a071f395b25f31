/**
 * Results that back another as a person reads them, though the published
 * rules call them different:
 * - *rounds*: a result whose numbers are another's rounded to 2 or more
 *   decimals (`ROUND(AVG(x), 2)` beside `AVG(x)`) backs it;
 * - *explains*: a result whose columns hold another's rows plus explanatory
 *   columns (names with their counts, beside the names alone) backs it.
 * Each result is given keys (fingerprints, as fingerprint.ts makes them:
 * spider rule, unordered, float noise merged) of what it can be matched
 * against: its projections onto fewer of its columns, and its roundings to
 * 2…6 decimals. Result a backs result b when b's fingerprint is one of a's
 * projections, or a's fingerprint is one of b's roundings.
 *
 * Bounds: projections only for results of at most {@link SUPPORT_MAX_COLUMNS}
 * columns and {@link SUPPORT_MAX_ROWS} rows (2^c − 2 of them), roundings only
 * for results with a number that is not whole; none for a result holding more
 * than {@link SUPPORT_MAX_TEXT} characters of text (keys hash every cell, on
 * the thread that decides); an empty result backs nothing.
 */
import type { Cell } from '../exec/types.ts';
import { resultFingerprint } from './fingerprint.ts';
import type { ResultTable } from './types.ts';

/** Most columns a result may have for its projections to be keyed (2^5 − 2 = 30 projections). */
export const SUPPORT_MAX_COLUMNS = 5;
/** Most rows a result may have for its projections and roundings to be keyed. */
export const SUPPORT_MAX_ROWS = 2000;
/** Most characters of text a result may hold for its keys to be made (each key hashes every cell again). */
export const SUPPORT_MAX_TEXT = 1_000_000;
/** Decimal places a rounding may keep: 2 (what "rounds to 2 or more decimals" means) to 6. */
export const ROUNDING_DECIMALS = [2, 3, 4, 5, 6] as const;

/** What a result can be matched against. */
export interface SupportKeys {
  /** Fingerprints of its projections onto every proper, non-empty subset of its columns. */
  readonly projections: readonly string[];
  /** Fingerprints of itself with its numbers rounded to 2…6 decimals (those that differ from it). */
  readonly roundings: readonly string[];
}

const NONE: SupportKeys = { projections: [], roundings: [] };

const round = (x: Cell, d: number): Cell => (typeof x === 'number' && Number.isFinite(x) && !Number.isInteger(x) ? Number(x.toFixed(d)) : x);

/** Characters of text in the rows (stops counting past the cap). */
function textLength(rows: ResultTable['rows']): number {
  let n = 0;
  for (const r of rows) {
    for (const x of r) if (typeof x === 'string') n += x.length;
    if (n > SUPPORT_MAX_TEXT) break;
  }
  return n;
}

/**
 * The support keys of one result.
 *
 * @example
 * const keys = supportKeys({ columns: ['name', 'n'], rows: [['Ann', 3]] });
 * keys.projections.includes(resultFingerprint({ columns: ['name'], rows: [['Ann']] })); // true
 */
export function supportKeys(result: ResultTable): SupportKeys {
  const { columns, rows } = result;
  if (rows.length === 0 || rows.length > SUPPORT_MAX_ROWS || textLength(rows) > SUPPORT_MAX_TEXT) return NONE;
  const own = resultFingerprint(result);
  const projections: string[] = [];
  if (columns.length > 1 && columns.length <= SUPPORT_MAX_COLUMNS) {
    for (let mask = 1; mask < (1 << columns.length) - 1; mask++) {
      const keep = columns.map((_, c) => c).filter((c) => (mask >> c) & 1);
      projections.push(resultFingerprint({ columns: keep.map((c) => columns[c]!), rows: rows.map((r) => keep.map((c) => r[c]!)) }));
    }
  }
  const roundings = new Set<string>();
  if (rows.some((r) => r.some((x) => typeof x === 'number' && Number.isFinite(x) && !Number.isInteger(x)))) {
    for (const d of ROUNDING_DECIMALS) {
      const fp = resultFingerprint({ columns, rows: rows.map((r) => r.map((x) => round(x, d))) });
      if (fp !== own) roundings.add(fp);
    }
  }
  return { projections, roundings: [...roundings] };
}

/** One result as support reads it: its fingerprint and its keys. */
export interface SupportView {
  readonly fingerprint: string;
  readonly keys: SupportKeys;
}

/**
 * How `a` backs `b`: 'rounds', 'explains', or null (also for equal results).
 *
 * @example backs(namesWithCounts, namesOnly); // 'explains'
 */
export function backs(a: SupportView, b: SupportView): 'rounds' | 'explains' | null {
  if (a.fingerprint === b.fingerprint) return null;
  if (a.keys.projections.includes(b.fingerprint)) return 'explains';
  if (b.keys.roundings.includes(a.fingerprint)) return 'rounds';
  return null;
}
