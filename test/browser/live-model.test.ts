/**
 * The live-model panel in real Chromium. Without WebGPU (no API, or an API
 * with no adapter, which is what Debian Chromium has without the flag) the
 * page says which, refuses live generation plainly, and replay still answers
 * end to end. With WebGPU (headless Chromium's SwiftShader adapter, no
 * shader-f16) it offers only the q4f32 builds, and since this machine cannot
 * reach the model host, a download ends in DOWNLOAD_FAILED on the page, not
 * a hang.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildAppConfig } from '../../src/engines/llm/app-config.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function demoReady(a: AppSession): Promise<void> {
  await a.page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
}

async function ask(a: AppSession, question: string): Promise<void> {
  await a.page.getByLabel('Question', { exact: true }).fill(question);
  await a.page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
}

describe('the live model', () => {
  it('without a WebGPU adapter says NO_ADAPTER, refuses live asks, and replay still answers', async () => {
    app = await openApp();
    const { page } = app;
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 10_000 }).toContain('NO_ADAPTER');
    expect(await page.locator('.live-status').textContent()).toContain('Replayed candidates and your own SQL still work');
    await ask(app, 'How many customers are there?');
    expect(await page.locator('#ask-offer [role="alert"]').textContent()).toContain('Load a model first');

    await page.getByLabel('Candidates from').selectOption('replay');
    await ask(app, 'How many customers are there?');
    await page.locator('[data-decision]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-decision]').first().getAttribute('data-decision')).toMatch(/^(answer|abstain)$/);
  });

  it('without the WebGPU API at all says NO_WEBGPU', async () => {
    app = await openApp({ initScript: 'Object.defineProperty(Navigator.prototype, "gpu", { get: () => undefined, configurable: true });' });
    const { page } = app;
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 10_000 }).toContain('NO_WEBGPU');
  });

  it('with WebGPU offers only the q4f32 builds this adapter can run, and reports the failed download as DOWNLOAD_FAILED', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 20_000 }).toContain('WebGPU found');
    const options = await page.locator('#live-model option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    const listed = page.locator('.model-list li');
    await expect.poll(() => listed.count(), { timeout: 20_000 }).toBe(options.length);
    for (const text of await listed.allTextContents()) expect(text).toMatch(/about \d+ MB · not downloaded/);
    expect(options.every((o) => o.includes('q4f32'))).toBe(true); // SwiftShader has no shader-f16
    await page.getByRole('button', { name: 'Download and load' }).click();
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 60_000 }).toContain('DOWNLOAD_FAILED');
    const failure = (await page.locator('.live-status').textContent())!;
    expect(failure.match(/DOWNLOAD_FAILED/g)).toHaveLength(1);
  });

  it('with WebGPU shows the picker in view on the Ask screen without choosing "Live model" first', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await demoReady(app);
    expect(await page.locator('#ask-source').inputValue()).toBe('replay');
    await expect.poll(() => page.locator('#live-model').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.locator('.model-list li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('.model-list').isVisible()).toBe(true);
  });

  it('marks a model in the browser cache as such and deletes it from the cache on request', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await demoReady(app);
    const first = page.locator('.model-list li').first();
    await first.waitFor({ timeout: 20_000 });
    const id = (await first.getAttribute('data-model'))!;
    // web-llm counts a model as cached when its tensor-cache.json and every shard it lists are in
    // the "webllm/model" cache; one tiny shard stands in for a finished download.
    const record = buildAppConfig({ base: undefined, location: inject('appUrl') }).model_list.find((m) => m.model_id === id)!;
    const model = record.model.endsWith('/') ? record.model : `${record.model}/`;
    const json = new URL('tensor-cache.json', /\/resolve\/.+\//.test(model) ? model : `${model}resolve/main/`).href;
    const shard = new URL('params_shard_0.bin', json).href;
    await page.evaluate(async ([url, bin]) => {
      const cache = await caches.open('webllm/model');
      await cache.put(url!, new Response('{"records": [{"dataPath": "params_shard_0.bin"}]}', { headers: { 'content-type': 'application/json' } }));
      await cache.put(bin!, new Response(new Uint8Array(8)));
    }, [json, shard]);
    await page.reload();
    await demoReady(app);
    const cached = page.locator(`.model-list li[data-model="${id}"]`);
    await expect.poll(() => cached.getAttribute('data-cached'), { timeout: 20_000 }).toBe('true');
    expect(await cached.textContent()).toContain('in this browser');
    await cached.getByRole('button', { name: /Delete .* from the cache/ }).click();
    await expect.poll(() => page.locator('.live-status').textContent()).toContain('from this browser\'s cache');
    expect(await page.evaluate(async (bin) => (await (await caches.open('webllm/model')).match(bin)) === undefined, shard)).toBe(true);
    await expect.poll(() => page.locator(`.model-list li[data-model="${id}"]`).getAttribute('data-cached')).toBe('false');
  });
});
