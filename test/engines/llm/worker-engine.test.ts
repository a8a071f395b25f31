import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import type { LoadProgress } from '../../../src/engines/llm/loader.ts';
import { startWebLlm, type WorkerLike } from '../../../src/engines/llm/worker-engine.ts';

const MODEL = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const appConfig = buildAppConfig({ location: 'https://example.org/app/' });

interface Msg {
  kind: string;
  uuid: string;
  content: unknown;
}

/**
 * A stand-in for the worker running WebWorkerMLCEngineHandler: it answers
 * web-llm's real WebWorkerMLCEngine client with the handler's message shapes
 * (`initProgressCallback`, `return`, and `throw` with `err.toString()`).
 */
class FakeWorker implements WorkerLike {
  onmessage: unknown = null;
  terminated = false;
  readonly received: Msg[] = [];

  constructor(private readonly onReload: (send: (m: object) => void, msg: Msg) => void) {}

  postMessage(message: unknown): void {
    const msg = message as Msg;
    this.received.push(msg);
    const send = (m: object) => setTimeout(() => (this.onmessage as (e: object) => void)(m), 1);
    if (msg.kind === 'reload') this.onReload(send, msg);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('startWebLlm through web-llm’s worker client', () => {
  it('maps the string a worker rejects with (no network here: Failed to fetch) to DOWNLOAD_FAILED', async () => {
    const worker = new FakeWorker((send, msg) => send({ kind: 'throw', uuid: msg.uuid, content: 'TypeError: Failed to fetch' }));
    const r = await startWebLlm({ modelId: MODEL, appConfig, worker });
    expect(r).toMatchObject({ ok: false, error: { code: 'DOWNLOAD_FAILED', modelId: MODEL, recovery: 'retry' } });
    expect(!r.ok && r.error.cause).toBe('TypeError: Failed to fetch');
    expect(worker.terminated).toBe(true);
  });

  it('sends the AppConfig and the model id, forwards progress, and resolves with the engine', async () => {
    const worker = new FakeWorker((send, msg) => {
      send({ kind: 'initProgressCallback', uuid: '', content: { progress: 0.5, timeElapsed: 1, text: 'Fetching param cache[1/2]' } });
      setTimeout(() => send({ kind: 'return', uuid: msg.uuid, content: null }), 5);
    });
    const seen: LoadProgress[] = [];
    const r = await startWebLlm({ modelId: MODEL, appConfig, worker, onProgress: (p) => seen.push(p) });
    expect(r.ok).toBe(true);
    expect(seen).toEqual([{ progress: 0.5, text: 'Fetching param cache[1/2]' }]);
    const reload = worker.received.find((m) => m.kind === 'reload');
    expect(reload?.content).toMatchObject({ modelId: [MODEL] });
    const config = worker.received.find((m) => m.kind === 'setAppConfig');
    expect(config?.content).toEqual(appConfig);
    expect(worker.terminated).toBe(false);
  });

  it('terminates the worker and returns ABORTED when stopped during the download', async () => {
    const worker = new FakeWorker(() => undefined); // never answers, like a long download
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const r = await startWebLlm({ modelId: MODEL, appConfig, worker, signal: controller.signal });
    expect(r).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(worker.terminated).toBe(true);
  });
});
