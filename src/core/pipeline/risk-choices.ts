/**
 * Risk choices that each change something. A profile offers target risks
 * (0.1, 0.2, 0.3, 0.4); for one pool size, several of them can need the same
 * P (the bundled profile's 0.2, 0.3 and 0.4 all stop at the 0.5 floor), and
 * then they answer alike: the same questions, the same answers. The choices
 * for a pool size are the distinct thresholds, each named by the strongest
 * promise that reaches it (its lowest risk), with the risks that answer alike
 * folded into it.
 *
 * Thresholds are fitted separately for each band of pool sizes, so a smaller
 * pool can need a higher P than a larger one; {@link thresholdOrderWords}
 * says why when it happens.
 */
import { bandFor, bandWords, targetRisks, thresholdAt, type CalibrationProfile } from '../profile.ts';

/** One choice: the risks that answer alike for this pool size, the P they need (null: never answers), and the one it stands for. */
export interface RiskChoice {
  /** The lowest of `risks`: the promise the choice makes. */
  readonly value: number;
  /** Every offered risk with this threshold, ascending. */
  readonly risks: readonly number[];
  readonly threshold: number | null;
}

/**
 * The distinct choices for a pool of `poolSize` candidates, lowest risk first
 * (`threshold` is that pool's). With `poolSize` null (not known yet), risks
 * are folded only when they need the same P at every pool size (`threshold`
 * is then null). Without a band for the size every risk never answers: one
 * choice.
 *
 * @example
 * riskChoices(profile, 1); // [{ value: 0.1, risks: [0.1], threshold: 0.89 }, { value: 0.2, risks: [0.2, 0.3, 0.4], threshold: 0.5 }]
 */
export function riskChoices(profile: CalibrationProfile, poolSize: number | null): RiskChoice[] {
  const bands = poolSize === null ? profile.bands : [bandFor(profile, poolSize)];
  const out: { value: number; risks: number[]; threshold: number | null; key: string }[] = [];
  for (const r of targetRisks(profile)) {
    const ts = bands.map((b) => (b === null ? null : (thresholdAt(profile, b, r) ?? null)));
    const key = ts.map((t) => (t === null ? 'never' : t.toFixed(12))).join('|');
    const same = out.find((c) => c.key === key);
    if (same) same.risks.push(r);
    else out.push({ value: r, risks: [r], threshold: poolSize === null ? null : ts[0]!, key });
  }
  return out.map(({ key: _key, ...c }) => c);
}

/**
 * The choice that holds `risk` (the one a person picked, or the default).
 *
 * @example choiceFor(riskChoices(profile, 1), 0.3)?.value; // 0.2
 */
export function choiceFor(choices: readonly RiskChoice[], risk: number): RiskChoice | undefined {
  return choices.find((c) => c.risks.includes(risk));
}

const pct = (r: number): string => `${Math.round(r * 100)}%`;

/**
 * A choice in words: "at most 20% of the answers given are wrong (30% and 40%
 * answer the same for 1 query)".
 *
 * @example choiceWords({ value: 0.2, risks: [0.2, 0.3, 0.4], threshold: 0.5 }, 1);
 */
export function choiceWords(c: RiskChoice, poolSize: number | null): string {
  const promise = `at most ${pct(c.value)} of the answers given are wrong`;
  const others = c.risks.slice(1).map(pct);
  if (others.length === 0) return promise;
  const list = others.length === 1 ? others[0]! : `${others.slice(0, -1).join(', ')} and ${others.at(-1)!}`;
  const where = poolSize === null ? 'at every pool size' : `for ${poolSize} ${poolSize === 1 ? 'query' : 'queries'}`;
  return `${promise} (${list} ${others.length === 1 ? 'answers' : 'answer'} the same ${where})`;
}

/**
 * Why a smaller pool needs a higher P than the next larger band, for `risk`,
 * or null when thresholds do not rise that way. Each band's threshold is
 * the lowest P at which its calibration questions' answers were at most that
 * share wrong; where a smaller pool's is higher, its answers just above the
 * larger pool's threshold were wrong too often.
 *
 * @example thresholdOrderWords(profile, 2, 0.2);
 * // 'With 2 queries this setting needs P ≥ 0.54, more than the 0.50 for 3–4 queries: …'
 */
export function thresholdOrderWords(profile: CalibrationProfile, poolSize: number, risk: number): string | null {
  const band = bandFor(profile, poolSize);
  if (band === null || band.max === null) return null;
  const next = bandFor(profile, band.max + 1);
  if (next === null) return null;
  const here = thresholdAt(profile, band, risk);
  const there = thresholdAt(profile, next, risk);
  if (here === null || here === undefined || there === null || there === undefined || here <= there + 1e-12) return null;
  return `With ${bandWords(band)} this setting needs P ≥ ${here.toFixed(2)}, more than the ${there.toFixed(2)} for ${bandWords(next)}: each pool size has its own model and threshold, fitted on its own calibration questions, and there answering ${bandWords(band)} from P ${there.toFixed(2)} gave more than ${pct(risk)} wrong answers, so its threshold is higher.`;
}
