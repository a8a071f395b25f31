/**
 * The Ask screen's layout: the form (the question with Ask, the drafts and
 * offers under it, the verify box, the example chips, the hint; beside them
 * the risk control, the candidate source, the reward model and the live
 * model), where Enter asks and an empty question takes the example shown in
 * its placeholder; and the section around it with the notes, progress and the
 * result area.
 */
import { el } from '../ui/dom.ts';
import type { AskParts } from './ask-parts.ts';
import type { ExampleChips } from './example-chips.ts';

/**
 * The form; submitting it (or Enter in the question) runs `ask`.
 *
 * @example const form = askForm(parts, evidence, chips, () => void askOnce(parts));
 */
export function askForm(p: AskParts, evidence: HTMLInputElement, chips: ExampleChips, ask: () => void): HTMLFormElement {
  const { question, sources } = p;
  const form = el(
    'form',
    { class: 'ask-form', 'aria-labelledby': 'ask-heading' },
    el(
      'div',
      { class: 'fields' },
      el('label', { for: 'ask-question' }, 'Question'),
      el('div', { class: 'question-row' }, question, p.submit),
      p.draft.element,
      p.result.offer,
      sources.verify.element,
      chips.element,
      el('label', { for: 'ask-evidence' }, 'Evidence or hint (optional)'),
      evidence,
      p.draft.hintNote,
    ),
    el(
      'div',
      { class: 'controls' },
      p.risk.element,
      el('div', {}, el('label', { for: 'ask-source' }, 'Candidates from'), sources.select),
      sources.replayBox,
      ...p.toggles.map((t) => t.element),
      p.deps.live?.element ?? null,
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (question.value.trim() === '') {
      const example = question.placeholder.startsWith('e.g. ') ? question.placeholder.slice(5) : '';
      if (example === '') return question.focus();
      question.value = example;
    }
    ask();
  });
  question.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  return form;
}

/**
 * The screen's section: heading, form, the notes (profile, source, drafts), progress and the result area.
 *
 * @example panel.append(askSection(parts, form, profileBox, draftNote));
 */
export function askSection(p: AskParts, form: HTMLFormElement, profileBox: HTMLElement, draftNote: HTMLElement): HTMLElement {
  const { result } = p;
  return el(
    'section',
    { class: 'ask' },
    el('h2', { id: 'ask-heading' }, 'Ask'),
    form,
    el('div', { class: 'notes' }, profileBox, p.sources.note, draftNote),
    p.progress.element,
    result.errors,
    result.costs,
    result.decision,
    result.candidates,
  );
}
