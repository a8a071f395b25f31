/**
 * A calibration profile in plain words for the page: its bands of pool sizes
 * with their thresholds, and the flag for fitted thresholds below the floor
 * (Confide never answers with P(correct) below 0.5, whatever a fitted
 * threshold says). The Profiles list, Evaluate's "save this profile" and the
 * risk control share these sentences.
 */
import { bandWords, belowFloor, profileSignals, thresholdAt, type CalibrationProfile } from '../../core/profile.ts';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/**
 * The thresholds of each band at one target risk: "1 query: P ≥ 0.83; 2 queries: P ≥ 0.71; …".
 *
 * @example thresholdsAt(profile, 0.2);
 */
export function thresholdsAt(profile: CalibrationProfile, risk: number): string {
  return profile.bands
    .map((b) => {
      const t = thresholdAt(profile, b, risk);
      return `${bandWords(b)}: ${t === null || t === undefined ? 'never answers' : `P ≥ ${t.toFixed(2)}`}`;
    })
    .join('; ');
}

/**
 * Every band with its signals and thresholds, one line each.
 *
 * @example bandLines(profile)[0]; // '1 query (orm_sql, executability): risk 10% → P ≥ 0.86, …'
 */
export function bandLines(profile: CalibrationProfile): string[] {
  return profile.bands.map((b) => {
    const used = b.signals.filter((_, j) => b.model.weights[j] !== 0);
    const ts = b.thresholds
      .map((t) => `at most ${pct(t.target_risk)} wrong → ${t.threshold === null ? 'never answers' : `P ≥ ${t.threshold.toFixed(2)}`}`)
      .join(', ');
    return `${bandWords(b)} (${used.length > 0 ? used.join(', ') : 'no signal: the base rate'}${b.fit ? `; ${b.fit.combiner}` : ''}): ${ts}`;
  });
}

/**
 * The floor flag for a fitted or imported profile, or null when no fitted
 * threshold sits below it.
 *
 * @example floorFlag(profile); // 'Below the 0.50 floor, raised to it: 5–8 queries at most 20% wrong (fitted P ≥ 0.10) …'
 */
export function floorFlag(profile: CalibrationProfile): string | null {
  const below = belowFloor(profile);
  if (below.length === 0) return null;
  const list = below.map((b) => `${b.band} at most ${pct(b.target_risk)} wrong (fitted P ≥ ${b.threshold.toFixed(2)})`).join('; ');
  return `Below the ${profile.floor.toFixed(2)} floor, raised to it: ${list}. On its calibration data an answer that low was still right often enough for the group of answers, but Confide never answers with P(correct) below ${profile.floor.toFixed(2)}, where an answer is more likely wrong than right.`;
}

/** The signals a profile reads, in words for its card. */
export function signalsWords(profile: CalibrationProfile): string {
  return profileSignals(profile).join(', ');
}
