/**
 * The live-model panel in real Chromium. Without WebGPU (no API, or an API
 * with no adapter, which is what Debian Chromium has without the flag) the
 * page says which, refuses live generation plainly, and replay still answers
 * end to end. With WebGPU (headless Chromium's SwiftShader adapter, no
 * shader-f16) it offers only the q4f32 builds, and since this machine cannot
 * reach the model host, a download ends in DOWNLOAD_FAILED on the page, not
 * a hang.
 */
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(await page.locator('.model-list').isVisible()).toBe(true);
  });
});
