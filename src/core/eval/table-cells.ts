/**
 * What the report's tables are made of (tables.ts): a titled table of text
 * cells, and the cell formats. Three decimals; percentages with one; a
 * statistically undefined value (NaN, or null after a JSON round trip)
 * prints as "NaN"; an absent value prints as "—".
 */
import type { SelectiveRow } from './types.ts';

export interface ReportTable {
  /** Stable id for anchors and file names (`signals`, `selective` …). */
  readonly id: string;
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const isMissing = (x: number | null | undefined): boolean => x === null || x === undefined || Number.isNaN(x);

/** Three decimals, "NaN" when undefined statistically, "—" when absent. @example f3(0.71234); // '0.712' */
export const f3 = (x: number | null | undefined): string => (x === undefined ? '—' : isMissing(x) ? 'NaN' : (x as number).toFixed(3));
/** Three decimals with a sign. @example signed(0.1); // '+0.100' */
export const signed = (x: number | null): string => (isMissing(x) ? 'NaN' : ((x as number) >= 0 ? '+' : '') + (x as number).toFixed(3));
/** An interval. @example ci([0.6, 0.7]); // '[0.600, 0.700]' */
export const ci = (c: readonly [number | null, number | null]): string => `[${f3(c[0])}, ${f3(c[1])}]`;
/** A percentage with one decimal. @example pct(0.868); // '86.8%' */
export const pct = (x: number | null | undefined): string => (isMissing(x) ? 'NaN' : `${(100 * (x as number)).toFixed(1)}%`);

/**
 * A selective row's coverage, risk and threshold (or that no subset meets the target).
 *
 * @example selectiveCells({ target_risk: 0.1, coverage: 0.5, risk: 0.08, threshold: 0.9 }); // ['50.0%', '8.0%', '0.900']
 */
export function selectiveCells(r: SelectiveRow): string[] {
  return 'none' in r ? ['none (no valid subset)', '', ''] : [pct(r.coverage), pct(r.risk), f3(r.threshold)];
}
