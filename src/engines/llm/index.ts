/**
 * The model side of Confide in one import: capability detection, the model
 * catalogue and default choice, the AppConfig (upstream or self-hosted), the
 * worker engine, loading, the cache, the live and replay generators, and the
 * LLM judge. The pure prompt code lives in src/core/prompt. web-llm's
 * runtime is loaded only when a model starts (`startWebLlm` imports
 * worker-engine.ts then), so a page that imports this face does not hold it.
 */
import type { StartOptions, StartResult } from './worker-engine.ts';

export * from './types.ts';
export type { ChatEngine, LoadableEngine, LlmEngine } from './engine.ts';
export { describeThrown, llmError, toLlmError } from './errors.ts';
export { detectWebGpu, type GpuCapabilities, type WebGpuDetection } from './capabilities.ts';
export { MODELS, findModel, estimateDownloadMB, type ModelInfo, type Quantization } from './models.ts';
export { chooseDefaultModel, estimateVramBudgetMB, type ModelPick, type ChooseOptions } from './choose-model.ts';
export {
  buildAppConfig,
  buildTimeModelBase,
  resolveModelBase,
  LIBS_FOLDER,
  type AppConfigInput,
} from './app-config.ts';
export { loadModel, type LoadOptions, type LoadProgress, type LoadResult } from './loader.ts';
export type { StartOptions, StartResult, WorkerLike } from './worker-engine.ts';
export { checkModelFiles, type FileCheck } from './model-files.ts';
export { checkModelHost, MODEL_HOST_KEY, type ModelHostCheck } from './model-host.ts';
export { findRecord, modelFolderUrl, modelHost, whereOf } from './model-url.ts';
export { createModelCache, recoverModelCache, type CachedModel, type ModelCache, type Persistence } from './cache.ts';
export { requestCost } from './request-cost.ts';
export { createWebLlmGenerator, type WebLlmGeneratorOptions } from './generator.ts';
export { createReplayGenerator, normalizeQuestion } from './replay.ts';
export { createJudge, JUDGE_SIGNAL, type Judge, type JudgeOptions, type JudgeRequest } from './judge.ts';
export { createJudgeVerifier } from './judge-verifier.ts';
export { checkSampleRequest } from './sample-request.ts';

/**
 * Starts web-llm in its worker and loads a model (worker-engine.ts), the
 * module and web-llm's runtime fetched on this first call.
 *
 * @example
 * const r = await startWebLlm({ modelId: info.id, appConfig, signal });
 * if (r.ok) generator = createWebLlmGenerator({ engine: r.engine, modelId: info.id });
 */
export async function startWebLlm(options: StartOptions): Promise<StartResult> {
  return (await import('./worker-engine.ts')).startWebLlm(options);
}
