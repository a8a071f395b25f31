/**
 * The live-model panel in real Chromium, without a model host (the real
 * runtime on a served model is test/live, `npm run test:live`). Without WebGPU
 * (no API, or an API with no adapter, which is what Debian Chromium has
 * without the flag) the page says which, refuses live generation plainly, and
 * replay still answers end to end. With WebGPU (headless Chromium's
 * SwiftShader adapter, no shader-f16) it offers only the q4f32 builds, and
 * since this machine cannot reach the model host, a load ends in
 * DOWNLOAD_FAILED naming the file and host, once, not a hang.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildAppConfig } from '../../src/engines/llm/app-config.ts';
import { MODELS } from '../../src/engines/llm/models.ts';
import { modelFolderUrl } from '../../src/engines/llm/model-url.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function ask(a: AppSession, question: string): Promise<void> {
  await a.page.getByLabel('Question', { exact: true }).fill(question);
  await a.page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
}

describe('the live model', () => {
  it('without a WebGPU adapter says NO_ADAPTER, lists every model with its size (disabled), says what to do instead, and replay still answers', async () => {
    app = await openApp();
    const { page } = app;
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 10_000 }).toContain('NO_ADAPTER');
    expect(await page.locator('.live-status').textContent()).toContain('Replayed candidates and your own SQL still work');
    // The models stay in view, each with what it would download, disabled and saying why.
    const listed = page.locator('.model-list li');
    await expect.poll(() => listed.count(), { timeout: 10_000 }).toBe(MODELS.length);
    for (const [i, m] of MODELS.entries()) expect(await listed.nth(i).textContent()).toContain(`${m.label} · about ${m.downloadMB} MB to download`);
    expect(await page.locator('#live-model').isDisabled()).toBe(true);
    expect(await page.locator('#live-load').isDisabled()).toBe(true);
    expect(await page.locator('#live-load').getAttribute('title')).toContain('Needs WebGPU');
    expect(await page.locator('.live-status').textContent()).toContain('nothing is downloaded');
    await ask(app, 'How many customers are there?');
    // Ask says what this browser can do instead, not "Load a model first" with no Load button to press.
    const offer = (await page.locator('#ask-offer [role="alert"]').textContent()) ?? '';
    expect(offer).toContain('This browser has no WebGPU (NO_ADAPTER)');
    expect(offer).toContain('What it can do instead: replay a candidate file');
    expect(offer).toContain('verify mode');
    expect(offer).not.toContain('Load a model first');

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
    for (const text of await listed.allTextContents()) expect(text).toMatch(/about \d+ MB to download · not downloaded/);
    expect(options.every((o) => o.includes('q4f32'))).toBe(true); // SwiftShader has no shader-f16
    await page.getByRole('button', { name: 'Download and load' }).click();
    const error = page.locator('.live-error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.getAttribute('data-code')).toBe('DOWNLOAD_FAILED');
    expect(await error.getAttribute('data-file')).toBe('mlc-chat-config.json');
    expect(await error.getAttribute('data-host')).toBe('huggingface.co');
    const failure = (await page.locator('.live-model').textContent())!;
    expect(failure.match(/DOWNLOAD_FAILED/g)).toHaveLength(1);
    expect(failure.match(/Check the connection/g)).toHaveLength(1);
  });

  it('keeps the live panel out of Replay and verify mode, and shows the picker for the live source', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await demoReady(app);
    expect(await page.locator('#ask-source').inputValue()).toBe('replay');
    expect(await page.locator('.live-model').isVisible()).toBe(false);
    await page.getByLabel('Candidates from').selectOption('verify');
    expect(await page.locator('.live-model').isVisible()).toBe(false);
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('#live-model').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.locator('.model-list li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('.model-list').isVisible()).toBe(true);
    expect(await page.locator('#model-host').isVisible()).toBe(true);
  });

  it('marks a model in the browser cache as such, with its size, and deletes it from the cache on request', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    const first = page.locator('.model-list li').first();
    await first.waitFor({ timeout: 20_000 });
    const id = (await first.getAttribute('data-model'))!;
    // A model is downloaded when its ndarray-cache.json and every shard it lists are in web-llm
    // 0.2.79's "webllm/model" cache; one shard of 2 MB stands in for a finished download.
    const record = buildAppConfig({ base: undefined, location: inject('appUrl') }).model_list.find((m) => m.model_id === id)!;
    const json = `${modelFolderUrl(record)}ndarray-cache.json`;
    const shard = new URL('params_shard_0.bin', json).href;
    await page.evaluate(
      async ([url, bin]) => {
        const cache = await caches.open('webllm/model');
        await cache.put(
          url!,
          new Response('{"records": [{"dataPath": "params_shard_0.bin", "nbytes": 2000000}]}', { headers: { 'content-type': 'application/json' } }),
        );
        await cache.put(bin!, new Response(new Uint8Array(2_000_000)));
      },
      [json, shard],
    );
    await page.reload();
    await demoReady(app);
    await page.getByLabel('Candidates from').selectOption('live');
    const cached = page.locator(`.model-list li[data-model="${id}"]`);
    await expect.poll(() => cached.getAttribute('data-cached'), { timeout: 20_000 }).toBe('true');
    expect(await cached.textContent()).toMatch(/in this browser, 2\.0 MB/);
    await cached.getByRole('button', { name: /Delete .* from this browser/ }).click();
    await expect.poll(() => page.locator('.live-status').textContent()).toContain('from this browser');
    expect(
      await page.evaluate(
        async ([url, bin]) => {
          const cache = await caches.open('webllm/model');
          return (await cache.match(bin!)) === undefined && (await cache.match(url!)) === undefined;
        },
        [json, shard],
      ),
    ).toBe(true);
    await expect.poll(() => page.locator(`.model-list li[data-model="${id}"]`).getAttribute('data-state')).toBe('none');
  });
});
