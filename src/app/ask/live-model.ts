/**
 * The live model, always in view in Ask: WebGPU detection, the model choice
 * (the default picked for this GPU, the catalogue with download sizes and
 * whether each model is already in this browser's cache, with a Delete for
 * cached ones; the cache module loads with web-llm, on demand), download and
 * load in the model worker with progress and a Cancel, then a generator (and,
 * when enabled, the LLM judge) for Ask and Evaluate. Without WebGPU it says so
 * and stays off; replay keeps working. web-llm's client is imported only when
 * a model is loaded, so the page does not carry it otherwise.
 */
import type { CandidateSource, Verifier } from '../../core/pipeline/index.ts';
import { buildAppConfig, buildTimeModelBase } from '../../engines/llm/app-config.ts';
import { detectWebGpu } from '../../engines/llm/capabilities.ts';
import { chooseDefaultModel } from '../../engines/llm/choose-model.ts';
import { createWebLlmGenerator } from '../../engines/llm/generator.ts';
import { createJudge, type Judge } from '../../engines/llm/judge.ts';
import { createJudgeVerifier } from '../../engines/llm/judge-verifier.ts';
import type { ModelCache } from '../../engines/llm/cache.ts';
import { MODELS, type ModelInfo } from '../../engines/llm/models.ts';
import type { LlmError } from '../../engines/llm/types.ts';
import { el, replace } from '../dom.ts';
import { createProgress } from '../progress.ts';

export interface LiveModel {
  readonly element: HTMLElement;
  generator(): CandidateSource | null;
  modelId(): string | null;
  /** The judge as a verifier, when a model is loaded and judging is on. */
  judge(): Verifier | null;
  /** Candidates per question and temperature chosen in the panel. */
  settings(): { n: number; temperature: number };
}

const RECOVERY: Readonly<Record<string, string>> = {
  'delete-model-cache': 'Delete this model from the browser cache (site settings) and try again.',
  'choose-smaller-model': 'Choose a smaller model.',
  'choose-f32-model': 'Choose a q4f32 build.',
  'enable-webgpu': 'Use a browser with WebGPU (a recent Chrome or Edge).',
  'free-storage': 'Free some storage or allow this site to store more.',
  retry: 'Try again.',
};

/** One message per error: what happened, what to do (when the message does not already say it), then the code. */
const describe = (e: LlmError): string => {
  const fix = e.recovery ? (RECOVERY[e.recovery] ?? '') : '';
  const message = e.message.trim();
  return `${message}${fix && !message.includes(fix) ? ` ${fix}` : ''} (${e.code})`;
};

/**
 * The live model panel; detection starts at once, nothing downloads until asked.
 *
 * @example const live = liveModel(); askView({ …, live });
 */
