/**
 * The live-model panel in real Chromium: without WebGPU it says so and
 * replay still answers; with WebGPU (headless Chromium's software adapter)
 * it offers the models this GPU can run, and a load that cannot reach the
 * model host ends in a coded error on the page instead of a hang.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('the live model', () => {
  it('without WebGPU explains that live generation cannot run here', async () => {
    app = await openApp();
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 10_000 }).toMatch(/NO_WEBGPU|NO_ADAPTER/);
    await page.getByLabel('Question', { exact: true }).fill('How many customers are there?');
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    expect(await page.locator('[role="alert"]').first().textContent()).toContain('Load a model first');
  });

  it('with WebGPU offers only the q4f32 builds this adapter can run, and reports a failed download with its code', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 20_000 }).toContain('WebGPU found');
    const options = await page.locator('#live-model option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.includes('q4f32'))).toBe(true); // SwiftShader has no shader-f16
    await page.getByRole('button', { name: 'Download and load' }).click();
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 60_000 }).toMatch(/DOWNLOAD_FAILED|MODEL_NOT_FOUND|ENGINE_ERROR/);
  });
});
