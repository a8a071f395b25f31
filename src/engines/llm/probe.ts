/**
 * A check of a model's files before loading. web-llm downloads through the
 * Cache API, whose errors do not say whether the host was unreachable or the
 * file missing ("Failed to fetch", "Request failed"). Fetching the model's
 * small `mlc-chat-config.json` first tells these apart, with the exact URL:
 * a 404, or a page that is not JSON (a static host's fallback index.html), is
 * MODEL_NOT_FOUND (a self-hosted base with the wrong layout); a network
 * failure is DOWNLOAD_FAILED. Already cached models need no probe.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import { llmError, toLlmError } from './errors.ts';
import type { LoadResult } from './loader.ts';

/** The file a probe fetches, relative to the model URL. */
export const PROBE_FILE = 'mlc-chat-config.json';

interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}
type FetchLike = (url: string) => Promise<ResponseLike>;

/** True when the text parses as a JSON object (a fallback HTML page does not). */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/**
 * The URL of the probe file for a model of an AppConfig (web-llm's own rule:
 * the model URL, with `resolve/main/` added when it has no `resolve/` part).
 *
 * @example probeUrl(appConfig, id) // 'https://host/sub/models/<id>/resolve/main/mlc-chat-config.json'
 */
export function probeUrl(appConfig: AppConfig, modelId: string): string | undefined {
  const record = appConfig.model_list.find((m) => m.model_id === modelId);
  if (record === undefined) return undefined;
  let url = record.model.endsWith('/') ? record.model : `${record.model}/`;
  if (!/.+\/resolve\/.+\//.test(url)) url += 'resolve/main/';
  return `${url}${PROBE_FILE}`;
}

/**
 * Fetches the model's config file and says whether loading can start.
 *
 * @example
 * const probe = await probeModelFiles(appConfig, modelId);
 * if (!probe.ok) show(probe.error.message); // names the URL that failed
 */
export async function probeModelFiles(
  appConfig: AppConfig,
  modelId: string,
  fetchFn: FetchLike = (url) => fetch(url, { cache: 'no-store' }),
): Promise<LoadResult> {
  const url = probeUrl(appConfig, modelId);
  if (url === undefined) {
    const thrown = `ModelNotFoundError: Cannot find model record in appConfig for ${modelId}.`;
    return { ok: false, error: toLlmError(thrown, modelId) };
  }
  let response: ResponseLike;
  let body: string;
  try {
    response = await fetchFn(url);
    body = response.ok ? await response.text() : '';
  } catch (thrown) {
    const error = toLlmError(thrown, modelId);
    return { ok: false, error: { ...error, message: `${error.message} URL: ${url}` } };
  }
  if (response.ok && isJsonObject(body)) return { ok: true };
  if (response.ok) {
    const message =
      `The host answered ${url} with something that is not the model's JSON config ` +
      '(often a fallback index.html page): the model files are not there (docs/models-hosting.md).';
    return { ok: false, error: llmError('MODEL_NOT_FOUND', message, { modelId }) };
  }
  if (response.status === 404) {
    const message =
      `The model files are not at ${url} (404). A self-hosted base must hold <model_id>/resolve/main/ ` +
      'with the files of the model repository (docs/models-hosting.md).';
    return { ok: false, error: llmError('MODEL_NOT_FOUND', message, { modelId }) };
  }
  const message = `The model host answered ${response.status} for ${url}; try again later or check the host.`;
  return { ok: false, error: llmError('DOWNLOAD_FAILED', message, { modelId, recovery: 'retry' }) };
}