export function liveModel(): LiveModel {
  const status = el('p', { class: 'live-status', role: 'status', 'aria-live': 'polite' }, 'Checking for WebGPU…');
  const select = el('select', { id: 'live-model', disabled: true });
  const load = el('button', { type: 'button', disabled: true }, 'Download and load');
  const n = el('input', { type: 'number', id: 'live-n', value: 8, min: 1, max: 32, step: 1 });
  const temperature = el('input', { type: 'number', id: 'live-temperature', value: 0.7, min: 0, max: 2, step: 0.1 });
  const judging = el('input', { type: 'checkbox', id: 'live-judge' });
  const progress = createProgress('Model download progress');
  const list = el('ul', { class: 'model-list', 'aria-label': 'Models' });
  const controls = el('div', { class: 'row', hidden: true });
  let cache: ModelCache | null = null;
  let offered: readonly ModelInfo[] = [];
  let generator: CandidateSource | null = null;
  let judge: Judge | null = null;
  let loaded: string | null = null;

  /** Lists the offered models with size and whether each is in the browser cache, with a Delete for cached ones. */
  const showModels = async (): Promise<void> => {
    if (cache === null) return;
    const c = cache;
    const rows = await Promise.all(offered.map(async (m) => ({ m, cached: await c.has(m.id) })));
    replace(list, ...rows.map(({ m, cached }) => el('li', { 'data-model': m.id, 'data-cached': String(cached) },
      el('strong', {}, m.label), ` · about ${m.downloadMB} MB · `,
      el('span', { class: cached ? 'badge ok' : 'badge' }, cached ? 'in this browser' : 'not downloaded'),
      m.id === loaded ? el('span', { class: 'badge ok' }, 'loaded') : null,
      cached ? el('button', { type: 'button', class: 'small', onclick: async () => {
        const r = await c.remove(m.id);
        replace(status, r.ok ? `Deleted ${m.label} from this browser's cache.` : el('span', { class: 'error' }, describe(r.error)));
        await showModels();
      } }, `Delete ${m.label} from the cache`) : null,
    )));
  };

  void detectWebGpu().then(async (d) => {
    if (!d.ok) return replace(status, el('span', { class: 'muted' }, describe(d.error)), ' Replayed candidates and your own SQL still work.');
    const f16 = d.gpu.features.includes('shader-f16');
    const pick = chooseDefaultModel(d.gpu);
    offered = MODELS.filter((m) => f16 || !m.needsShaderF16);
    replace(select, ...offered.map((m) => el('option', { value: m.id, selected: m.id === pick.model.id }, `${m.label}, about ${m.downloadMB} MB`)));
    select.disabled = false;
    load.disabled = false;
    controls.hidden = false;
    const { createModelCache } = await import('../../engines/llm/cache.ts');
    cache = createModelCache(buildAppConfig({ base: buildTimeModelBase(), location: location.href }));
    void showModels();
    replace(status, `WebGPU found${d.gpu.isFallbackAdapter ? ' (a software adapter: expect it to be very slow)' : ''}. Suggested: ${pick.model.label} (${pick.reason}). The model downloads once, from ${buildTimeModelBase() ?? 'its upstream host (Hugging Face)'}, and stays in the browser cache; your data is never sent.`);
  });

  load.addEventListener('click', async () => {
    const modelId = select.value;
    load.disabled = true;
    const signal = progress.start(`Loading ${modelId}`);
    const { startWebLlm } = await import('../../engines/llm/worker-engine.ts');
    const r = await startWebLlm({
      modelId,
      appConfig: buildAppConfig({ base: buildTimeModelBase(), location: location.href }),
      onProgress: (p) => progress.update(p.progress, p.text),
      signal,
    });
    load.disabled = false;
    if (!r.ok) {
      progress.finish(r.error.code === 'ABORTED' ? 'Stopped; files already downloaded stay cached.' : '');
      if (r.error.code !== 'ABORTED') replace(status, el('span', { class: 'error', role: 'alert' }, describe(r.error)));
      void showModels();
      return;
    }
    progress.finish(`Loaded ${modelId}.`);
    generator = createWebLlmGenerator(r.engine, modelId);
    judge = createJudge(r.engine, modelId);
    loaded = modelId;
    replace(status, `Ready: ${modelId}. Choose "Live model" under "Candidates from" and Ask samples candidates from it.`);
    void showModels();
  });

  const element = el('fieldset', { class: 'live-model' },
    el('legend', {}, 'Live model (WebGPU)'),
    status,
    list,
    controls,
  );
  controls.append(
    el('label', { for: 'live-model' }, 'Model'), select, load,
    el('label', { for: 'live-n' }, 'Candidates (N)'), n,
    el('label', { for: 'live-temperature' }, 'Temperature'), temperature,
    judging, el('label', { for: 'live-judge' }, 'Also let the model judge each candidate (slower)'),
  );
  element.append(progress.element);
  return {
    element,
    generator: () => generator,
    modelId: () => loaded,
    judge: () => (judge !== null && judging.checked ? createJudgeVerifier(judge) : null),
    settings: () => ({ n: Math.min(32, Math.max(1, Math.floor(Number(n.value) || 8))), temperature: Number(temperature.value) }),
  };
}
