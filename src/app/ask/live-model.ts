/**
 * The live model panel, shown in Ask when "Live model" is the candidate
 * source: WebGPU detection; the model host (set in the page, see
 * model-host-setting.ts); the offered models with what this browser holds of
 * each and a Delete; the model choice, with a confirmation before a model
 * needs more GPU memory than this adapter's budget; the files checked
 * (model-files.ts) before anything downloads, then download and compile in
 * the model worker with progress and a Cancel; Unload; and, once loaded, a
 * generator (and, when enabled, the LLM judge) for Ask and Evaluate, each
 * request's cost recorded for the Ask that made it. Switching models checks
 * the new one's files before the loaded one is unloaded, so a bad choice
 * leaves the loaded model in place. An error says what failed, where (file
 * and host) and one next step, once. web-llm's client is imported only when a
 * model is loaded, so the page does not carry it otherwise.
 */
import type { CandidateSource, Verifier } from '../../core/pipeline/index.ts';
import {
  MODELS,
  buildAppConfig,
  checkModelFiles,
  chooseDefaultModel,
  createJudge,
  createJudgeVerifier,
  createModelCache,
  createWebLlmGenerator,
  detectWebGpu,
  estimateVramBudgetMB,
  findModel,
  modelHost,
  startWebLlm,
  type CachedModel,
  type LlmEngine,
  type LlmError,
  type ModelInfo,
  type ModelRequest,
  type WorkerLike,
} from '../../engines/llm/index.ts';
import { el, replace } from '../ui/dom.ts';
import { createProgress } from '../ui/progress.ts';
import { devOptions } from './dev-options.ts';
import { pageStorage } from '../stored.ts';
import { modelHostSetting } from './model-host-setting.ts';
import { formatMB, renderModelList } from './model-list.ts';
import { confirmLargeModel, errorView, noGpuStatus, samplingSettings, whyNoGenerator } from './live-model-notices.ts';

export interface LiveModel {
  readonly element: HTMLElement;
  generator(): CandidateSource | null;
  modelId(): string | null;
  /** Why there is no generator, in a sentence for the Ask screen. */
  whyNot(): string;
  /** The judge as a verifier, when a model is loaded and judging is on. */
  judge(): Verifier | null;
  /** Candidates per question and temperature chosen in the panel. */
  settings(): { n: number; temperature: number };
  /** Starts recording the model's requests; the returned function stops and gives them. */
  track(): () => readonly ModelRequest[];
}

/**
 * The live model panel; detection starts at once, nothing downloads until asked.
 *
 * @example const live = liveModel(); askView({ …, live });
 */
