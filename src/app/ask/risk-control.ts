/**
 * The risk control, worded as the promise it makes about answers: "at most
 * 20% of the answers given are wrong". It offers only choices that answer
 * differently for the current pool size (core's riskChoices: risks that need
 * the same P are one option, which says which others answer the same), and
 * before a pool size is known, those that differ at some pool size. The rule
 * in full is folded into one line under it that opens on demand: what the
 * choice means per pool size (the P an answer needs), that Confide never
 * answers below P 0.5, and why a smaller pool needs more when its threshold
 * is higher than a larger pool's.
 */
import { choiceFor, choiceWords, DEFAULT_TARGET_RISK, riskChoices, targetRisks, thresholdOrderWords } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { el, replace } from '../ui/dom.ts';
import { foldLine } from '../ui/fold.ts';
import { formatPercent } from '../ui/format.ts';
import { thresholdsAt } from '../profiles/profile-words.ts';

export interface RiskControl {
  readonly element: HTMLElement;
  /** The chosen target risk (share of wrong answers allowed): the promise of the option chosen. */
  value(): number;
  /** Rebuilds the options for a profile, keeping the choice when it still exists. */
  setProfile(profile: CalibrationProfile): void;
  /** The number of candidates the next or last decision judges (null: not known); the options follow it. */
  setPool(poolSize: number | null): void;
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
 * risk.setPool(3);
 * decide(result, profile, risk.value());
 */
export function riskControl(): RiskControl {
  const select = el('select', { id: 'ask-risk', 'aria-describedby': 'ask-risk-hint' });
  const hint = el('p', { id: 'ask-risk-hint', class: 'muted' });
  const listeners: (() => void)[] = [];
  let profile: CalibrationProfile | null = null;
  let pool: number | null = null;
  /** The risk the person chose (or the default): kept across rebuilds, so a fold never loses their choice. */
  let chosen = DEFAULT_RISK;
  const explain = (): void => {
    const risk = Number(select.value);
    if (!profile || !targetRisks(profile).includes(risk)) return replace(hint, '');
    const choice = choiceFor(riskChoices(profile, pool), risk);
    const alike =
      choice && choice.risks.length > 1
        ? ` ${choice.risks.map(formatPercent).join(', ')} answer the same ${pool === null ? 'at every pool size' : `for ${pool} ${pool === 1 ? 'query' : 'queries'}`}: they need the same P, so they are one choice here.`
        : '';
    const order = (pool === null ? profile.bands.map((b) => b.min) : [pool]).map((n) => thresholdOrderWords(profile!, n, risk)).find((w) => w !== null);
    replace(
      hint,
      `Among the answers Confide gives at this setting, at most ${formatPercent(risk)} were wrong on the calibration data of profile "${profile.name}" (a promise about the answers as a group; each answer shows its own P). ` +
        `The P an answer needs depends on how many candidates there are: ${thresholdsAt(profile, risk)}. Never below P ${profile.floor.toFixed(2)}.${alike}${order ? ` ${order}` : ''}`,
    );
  };
  const rebuild = (): boolean => {
    if (profile === null) return false;
    const before = select.value;
    const choices = riskChoices(profile, pool);
    replace(select, ...choices.map((c) => el('option', { value: String(c.value) }, choiceWords(c, pool))));
    const keep = choiceFor(choices, chosen) ?? choiceFor(choices, DEFAULT_RISK) ?? choices[0];
    if (keep !== undefined) select.value = String(keep.value);
    explain();
    return before !== '' && before !== select.value;
  };
  select.addEventListener('change', () => {
    chosen = Number(select.value);
    explain();
    for (const l of listeners) l();
  });
  return {
    element: el(
      'div',
      { class: 'risk-control' },
      el('label', { for: 'ask-risk' }, 'Risk'),
      select,
      foldLine({ id: 'ask-risk-rule', summary: ['The risk rule in full'], body: [hint] }),
    ),
    value: () => Number(select.value),
    setProfile(p) {
      profile = p;
      rebuild();
    },
    setPool(n) {
      if (n === pool) return;
      pool = n;
      if (rebuild()) for (const l of listeners) l();
    },
    onChange: (l) => void listeners.push(l),
  };
}
