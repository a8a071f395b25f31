/**
 * A progress line for one long step (model download, sampling, execution,
 * scoring): a labelled `<progress>`, a status text read by screen readers,
 * and a Cancel button that aborts the step's AbortController.
 */
import { el, replace } from './dom.ts';

export interface ProgressView {
  readonly element: HTMLElement;
  /** Starts a step; returns the signal that Cancel aborts. */
  start(step: string): AbortSignal;
  /** `progress` in 0..1, or null for an indeterminate bar. */
  update(progress: number | null, text: string): void;
  /** Ends the step, leaving a final line ('' hides the view). */
  finish(text?: string): void;
}

/**
 * A progress view; several steps can run one after another through it.
 *
 * @example
 * const p = createProgress('Ask progress');
 * const signal = p.start('Sampling candidates');
 * p.update(0.5, '4 of 8 candidates');
 * p.finish('Done');
 */
export function createProgress(label: string): ProgressView {
  const bar = el('progress', { max: 1, 'aria-label': label });
  const status = el('span', { class: 'progress-text', role: 'status', 'aria-live': 'polite' });
  const cancel = el('button', { type: 'button', class: 'cancel' }, 'Cancel');
  const element = el('div', { class: 'progress', hidden: true }, bar, status, cancel);
  let controller: AbortController | null = null;
  let step = '';
  cancel.addEventListener('click', () => {
    controller?.abort(new DOMException(`${step} was cancelled`, 'AbortError'));
    replace(status, `${step}: cancelling…`);
  });
  return {
    element,
    start(name) {
      controller?.abort(new DOMException('superseded', 'AbortError'));
      controller = new AbortController();
      step = name;
      element.hidden = false;
      cancel.hidden = false;
      bar.removeAttribute('value');
      replace(status, `${name}…`);
      return controller.signal;
    },
    update(progress, text) {
      if (progress === null) bar.removeAttribute('value');
      else bar.value = Math.min(1, Math.max(0, progress));
      replace(status, `${step}: ${text}`);
    },
    finish(text = '') {
      controller = null;
      cancel.hidden = true;
      bar.value = 1;
      replace(status, text);
      element.hidden = text === '';
    },
  };
}