export function liveModel(): LiveModel {
  const status = el('p', { class: 'live-status', role: 'status', 'aria-live': 'polite' }, 'Checking for WebGPU…');
  const errorBox = el('div', { class: 'live-errors' });
  const host = modelHostSetting(pageStorage('local'), () => location.reload());
  const select = el('select', { id: 'live-model', disabled: true });
  const load = el('button', { type: 'button', id: 'live-load', disabled: true }, 'Download and load');
  const unloadButton = el('button', { type: 'button', id: 'live-unload', hidden: true }, 'Unload');
  const confirmBox = el('div', { class: 'notice live-confirm', role: 'alertdialog', 'aria-labelledby': 'live-confirm-text', hidden: true });
  const sampling = samplingSettings();
  const progress = createProgress('Model download progress');
  const list = el('ul', { class: 'model-list', 'aria-label': 'Models and what this browser holds of them' });
  const controls = el('div', { class: 'row', hidden: true });
  const dev = devOptions(new URLSearchParams(location.search));
  let offered: readonly ModelInfo[] = [];
  let budgetMB = Infinity;
  let loaded: { modelId: string; engine: LlmEngine; worker: WorkerLike } | null = null;
  let recording: ModelRequest[] | null = null;
  let busy = false;
  /** Why no model can run here (the WebGPU check's code), or null once a GPU is found. */
  let noGpu: string | null = null;

  const appConfig = () => buildAppConfig({ base: host.base(), location: location.href });
  const showError = (e: LlmError): void =>
    replace(
      errorBox,
      errorView(e, (id) => void deleteModel(id)),
    );
  const record = (r: ModelRequest): void => void recording?.push(r);

  async function showModels(): Promise<void> {
    let inventory: CachedModel[] = [];
    try {
      inventory = await createModelCache(appConfig()).inventory();
    } catch {
      // no Cache API: every model shows as not downloaded
    }
    renderModelList(list, offered, inventory, loaded?.modelId ?? null, (m) => void deleteModel(m.id));
    const held = inventory.find((m) => m.modelId === select.value)?.state === 'complete';
    load.textContent = held ? 'Load' : 'Download and load';
  }

  async function deleteModel(modelId: string): Promise<void> {
    const label = findModel(modelId)?.label ?? modelId;
    const r = await createModelCache(appConfig()).remove(modelId);
    if (r.ok) {
      replace(errorBox);
      replace(status, `Deleted ${label} from this browser.${loaded?.modelId === modelId ? ' It stays loaded until you unload it or leave the page.' : ''}`);
    } else showError(r.error);
    await showModels();
  }

  async function unload(): Promise<void> {
    const l = loaded;
    if (l === null) return;
    loaded = null;
    unloadButton.hidden = true;
    // Stop a running request, give web-llm a moment to free the GPU, then end the worker either way.
    l.engine.interruptGenerate();
    await Promise.race([l.engine.unload().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
    l.worker.terminate();
  }

  async function loadModel(info: ModelInfo): Promise<void> {
    busy = true;
    load.disabled = true;
    replace(errorBox);
    const config = appConfig();
    const signal = progress.start(`Loading ${info.label}`);
    replace(
      status,
      `Loading ${info.label} from ${host.describe()}…${loaded === null ? '' : ` ${findModel(loaded.modelId)?.label ?? loaded.modelId} stays loaded until the new model's files check out.`}`,
    );
    progress.update(null, `checking the model files on ${host.describe()}`);
    const check = await checkModelFiles(config, info.id);
    if (signal.aborted) {
      progress.finish('Stopped.');
      replace(status, loaded !== null ? `Still loaded: ${findModel(loaded.modelId)?.label ?? loaded.modelId}.` : 'No model loaded.');
    } else if (!check.ok) {
      progress.finish('');
      showError(check.error);
      replace(status, loaded !== null ? `Still loaded: ${findModel(loaded.modelId)?.label ?? loaded.modelId}.` : 'No model loaded.');
    } else {
      const switching = loaded !== null && loaded.modelId !== info.id;
      if (loaded !== null) await unload();
      const toFetch = check.bytes - check.cachedBytes;
      progress.update(
        0,
        toFetch > 0 ? `${formatMB(toFetch)} to download${switching ? ' (the previous model is unloaded)' : ''}` : 'all files are in this browser',
      );
      const started = performance.now();
      const r = await startWebLlm({ modelId: info.id, appConfig: config, onProgress: (p) => progress.update(p.progress, p.text), signal });
      if (r.ok) {
        const seconds = (performance.now() - started) / 1000;
        loaded = { modelId: info.id, engine: r.engine, worker: r.worker };
        unloadButton.hidden = false;
        progress.finish(`Loaded ${info.label}.`);
        status.dataset['loadS'] = seconds.toFixed(1);
        status.dataset['model'] = info.id;
        replace(
          status,
          `Ready: ${info.label} from ${host.describe()}, loaded in ${seconds.toFixed(1)} s. Choose "Live model" under "Candidates from" and Ask samples candidates from it.`,
        );
      } else if (r.error.code === 'ABORTED') {
        progress.finish('Stopped; the files already downloaded stay in this browser.');
        replace(status, 'No model loaded.');
      } else {
        progress.finish('');
        replace(status, 'No model loaded.');
        // web-llm names no file: check them again to say which one failed.
        const diagnosis = await checkModelFiles(config, info.id);
        const from = modelHost(config, info.id);
        showError(
          diagnosis.ok ? { ...r.error, host: r.error.host ?? from, message: `Loading ${info.label} from ${from} failed. ${r.error.message}` } : diagnosis.error,
        );
      }
    }
    busy = false;
    load.disabled = false;
    await showModels();
  }

  void detectWebGpu().then(async (d) => {
    if (!d.ok) {
      // Nothing can run here, but what would be downloaded stays in view: every model with its size, disabled, saying why.
      noGpu = d.error.code;
      offered = MODELS;
      replace(select, ...offered.map((m) => el('option', { value: m.id }, `${m.label}, about ${m.downloadMB} MB`)));
      controls.hidden = false;
      load.title = `Needs WebGPU, which this browser does not offer (${d.error.code})`;
      void showModels();
      return replace(status, ...noGpuStatus(d.error));
    }
    const f16 = d.gpu.features.includes('shader-f16');
    const pick = chooseDefaultModel(d.gpu);
    budgetMB = estimateVramBudgetMB(d.gpu.limits.maxBufferSize);
    offered = MODELS.filter((m) => f16 || !m.needsShaderF16);
    replace(
      select,
      ...offered.map((m) =>
        el(
          'option',
          { value: m.id, selected: m.id === pick.model.id },
          `${m.label}, about ${m.downloadMB} MB${m.vramMB > budgetMB ? " (over this GPU's budget)" : ''}`,
        ),
      ),
    );
    select.disabled = false;
    load.disabled = false;
    controls.hidden = false;
    void showModels();
    replace(
      status,
      `WebGPU found${d.gpu.isFallbackAdapter ? ' (a software adapter: expect it to be very slow)' : ''}. Suggested: ${pick.model.label} (${pick.reason}). Models download once, from ${host.describe()}, and stay in this browser; your data is never sent.`,
    );
  });

  select.addEventListener('change', () => void showModels());
  load.addEventListener('click', () => {
    const info = findModel(select.value);
    if (info === undefined || busy) return;
    replace(errorBox);
    if (info.vramMB > budgetMB)
      return confirmLargeModel(confirmBox, info, budgetMB, {
        load: () => void loadModel(info),
        cancel: () => replace(status, `Not loaded: ${info.label}.`),
      });
    void loadModel(info);
  });
  unloadButton.addEventListener('click', async () => {
    const label = loaded === null ? '' : (findModel(loaded.modelId)?.label ?? loaded.modelId);
    await unload();
    replace(status, `Unloaded ${label}; no model loaded. Its files stay in this browser.`);
    await showModels();
  });

  const element = el('fieldset', { class: 'live-model' }, el('legend', {}, 'Live model (WebGPU)'), status, errorBox, host.element, list, controls, confirmBox);
  controls.append(el('label', { for: 'live-model' }, 'Model'), select, load, unloadButton, ...sampling.elements);
  element.append(progress.element, dev.element);

  const options = () => {
    const r = dev.read();
    return r.ok ? r.settings : null;
  };
  return {
    element,
    generator() {
      const o = options();
      if (loaded === null || o === null) return null;
      return createWebLlmGenerator(loaded.engine, loaded.modelId, {
        prompt: o.prompt,
        ...(o.maxTokens === undefined ? {} : { maxTokens: o.maxTokens }),
        ...(o.bias === undefined ? {} : { logitBias: o.bias }),
        onRequest: record,
      });
    },
    modelId: () => loaded?.modelId ?? null,
    whyNot: () => whyNoGenerator(noGpu, loaded !== null),
    judge() {
      const o = options();
      if (loaded === null || o === null || !sampling.judging()) return null;
      return createJudgeVerifier(
        createJudge(loaded.engine, loaded.modelId, {
          prompt: o.prompt,
          ...(o.judgeBias === undefined ? {} : { logitBias: o.judgeBias }),
          onRequest: record,
        }),
      );
    },
    settings: sampling.read,
    track() {
      const mine: ModelRequest[] = [];
      recording = mine;
      return () => {
        if (recording === mine) recording = null;
        return mine;
      };
    },
  };
}
