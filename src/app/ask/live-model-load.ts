/**
 * Loading a live model: its files checked on the model host first (a bad
 * choice leaves the loaded model in place), then the loaded one unloaded and
 * the new one downloaded and compiled in its worker, with progress and a
 * Cancel; an error names the file and host that failed, once.
 */
import { checkModelFiles, type ModelInfo, modelHost, startWebLlm } from '../../engines/llm/index.ts';
import { replace } from '../ui/dom.ts';
import { appConfig, type LivePanel, modelLabel, showError, showModels, unloadModel } from './live-panel.ts';
import { formatMB } from './model-list.ts';

type ModelCheck = Extract<Awaited<ReturnType<typeof checkModelFiles>>, { ok: true }>;

/**
 * Loads `info` in place of the loaded model, if its files check out; Load is disabled meanwhile.
 *
 * @example void loadModel(p, findModel(p.select.value)!);
 */
export async function loadModel(p: LivePanel, info: ModelInfo): Promise<void> {
  p.busy = true;
  p.load.disabled = true;
  replace(p.errorBox);
  const config = appConfig(p);
  const signal = p.progress.start(`Loading ${info.label}`);
  replace(
    p.status,
    `Loading ${info.label} from ${p.host.describe()}…${p.loaded === null ? '' : ` ${modelLabel(p.loaded.modelId)} stays loaded until the new model's files check out.`}`,
  );
  p.progress.update(null, `checking the model files on ${p.host.describe()}`);
  const check = await checkModelFiles(config, info.id);
  const stillLoaded = (): string => (p.loaded !== null ? `Still loaded: ${modelLabel(p.loaded.modelId)}.` : 'No model loaded.');
  if (signal.aborted) {
    p.progress.finish('Stopped.');
    replace(p.status, stillLoaded());
  } else if (!check.ok) {
    p.progress.finish('');
    showError(p, check.error);
    replace(p.status, stillLoaded());
  } else await startModel(p, info, config, check, signal);
  p.busy = false;
  p.load.disabled = false;
  await showModels(p);
}

/** Unloads the loaded model, then downloads (what this browser lacks) and compiles `info`, and says how it went. */
async function startModel(p: LivePanel, info: ModelInfo, config: ReturnType<typeof appConfig>, check: ModelCheck, signal: AbortSignal): Promise<void> {
  const switching = p.loaded !== null && p.loaded.modelId !== info.id;
  if (p.loaded !== null) await unloadModel(p);
  const toFetch = check.bytes - check.cachedBytes;
  p.progress.update(
    0,
    toFetch > 0 ? `${formatMB(toFetch)} to download${switching ? ' (the previous model is unloaded)' : ''}` : 'all files are in this browser',
  );
  const started = performance.now();
  const r = await startWebLlm({ modelId: info.id, appConfig: config, onProgress: (x) => p.progress.update(x.progress, x.text), signal });
  if (r.ok) {
    const seconds = (performance.now() - started) / 1000;
    p.loaded = { modelId: info.id, engine: r.engine, worker: r.worker };
    p.unloadButton.hidden = false;
    p.progress.finish(`Loaded ${info.label}.`);
    p.status.dataset['loadS'] = seconds.toFixed(1);
    p.status.dataset['model'] = info.id;
    replace(
      p.status,
      `Ready: ${info.label} from ${p.host.describe()}, loaded in ${seconds.toFixed(1)} s. Choose "Live model" under "Candidates from" and Ask samples candidates from it.`,
    );
  } else if (r.error.code === 'ABORTED') {
    p.progress.finish('Stopped; the files already downloaded stay in this browser.');
    replace(p.status, 'No model loaded.');
  } else {
    p.progress.finish('');
    replace(p.status, 'No model loaded.');
    // web-llm names no file: check them again to say which one failed.
    const diagnosis = await checkModelFiles(config, info.id);
    const from = modelHost(config, info.id);
    showError(
      p,
      diagnosis.ok ? { ...r.error, host: r.error.host ?? from, message: `Loading ${info.label} from ${from} failed. ${r.error.message}` } : diagnosis.error,
    );
  }
}
