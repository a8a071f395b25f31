/**
 * The risk control, worded as what it does: "keep wrong answers at or below
 * 20%: answers when P ≥ 0.69", one option per target risk of the active
 * profile, each with the P(correct) threshold it implies.
 */
import { DEFAULT_TARGET_RISK, riskWording, targetRisks } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { el, replace } from '../dom.ts';
import { formatPercent } from '../format.ts';

export interface RiskControl {
  readonly element: HTMLElement;
  /** The chosen target risk (share of wrong answers allowed). */
  value(): number;
  /** Rebuilds the options for a profile, keeping the choice when it still exists. */
  setProfile(profile: CalibrationProfile): void;
  onChange(listener: () => void): void;
}

/** Default: keep wrong answers at or below 20% (core's DEFAULT_TARGET_RISK). */
export const DEFAULT_RISK = DEFAULT_TARGET_RISK;

/**
 * A labelled select with a live explanation.
 *
 * @example
 * const risk = riskControl();
 * risk.setProfile(profile);
 * decide(result, profile, risk.value());
 */
export function riskControl(): RiskControl {
  const select = el('select', { id: 'ask-risk', 'aria-describedby': 'ask-risk-hint' });
  const hint = el('p', { id: 'ask-risk-hint', class: 'muted' });
  const listeners: (() => void)[] = [];
  let profile: CalibrationProfile | null = null;
  const explain = (): void => {
    const t = profile?.thresholds.find((x) => x.target_risk === Number(select.value));
    if (!profile || !t) return replace(hint, '');
    replace(hint, t.threshold === null
      ? `Profile "${profile.name}" found no threshold that kept wrong answers at or below ${formatPercent(t.target_risk)}; at this level Confide always abstains.`
      : `On the calibration data of profile "${profile.name}", answers at P ≥ ${t.threshold.toFixed(2)} were wrong at most ${formatPercent(t.target_risk)} of the time.`);
  };
  select.addEventListener('change', () => {
    explain();
    for (const l of listeners) l();
  });
  return {
    element: el('div', { class: 'risk-control' }, el('label', { for: 'ask-risk' }, 'Risk'), select, hint),
    value: () => Number(select.value),
    setProfile(p) {
      profile = p;
      const before = select.value === '' ? DEFAULT_RISK : Number(select.value);
      const risks = targetRisks(p);
      replace(select, ...risks.map((r) => el('option', { value: String(r) }, riskWording(r, p.thresholds.find((t) => t.target_risk === r)?.threshold ?? null))));
      const keep = risks.includes(before) ? before : risks.includes(DEFAULT_RISK) ? DEFAULT_RISK : risks[0];
      if (keep !== undefined) select.value = String(keep);
      explain();
    },
    onChange: (l) => void listeners.push(l),
  };
}
