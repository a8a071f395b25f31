/**
 * The live model panel's parts besides its model choice (live-model.ts): an
 * error with its one recovery, the question before loading a model larger
 * than this GPU's budget, and the sampling settings (N, temperature, judge).
 */
import type { LlmError, ModelInfo } from '../../engines/llm/index.ts';
import { el, replace } from '../ui/dom.ts';

/**
 * An error as the page shows it: the message (what failed, where, one next
 * step), the code, web-llm's own words when there are some, and a button for
 * the one recovery that is an action here.
 *
 * @example errorBox.replaceChildren(errorView(error, (id) => void deleteModel(id)));
 */
export function errorView(e: LlmError, deleteDownload: (modelId: string) => void): HTMLElement {
  return el(
    'div',
    { class: 'error live-error', role: 'alert', 'data-code': e.code, 'data-file': e.file ?? '', 'data-host': e.host ?? '' },
    el('p', {}, e.message, ' ', el('span', { class: 'muted code' }, `(${e.code})`)),
    e.cause ? el('p', { class: 'muted small' }, `The model engine said: ${e.cause}`) : null,
    e.recovery === 'delete-model-cache' && e.modelId
      ? el('button', { type: 'button', class: 'small', onclick: () => deleteDownload(e.modelId!) }, "Delete this model's download")
      : null,
  );
}

/**
 * Asks, in `box`, before loading a model that needs more GPU memory than the
 * adapter's budget; focus goes to "Don't load it".
 *
 * @example confirmLargeModel(confirmBox, info, 2048, { load: () => void loadModel(info), cancel: () => say('Not loaded.') });
 */
export function confirmLargeModel(box: HTMLElement, info: ModelInfo, budgetMB: number, answer: { load(): void; cancel(): void }): void {
  replace(
    box,
    el(
      'p',
      { id: 'live-confirm-text' },
      `${info.label} needs about ${Math.round(info.vramMB)} MB of GPU memory, more than this GPU's budget of about ${budgetMB} MB (an estimate from its largest buffer). It may fail to load or slow the whole computer down, and it downloads about ${info.downloadMB} MB.`,
    ),
    el(
      'div',
      { class: 'row' },
      el(
        'button',
        {
          type: 'button',
          class: 'primary',
          id: 'live-confirm-load',
          onclick: () => {
            box.hidden = true;
            answer.load();
          },
        },
        'Load it anyway',
      ),
      el(
        'button',
        {
          type: 'button',
          id: 'live-confirm-cancel',
          onclick: () => {
            box.hidden = true;
            answer.cancel();
          },
        },
        "Don't load it",
      ),
    ),
  );
  box.hidden = false;
  (box.querySelector('#live-confirm-cancel') as HTMLElement | null)?.focus();
}

/** The sampling settings' inputs, and their values as Ask reads them. */
export interface SamplingSettings {
  readonly elements: readonly HTMLElement[];
  /** Candidates per question (1–32, 8 when the box does not hold a number) and temperature. */
  read(): { n: number; temperature: number };
  /** Whether the model also judges each candidate. */
  judging(): boolean;
}

/**
 * The inputs for N, temperature and the judge, labelled.
 *
 * @example const sampling = samplingSettings(); controls.append(...sampling.elements); sampling.read().n; // 8
 */
export function samplingSettings(): SamplingSettings {
  const n = el('input', { type: 'number', id: 'live-n', value: 8, min: 1, max: 32, step: 1 });
  const temperature = el('input', { type: 'number', id: 'live-temperature', value: 0.7, min: 0, max: 2, step: 0.1 });
  const judging = el('input', { type: 'checkbox', id: 'live-judge' });
  return {
    elements: [
      el('label', { for: 'live-n' }, 'Candidates (N)'),
      n,
      el('label', { for: 'live-temperature' }, 'Temperature'),
      temperature,
      judging,
      el('label', { for: 'live-judge' }, 'Also let the model judge each candidate (slower)'),
    ],
    read: () => ({ n: Math.min(32, Math.max(1, Math.floor(Number(n.value) || 8))), temperature: Number(temperature.value) }),
    judging: () => judging.checked,
  };
}

/**
 * The status line when the browser offers no WebGPU: why, and what still works.
 *
 * @example status.replaceChildren(...noGpuStatus(d.error));
 */
export function noGpuStatus(error: { readonly message: string; readonly code: string }): (HTMLElement | string)[] {
  return [
    el('span', { class: 'muted' }, `${error.message} (${error.code})`),
    ' No model can run in this browser, so nothing is downloaded; the models below, with their sizes, are what a browser with WebGPU would download. Replayed candidates and your own SQL still work.',
  ];
}

/**
 * Why Ask has no live generator, in a sentence: no WebGPU (its code), no model loaded, or developer options that do not read.
 *
 * @example whyNoGenerator(null, false); // 'Load a model first: …'
 */
export function whyNoGenerator(noGpu: string | null, loaded: boolean): string {
  if (noGpu !== null)
    return `This browser has no WebGPU (${noGpu}), so a live model cannot run here. What it can do instead: replay a candidate file ("Replay a candidate file" under "Candidates from"; the demo's example questions have one), or check SQL you already have (verify mode).`;
  return loaded
    ? 'Fix the developer options of the live model first.'
    : 'Load a model first: choose one in the live model panel below and press "Download and load", or check SQL you already have.';
}
