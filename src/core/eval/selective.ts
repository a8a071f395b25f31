/** Report rows for selective prediction and the certificate. */
import type { Certificate, SelectiveResult } from '../stats/index.ts';
import type { CertificateReport, SelectiveRow } from './types.ts';

/** `selectiveAtRisk` results as report rows (`{none: true}` = "none (no valid subset)"). */
export function selectiveRows(results: readonly SelectiveResult[]): SelectiveRow[] {
  return results.map((r) =>
    r.none
      ? { target_risk: r.target, none: true as const }
      : { target_risk: r.target, threshold: r.threshold, coverage: r.coverage, risk: r.risk, answered: r.answered },
  );
}

/** A certificate as a report entry (the per-grid bounds are left out; they are long). */
export function certificateFor(scorer: string, c: Certificate, grid: string): CertificateReport {
  return { scorer, delta: c.delta, n_test: c.n, grid, targets: c.targets };
}
