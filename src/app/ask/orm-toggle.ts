/**
 * Ask's opt-in outcome reward model: a checkbox, on by default when the
 * active profile reads the reward model's score; what turning it on or off
 * changes, and the panel that names and changes the model, folded into one
 * line beside it that opens on demand.
 */
import type { Verifier } from '../../core/pipeline/index.ts';
import { profileSignals, type CalibrationProfile } from '../../core/profile.ts';
import { readsVerifier, REWARD_MODEL } from '../../core/verifiers/index.ts';
import { el, replace } from '../ui/dom.ts';
import { foldLine } from '../ui/fold.ts';

export interface OrmToggle {
  /** The checkbox, its line and the model panel; null without a reward model. */
  readonly element: HTMLElement | null;
  /** The reward model's verifier when it is ticked, else none. */
  verifiers(): readonly Verifier[];
  /** Follows the active profile: the default on a new profile, and the line. */
  sync(profile: CalibrationProfile | null): void;
}

/**
 * Builds the checkbox for `orm` (the verifier and its model panel), if any.
 *
 * @example
 * const orm = ormToggle(deps.orm);
 * orm.sync(profiles.active());
 * runAsk(request, { …, verifiers: orm.verifiers() });
 */
export function ormToggle(orm: { readonly verifier: Verifier; readonly panel: HTMLElement } | undefined): OrmToggle {
  const useOrm = el('input', { type: 'checkbox', id: 'ask-orm' });
  const note = el('span', { class: 'muted', id: 'ask-orm-note' });
  /** The profile the checkbox's default was last set for. */
  let defaultFor: string | null = null;
  return {
    element: orm
      ? el(
          'div',
          { class: 'check' },
          el('span', {}, useOrm, ' ', el('label', { for: 'ask-orm' }, 'Score with the outcome reward model')),
          foldLine({ id: 'ask-orm-more', summary: ['About the reward model'], body: [el('p', {}, note), orm.panel] }),
        )
      : null,
    verifiers: () => (orm && useOrm.checked ? [orm.verifier] : []),
    sync(p) {
      const used = p !== null && readsVerifier(profileSignals(p), REWARD_MODEL);
      if (p !== null && p.name !== defaultFor) {
        // On by default when the profile reads it (a single pasted query is judged by it); the person may turn it off.
        defaultFor = p.name;
        useOrm.checked = used;
      }
      replace(
        note,
        used
          ? `Profile "${p!.name}" reads this score (for a single query it is the main signal); turned off, P(correct) is estimated without it. Runs in a worker (onnxruntime, about 27 MB, downloaded once from this site).`
          : `The active profile does not use this score, so it will not change P(correct); it is shown for each candidate. To use it, run Evaluate with the reward model on and save that profile.`,
      );
    },
  };
}
