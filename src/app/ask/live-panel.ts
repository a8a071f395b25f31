/**
 * The live model panel's parts and what they share: its elements (status,
 * errors, model host, model menu, Load and Unload, the confirmation, sampling
 * settings, progress, the list of models, developer options), what it knows
 * (the offered models, the GPU budget, the loaded model, whether a load is
 * running), and the steps each handler takes: list the models with what this
 * browser holds, delete one's files, unload the loaded one.
 */
import {
  buildAppConfig,
  type CachedModel,
  createModelCache,
  findModel,
  type LlmEngine,
  type LlmError,
  type ModelInfo,
  type ModelRequest,
  type WorkerLike,
} from '../../engines/llm/index.ts';
import { pageStorage } from '../stored.ts';
import { el, replace } from '../ui/dom.ts';
import { createProgress, type ProgressView } from '../ui/progress.ts';
import { type DevOptions, devOptions } from './dev-options.ts';
import { errorView, type SamplingSettings, samplingSettings } from './live-model-notices.ts';
import { type ModelHostSetting, modelHostSetting } from './model-host-setting.ts';
import { renderModelList } from './model-list.ts';

/** A model running in its worker. */
export interface LoadedModel {
  readonly modelId: string;
  readonly engine: LlmEngine;
  readonly worker: WorkerLike;
}

/** The panel's elements and state; its parts read and set it as one closure would. */
export interface LivePanel {
  readonly status: HTMLParagraphElement;
  readonly errorBox: HTMLDivElement;
  readonly host: ModelHostSetting;
  readonly select: HTMLSelectElement;
  readonly load: HTMLButtonElement;
  readonly unloadButton: HTMLButtonElement;
  readonly confirmBox: HTMLDivElement;
  readonly sampling: SamplingSettings;
  readonly progress: ProgressView;
  readonly list: HTMLUListElement;
  readonly controls: HTMLDivElement;
  readonly dev: DevOptions;
  offered: readonly ModelInfo[];
  budgetMB: number;
  loaded: LoadedModel | null;
  /** The requests recorded for the Ask that is tracking them, if one is. */
  recording: ModelRequest[] | null;
  busy: boolean;
  /** Why no model can run here (the WebGPU check's code), or null once a GPU is found. */
  noGpu: string | null;
}

/**
 * The panel's elements, nothing detected, nothing loaded.
 *
 * @example const p = livePanel(); document.body.append(livePanelElement(p));
 */
export function livePanel(): LivePanel {
  return {
    status: el('p', { class: 'live-status', role: 'status', 'aria-live': 'polite' }, 'Checking for WebGPU…'),
    errorBox: el('div', { class: 'live-errors' }),
    host: modelHostSetting(pageStorage('local'), () => location.reload()),
    select: el('select', { id: 'live-model', disabled: true }),
    load: el('button', { type: 'button', id: 'live-load', disabled: true }, 'Download and load'),
    unloadButton: el('button', { type: 'button', id: 'live-unload', hidden: true }, 'Unload'),
    confirmBox: el('div', { class: 'notice live-confirm', role: 'alertdialog', 'aria-labelledby': 'live-confirm-text', hidden: true }),
    sampling: samplingSettings(),
    progress: createProgress('Model download progress'),
    list: el('ul', { class: 'model-list', 'aria-label': 'Models and what this browser holds of them' }),
    controls: el('div', { class: 'row', hidden: true }),
    dev: devOptions(new URLSearchParams(location.search)),
    offered: [],
    budgetMB: Infinity,
    loaded: null,
    recording: null,
    busy: false,
    noGpu: null,
  };
}

/**
 * The panel's fieldset: status, errors, model host, the list, the controls row, the confirmation, progress and developer options.
 *
 * @example askForm.append(livePanelElement(p));
 */
export function livePanelElement(p: LivePanel): HTMLElement {
  const element = el(
    'fieldset',
    { class: 'live-model' },
    el('legend', {}, 'Live model (WebGPU)'),
    p.status,
    p.errorBox,
    p.host.element,
    p.list,
    p.controls,
    p.confirmBox,
  );
  p.controls.append(el('label', { for: 'live-model' }, 'Model'), p.select, p.load, p.unloadButton, ...p.sampling.elements);
  element.append(p.progress.element, p.dev.element);
  return element;
}

/**
 * web-llm's configuration for the model host set in the page.
 *
 * @example const check = await checkModelFiles(appConfig(p), info.id);
 */
export const appConfig = (p: LivePanel) => buildAppConfig({ base: p.host.base(), location: location.href });

/**
 * The model's label, or its id when it is not one of the offered models.
 *
 * @example modelLabel('Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC'); // 'Qwen2.5-Coder 1.5B (q4f16)'
 */
export const modelLabel = (modelId: string): string => findModel(modelId)?.label ?? modelId;

/**
 * Shows an error once, with a Delete for a model's broken download.
 *
 * @example showError(p, check.error);
 */
export function showError(p: LivePanel, e: LlmError): void {
  replace(
    p.errorBox,
    errorView(e, (id) => void deleteModel(p, id)),
  );
}

/**
 * Lists the offered models with what this browser holds of each, and words Load for the chosen one.
 *
 * @example await showModels(p);
 */
export async function showModels(p: LivePanel): Promise<void> {
  let inventory: CachedModel[] = [];
  try {
    inventory = await createModelCache(appConfig(p)).inventory();
  } catch {
    // no Cache API: every model shows as not downloaded
  }
  renderModelList(p.list, p.offered, inventory, p.loaded?.modelId ?? null, (m) => void deleteModel(p, m.id));
  const held = inventory.find((m) => m.modelId === p.select.value)?.state === 'complete';
  p.load.textContent = held ? 'Load' : 'Download and load';
}

/**
 * Deletes a model's files from this browser and says so (a loaded model stays loaded).
 *
 * @example await deleteModel(p, 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC');
 */
export async function deleteModel(p: LivePanel, modelId: string): Promise<void> {
  const label = findModel(modelId)?.label ?? modelId;
  const r = await createModelCache(appConfig(p)).remove(modelId);
  if (r.ok) {
    replace(p.errorBox);
    replace(p.status, `Deleted ${label} from this browser.${p.loaded?.modelId === modelId ? ' It stays loaded until you unload it or leave the page.' : ''}`);
  } else showError(p, r.error);
  await showModels(p);
}

/**
 * Unloads the loaded model, if any: stops a running request, gives web-llm a moment to free the GPU, then ends the worker either way.
 *
 * @example await unloadModel(p);
 */
export async function unloadModel(p: LivePanel): Promise<void> {
  const l = p.loaded;
  if (l === null) return;
  p.loaded = null;
  p.unloadButton.hidden = true;
  l.engine.interruptGenerate();
  await Promise.race([l.engine.unload().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
  l.worker.terminate();
}
