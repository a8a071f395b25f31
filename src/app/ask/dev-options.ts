/**
 * Developer options of the live model, for checking the pipeline on a slow
 * GPU (a software adapter prefills about 32 prompt tokens a minute) or with a
 * test model: the compact prompts (question only, no schema), the most tokens
 * per candidate, and web-llm's `logit_bias` (token id → −100…100) for the
 * candidates and for the judge's Yes/No request, which can force chosen tokens
 * from a model with random weights. Off by default; set in the panel, or in
 * the page URL: `?dev-prompt=compact&dev-max-tokens=2&dev-bias={"635":30}&dev-judge-bias={"355":15,"357":14}`
 * (docs/live-runtime.md). When any is on, the panel says so in plain sight.
 */
import type { PromptStyle } from '../../core/prompt/compact-prompt.ts';
import { el, replace } from '../ui/dom.ts';

export interface DevSettings {
  readonly prompt: PromptStyle;
  /** Most tokens per candidate; undefined: the generator's default. */
  readonly maxTokens: number | undefined;
  readonly bias: Readonly<Record<string, number>> | undefined;
  readonly judgeBias: Readonly<Record<string, number>> | undefined;
}

export interface DevOptions {
  readonly element: HTMLElement;
  /** The settings in force, or a message saying which field is wrong. */
  read(): { ok: true; settings: DevSettings } | { ok: false; message: string };
}

/**
 * A `logit_bias` map from its JSON text: integer token ids to numbers in
 * −100…100 (web-llm's range); '' is none.
 *
 * @example parseLogitBias('{"635": 30}') // { ok: true, bias: { '635': 30 } }
 */
export function parseLogitBias(text: string): { ok: true; bias: Record<string, number> | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, bias: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'is not JSON: write it like {"635": 30}' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'must be an object of token id → bias' };
  const bias: Record<string, number> = {};
  for (const [id, b] of Object.entries(value)) {
    if (!/^\d+$/.test(id)) return { ok: false, message: `has "${id}", which is not a token id` };
    if (typeof b !== 'number' || !(b >= -100 && b <= 100)) return { ok: false, message: `gives token ${id} a bias outside −100…100` };
    bias[id] = b;
  }
  return { ok: true, bias };
}

/**
 * The developer options, prefilled from the page URL.
 *
 * @example const dev = devOptions(new URLSearchParams(location.search)); panel.append(dev.element);
 */
export function devOptions(params: URLSearchParams): DevOptions {
  const prompt = el(
    'select',
    { id: 'dev-prompt' },
    el('option', { value: 'full' }, 'Full (schema and question)'),
    el('option', { value: 'compact' }, 'Compact (question only, no schema)'),
  );
  prompt.value = params.get('dev-prompt') === 'compact' ? 'compact' : 'full';
  const maxTokens = el('input', {
    type: 'number',
    id: 'dev-max-tokens',
    min: 1,
    max: 4096,
    step: 1,
    placeholder: '512',
    value: params.get('dev-max-tokens') ?? '',
  });
  const bias = el('input', { type: 'text', id: 'dev-bias', placeholder: '{"token id": bias}', value: params.get('dev-bias') ?? '' });
  const judgeBias = el('input', { type: 'text', id: 'dev-judge-bias', placeholder: '{"token id": bias}', value: params.get('dev-judge-bias') ?? '' });
  const notice = el('p', { class: 'notice dev-notice', role: 'status' });
  const details = el(
    'details',
    { class: 'dev-options' },
    el('summary', {}, 'Developer options (testing on a slow GPU or a test model)'),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'dev-prompt' }, 'Prompt'),
      prompt,
      el('label', { for: 'dev-max-tokens' }, 'Most tokens per candidate'),
      maxTokens,
    ),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'dev-bias' }, 'logit_bias for candidates'),
      bias,
      el('label', { for: 'dev-judge-bias' }, 'logit_bias for the judge'),
      judgeBias,
    ),
  );

  function read(): ReturnType<DevOptions['read']> {
    const max = maxTokens.value.trim() === '' ? undefined : Number(maxTokens.value);
    if (max !== undefined && !(Number.isInteger(max) && max >= 1 && max <= 4096))
      return { ok: false, message: 'Most tokens per candidate must be a whole number from 1 to 4096.' };
    const b = parseLogitBias(bias.value);
    if (!b.ok) return { ok: false, message: `The logit_bias for candidates ${b.message}.` };
    const j = parseLogitBias(judgeBias.value);
    if (!j.ok) return { ok: false, message: `The logit_bias for the judge ${j.message}.` };
    return { ok: true, settings: { prompt: prompt.value === 'compact' ? 'compact' : 'full', maxTokens: max, bias: b.bias, judgeBias: j.bias } };
  }

  const sync = (): void => {
    const r = read();
    const on =
      r.ok && (r.settings.prompt === 'compact' || r.settings.maxTokens !== undefined || r.settings.bias !== undefined || r.settings.judgeBias !== undefined);
    if (!r.ok) replace(notice, el('span', { class: 'error' }, r.message));
    else
      replace(
        notice,
        on ? 'Developer options are on: the model gets the compact prompt or forced tokens, so its answers are a test of the pipeline, not real answers.' : '',
      );
    notice.hidden = r.ok && !on;
    if (!r.ok || on) details.open = true;
  };
  for (const input of [prompt, maxTokens, bias, judgeBias]) input.addEventListener('change', sync);
  sync();
  return { element: el('div', {}, notice, details), read };
}
