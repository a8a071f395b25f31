import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import { probeModelFiles, probeUrl } from '../../../src/engines/llm/probe.ts';

const ID = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const selfHosted = buildAppConfig({ base: 'models/', location: 'https://host.example/sub/path/' });
const upstream = buildAppConfig({ location: 'https://host.example/' });
const json = (status = 200) => ({ ok: status < 400, status, text: async () => '{"vocab_size": 151936}' });
const CONFIG_URL = `https://host.example/sub/path/models/${ID}/resolve/main/mlc-chat-config.json`;

describe('probeModelFiles', () => {
  it('fetches the config file where web-llm will look for it', async () => {
    expect(probeUrl(selfHosted, ID)).toBe(CONFIG_URL);
    expect(probeUrl(upstream, ID)).toBe(`https://huggingface.co/mlc-ai/${ID}/resolve/main/mlc-chat-config.json`);
    const asked: string[] = [];
    const r = await probeModelFiles(selfHosted, ID, async (url) => (asked.push(url), json()));
    expect(r).toEqual({ ok: true });
    expect(asked).toEqual([CONFIG_URL]);
  });

  it('says MODEL_NOT_FOUND with the URL on a 404 (a wrong self-hosted layout)', async () => {
    const r = await probeModelFiles(selfHosted, ID, async () => json(404));
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND', modelId: ID } });
    expect(!r.ok && r.error.message).toContain(CONFIG_URL);
  });

  it('says MODEL_NOT_FOUND when a fallback HTML page answers instead of the JSON config', async () => {
    const html = { ok: true, status: 200, text: async () => '<!doctype html><html></html>' };
    const r = await probeModelFiles(selfHosted, ID, async () => html);
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND' } });
    expect(!r.ok && r.error.message).toContain(CONFIG_URL);
  });

  it('says DOWNLOAD_FAILED with the URL when the host cannot be reached or errs', async () => {
    const offline = await probeModelFiles(selfHosted, ID, async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline).toMatchObject({ ok: false, error: { code: 'DOWNLOAD_FAILED', cause: 'TypeError: Failed to fetch' } });
    expect(!offline.ok && offline.error.message).toContain(CONFIG_URL);
    const busy = await probeModelFiles(selfHosted, ID, async () => json(503));
    expect(busy).toMatchObject({ ok: false, error: { code: 'DOWNLOAD_FAILED', recovery: 'retry' } });
  });

  it('says MODEL_NOT_FOUND for an id outside the AppConfig without fetching', async () => {
    let fetched = 0;
    const r = await probeModelFiles(selfHosted, 'nope', async () => (fetched++, json()));
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND' } });
    expect(fetched).toBe(0);
  });
});
