/**
 * The risk control, worded as the promise it makes about answers: "at most
 * 20% of the answers given are wrong", one option per target risk of the
 * active profile; the rule in full (what that means per pool size, the P an
 * answer needs, and that Confide never answers below P 0.5) is folded into
 * one line under it that opens on demand.
 */
import { DEFAULT_TARGET_RISK, riskWording, targetRisks } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { el, replace } from '../dom.ts';
import { foldLine } from '../fold.ts';
import { formatPercent } from '../format.ts';
import { thresholdsAt } from '../profiles/profile-words.ts';

export interface RiskControl {
  readonly element: HTMLElement;
  /** The chosen target risk (share of wrong answers allowed). */
  value(): number;
  /** Rebuilds the options for a profile, keeping the choice when it still exists. */
  setProfile(profile: CalibrationProfile): void;
  onChange(listener: () => void): void;
}

/** Default: at most 20% of the answers given wrong (core's DEFAULT_TARGET_RISK). */
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
    const risk = Number(select.value);
    if (!profile || !targetRisks(profile).includes(risk)) return replace(hint, '');
    replace(hint, `Among the answers Confide gives at this setting, at most ${formatPercent(risk)} were wrong on the calibration data of profile "${profile.name}" (a promise about the answers as a group; each answer shows its own P). ` +
      `The P an answer needs depends on how many candidates there are: ${thresholdsAt(profile, risk)}. Never below P ${profile.floor.toFixed(2)}.`);
  };
  select.addEventListener('change', () => {
    explain();
    for (const l of listeners) l();
  });
  return {
    element: el('div', { class: 'risk-control' }, el('label', { for: 'ask-risk' }, 'Risk'), select,
      foldLine({ id: 'ask-risk-rule', summary: ['The risk rule in full'], body: [hint] })),
    value: () => Number(select.value),
    setProfile(p) {
      profile = p;
      const before = select.value === '' ? DEFAULT_RISK : Number(select.value);
      const risks = targetRisks(p);
      replace(select, ...risks.map((r) => el('option', { value: String(r) }, riskWording(r))));
      const keep = risks.includes(before) ? before : risks.includes(DEFAULT_RISK) ? DEFAULT_RISK : risks[0];
      if (keep !== undefined) select.value = String(keep);
      explain();
    },
    onChange: (l) => void listeners.push(l),
  };
}
