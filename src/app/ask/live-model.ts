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
import type { CandidateGenerator, Verifier } from '../../core/pipeline/index.ts';
import {
  MODELS,
  chooseDefaultModel,
  createJudge,
  createJudgeVerifier,
  createWebLlmGenerator,
  detectWebGpu,
  estimateVramBudgetMB,
  findModel,
  type ModelRequest,
} from '../../engines/llm/index.ts';
import { el, replace } from '../ui/dom.ts';
import { loadModel } from './live-model-load.ts';
import { confirmLargeModel, noGpuStatus, whyNoGenerator } from './live-model-notices.ts';
import { type LivePanel, livePanel, livePanelElement, modelLabel, showModels, unloadModel } from './live-panel.ts';

export interface LiveModel {
  readonly element: HTMLElement;
  generator(): CandidateGenerator | null;
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
  const p = livePanel();
  void detectModels(p);
  listenToPanel(p);
  return liveModelApi(p, livePanelElement(p));
}

/** Detects WebGPU and offers the models it can run (or, without it, every model, disabled, saying why). */
async function detectModels(p: LivePanel): Promise<void> {
  const d = await detectWebGpu();
  if (!d.ok) {
    // Nothing can run here, but what would be downloaded stays in view: every model with its size, disabled, saying why.
    p.noGpu = d.error.code;
    p.offered = MODELS;
    replace(p.select, ...p.offered.map((m) => el('option', { value: m.id }, `${m.label}, about ${m.downloadMB} MB`)));
    p.controls.hidden = false;
    p.load.title = `Needs WebGPU, which this browser does not offer (${d.error.code})`;
    void showModels(p);
    return replace(p.status, ...noGpuStatus(d.error));
  }
  const f16 = d.gpu.features.includes('shader-f16');
  const pick = chooseDefaultModel(d.gpu);
  p.budgetMB = estimateVramBudgetMB(d.gpu.limits.maxBufferSize);
  p.offered = MODELS.filter((m) => f16 || !m.needsShaderF16);
  replace(
    p.select,
    ...p.offered.map((m) =>
      el(
        'option',
        { value: m.id, selected: m.id === pick.model.id },
        `${m.label}, about ${m.downloadMB} MB${m.vramMB > p.budgetMB ? " (over this GPU's budget)" : ''}`,
      ),
    ),
  );
  p.select.disabled = false;
  p.load.disabled = false;
  p.controls.hidden = false;
  void showModels(p);
  replace(
    p.status,
    `WebGPU found${d.gpu.isFallbackAdapter ? ' (a software adapter: expect it to be very slow)' : ''}. Suggested: ${pick.model.label} (${pick.reason}). Models download once, from ${p.host.describe()}, and stay in this browser; your data is never sent.`,
  );
}

/** The model menu, Load (asking first when a model is over the GPU's budget) and Unload. */
function listenToPanel(p: LivePanel): void {
  p.select.addEventListener('change', () => void showModels(p));
  p.load.addEventListener('click', () => {
    const info = findModel(p.select.value);
    if (info === undefined || p.busy) return;
    replace(p.errorBox);
    if (info.vramMB > p.budgetMB)
      return confirmLargeModel(p.confirmBox, info, p.budgetMB, {
        load: () => void loadModel(p, info),
        cancel: () => replace(p.status, `Not loaded: ${info.label}.`),
      });
    void loadModel(p, info);
  });
  p.unloadButton.addEventListener('click', async () => {
    const label = p.loaded === null ? '' : modelLabel(p.loaded.modelId);
    await unloadModel(p);
    replace(p.status, `Unloaded ${label}; no model loaded. Its files stay in this browser.`);
    await showModels(p);
  });
}

/** What Ask and Evaluate read of the panel: the generator and judge over the loaded model, the settings, request tracking. */
function liveModelApi(p: LivePanel, element: HTMLElement): LiveModel {
  const record = (r: ModelRequest): void => void p.recording?.push(r);
  const options = () => {
    const r = p.dev.read();
    return r.ok ? r.settings : null;
  };
  return {
    element,
    generator() {
      const o = options();
      if (p.loaded === null || o === null) return null;
      return createWebLlmGenerator(p.loaded.engine, p.loaded.modelId, {
        prompt: o.prompt,
        ...(o.maxTokens === undefined ? {} : { maxTokens: o.maxTokens }),
        ...(o.bias === undefined ? {} : { logitBias: o.bias }),
        onRequest: record,
      });
    },
    modelId: () => p.loaded?.modelId ?? null,
    whyNot: () => whyNoGenerator(p.noGpu, p.loaded !== null),
    judge() {
      const o = options();
      if (p.loaded === null || o === null || !p.sampling.judging()) return null;
      return createJudgeVerifier(
        createJudge(p.loaded.engine, p.loaded.modelId, {
          prompt: o.prompt,
          ...(o.judgeBias === undefined ? {} : { logitBias: o.judgeBias }),
          onRequest: record,
        }),
      );
    },
    settings: p.sampling.read,
    track() {
      const mine: ModelRequest[] = [];
      p.recording = mine;
      return () => {
        if (p.recording === mine) p.recording = null;
        return mine;
      };
    },
  };
}
