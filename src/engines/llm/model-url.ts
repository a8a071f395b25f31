/**
 * Where a model's files live, by web-llm 0.2.79's own rule: the model URL with
 * `resolve/main/` added when it has no `resolve/<branch>/` part, always with a
 * trailing slash; every file of the model (`mlc-chat-config.json`,
 * `ndarray-cache.json`, the shards, the tokenizer) is relative to it, and the
 * model library is a URL of its own. The cache and the file check use the same
 * URLs, since web-llm keys its cache by them.
 */
import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';

/** The Cache API caches web-llm 0.2.79 writes: files of the model, its chat config, its library. */
export const CACHE_SCOPES = { model: 'webllm/model', config: 'webllm/config', wasm: 'webllm/wasm' } as const;
/** The file listing the shards (web-llm 0.2.79; later releases call it tensor-cache.json). */
export const SHARD_INDEX = 'ndarray-cache.json';
export const CHAT_CONFIG = 'mlc-chat-config.json';

/**
 * The folder URL of a model record's files.
 *
 * @example modelFolderUrl({ model: 'https://huggingface.co/mlc-ai/m' }) // 'https://huggingface.co/mlc-ai/m/resolve/main/'
 */
export function modelFolderUrl(record: Pick<ModelRecord, 'model'>): string {
  let url = record.model.endsWith('/') ? record.model : `${record.model}/`;
  if (!/.+\/resolve\/.+\//.test(url)) url += 'resolve/main/';
  return url;
}

/**
 * The record of a model id, or undefined.
 *
 * @example findRecord(appConfig, 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC')?.model_lib
 */
export function findRecord(appConfig: AppConfig, modelId: string): ModelRecord | undefined {
  return appConfig.model_list.find((m) => m.model_id === modelId);
}

/**
 * A file's name and host for messages: the path below the model folder (or
 * the URL's last segment) and the URL's host.
 *
 * @example whereOf('https://h.example/m/resolve/main/params_shard_3.bin') // { file: 'params_shard_3.bin', host: 'h.example' }
 */
export function whereOf(url: string): { readonly file: string; readonly host: string } {
  const u = new URL(url);
  const marker = u.pathname.indexOf('/resolve/');
  const tail = marker >= 0 ? u.pathname.slice(marker + '/resolve/'.length).replace(/^[^/]+\//, '') : '';
  return { file: tail !== '' ? tail : u.pathname.slice(u.pathname.lastIndexOf('/') + 1), host: u.host };
}

/**
 * The host a model's files come from, for errors web-llm reports without one ('' for an unknown model).
 *
 * @example modelHost(appConfig, 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC'); // 'huggingface.co'
 */
export function modelHost(appConfig: AppConfig, modelId: string): string {
  const record = findRecord(appConfig, modelId);
  return record === undefined ? '' : whereOf(modelFolderUrl(record)).host;
}
