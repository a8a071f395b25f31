/**
 * The competing answers of an abstention, every one reachable: the few with
 * the highest P first, then "Show all N results" reveals the rest (in the
 * decision rule's order), and focus moves to the first one revealed. Picking
 * one ("Use answer X") shows it in full in their place, with a way back.
 * The cards themselves are drawn by the caller (decision-view.ts).
 */
import type { AnswerGroup, AskResult } from '../../core/pipeline/index.ts';
import { el, replace, uid } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';

/** Competing answers shown before "Show all". */
export const ANSWERS_SHOWN_FIRST = 4;

/** Letters name the distinct results in the decision rule's order: A has the highest P(correct). */
export const groupLetter = (i: number): string => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : '');

export interface CompetingAnswerCards {
  /** The card of group `g` (position `i`), with its "Use answer" calling `use`. */
  alternative(result: AskResult, g: AnswerGroup, i: number, use: () => void): HTMLElement;
  /** Group `g` in full, as the person's choice, with `back` returning to the list. */
  chosen(result: AskResult, g: AnswerGroup, letter: string, back: () => void): HTMLElement;
}

/**
 * The list, with "Show all" when there are more than ANSWERS_SHOWN_FIRST.
 *
 * @example section.append(competingAnswers(result, { alternative, chosen: chosenByYou }));
 */
export function competingAnswers(result: AskResult, cards: CompetingAnswerCards): HTMLElement {
  const box = el('div', { class: 'competing' });
  const total = result.answers.length;
  let all = false;
  const show = (focusFrom?: number): void => {
    const groups = all ? result.answers : result.answers.slice(0, ANSWERS_SHOWN_FIRST);
    const listId = uid('answers');
    const more =
      total > ANSWERS_SHOWN_FIRST
        ? el(
            'button',
            {
              type: 'button',
              class: 'small show-all-answers',
              'aria-expanded': String(all),
              'aria-controls': listId,
              onclick: () => {
                all = !all;
                show(all ? ANSWERS_SHOWN_FIRST : undefined);
                if (!all) box.querySelector<HTMLElement>('.show-all-answers')?.focus();
              },
            },
            all ? `Show the ${ANSWERS_SHOWN_FIRST} highest only` : `Show all ${plural(total, 'result')}`,
          )
        : null;
    const shown =
      total > groups.length
        ? ` Showing the ${groups.length} highest of ${plural(total, 'distinct result')}.`
        : total > ANSWERS_SHOWN_FIRST
          ? ` All ${plural(total, 'distinct result')} shown.`
          : '';
    replace(
      box,
      el('h4', {}, groups.length > 1 ? 'Competing answers' : 'The answer it would have given'),
      el(
        'p',
        { class: 'muted' },
        `Compare them: if one is what you meant, use it; otherwise rephrase the question or add a hint. Each result has one P: that of its best-scored query.${shown}`,
      ),
      el(
        'div',
        { class: 'alternatives', id: listId },
        ...groups.map((g, i) =>
          cards.alternative(result, g, i, () => {
            replace(
              box,
              cards.chosen(result, g, groupLetter(i), () => show()),
            );
            box.querySelector<HTMLElement>('h4')?.focus();
          }),
        ),
      ),
      more,
    );
    if (focusFrom === undefined) return;
    const first = box.querySelectorAll<HTMLElement>('.alternative h4')[focusFrom];
    first?.setAttribute('tabindex', '-1');
    first?.focus();
  };
  show();
  return box;
}
