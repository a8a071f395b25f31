/**
 * Ask's checkbox for a verifier with a switch of its own (the outcome reward
 * model), read off its descriptor's control (core/verifiers): on by default
 * when the active profile reads one of its scores; what turning it on or off
 * changes, and the panel that names and changes its model, folded into one
 * line beside it that opens on demand.
 */
import type { Verifier } from '../../core/pipeline/index.ts';
import { profileSignals, type CalibrationProfile } from '../../core/profile.ts';
import { readsVerifier, type VerifierControl, type VerifierDescriptor } from '../../core/verifiers/index.ts';
import { el, replace } from '../ui/dom.ts';
import { foldLine } from '../ui/fold.ts';

/** A verifier the page offers with a switch: its descriptor (with its control), its engine and its model panel. */
export interface SwitchableVerifier {
  readonly descriptor: VerifierDescriptor & { readonly control: VerifierControl };
  readonly verifier: Verifier;
  readonly panel: HTMLElement;
}

/**
 * The verifiers ticked among `toggles`.
 *
 * @example runAsk(request, { …, verifiers: tickedVerifiers(p.toggles) });
 */
export function tickedVerifiers(toggles: readonly VerifierToggle[]): Verifier[] {
  return toggles.flatMap((t) => t.verifiers());
}

export interface VerifierToggle {
  /** The checkbox, its line and the model panel. */
  readonly element: HTMLElement;
  /** The verifier when it is ticked, else none. */
  verifiers(): readonly Verifier[];
  /** Follows the active profile: the default on a new profile, and the line. */
  sync(profile: CalibrationProfile | null): void;
}

/**
 * Builds the checkbox for a verifier (ids `ask-<name>`, `ask-<name>-note`, `ask-<name>-more`) and its model panel.
 *
 * @example
 * const orm = verifierToggle({ descriptor: REWARD_MODEL, verifier: ormVerifier(engine), panel });
 * orm.sync(profiles.active());
 * runAsk(request, { …, verifiers: orm.verifiers() });
 */
export function verifierToggle(given: SwitchableVerifier): VerifierToggle {
  const { descriptor } = given;
  const { name, control } = descriptor;
  const box = el('input', { type: 'checkbox', id: `ask-${name}` });
  const note = el('span', { class: 'muted', id: `ask-${name}-note` });
  /** The profile the checkbox's default was last set for. */
  let defaultFor: string | null = null;
  return {
    element: el(
      'div',
      { class: 'check' },
      el('span', {}, box, ' ', el('label', { for: `ask-${name}` }, control.checkbox)),
      foldLine({ id: `ask-${name}-more`, summary: [control.about], body: [el('p', {}, note), given.panel] }),
    ),
    verifiers: () => (box.checked ? [given.verifier] : []),
    sync(p) {
      const used = p !== null && readsVerifier(profileSignals(p), descriptor);
      if (p !== null && p.name !== defaultFor) {
        // On by default when the profile reads it (a single pasted query is judged by it); the person may turn it off.
        defaultFor = p.name;
        box.checked = used;
      }
      replace(note, used ? control.whenRead(p!.name) : control.whenUnread);
    },
  };
}
