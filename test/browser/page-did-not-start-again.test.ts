/**
 * Stored settings could leave the page blank for good: a model host with a
 * `;` was written into the Content-Security-Policy (the app's own scripts
 * blocked after the reload), an own reward model whose sidecar lacked
 * `training` stopped the start with an uncaught TypeError ("Checking…"
 * forever, then a blank page on every load), and a record changed by hand
 * did the same. Now what is stored is checked as it is read and a bad value
 * is set aside with a notice; `#safe` sets every stored setting aside; and
 * a start that still fails shows a screen in words with "Start in safe
 * mode", which needs no clearing of site data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const bundledSidecar = JSON.parse(readFileSync(join(import.meta.dirname, '../../public/models/orm-v2.json'), 'utf8')) as Record<string, unknown>;

/** Puts a record under the own reward model's key, as an earlier visit (or a hand) left it. */
const keepOrmRecord = (page: Page, record: unknown): Promise<void> =>
  page.evaluate(async (r) => {
    const value = r as { model?: number[] } & Record<string, unknown>;
    const kept = value.model === undefined ? value : { ...value, model: new Uint8Array(value.model) };
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('confide-orm', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('models');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('models', 'readwrite');
        tx.objectStore('models').put(kept, 'current');
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, record);

const started = async (page: Page): Promise<void> => {
  await page.getByRole('tab', { name: 'Ask' }).waitFor({ timeout: 60_000 });
  await demoReady({ page } as AppSession);
};

describe('a page that always starts', () => {
  it('sets aside a model host with ; and , a profile list and a history that do not read, and keeps the policy whole', async () => {
    app = await openApp();
    await started(app.page);
    await app.page.evaluate(() => {
      localStorage.setItem('confide.modelHost', 'https://host;script-src-elem');
      localStorage.setItem('confide.profiles.v1', '{not json');
      localStorage.setItem('confide.console-history', '"a string"');
    });
    await app.page.reload();
    await started(app.page);
    const policy = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).not.toContain('script-src-elem');
    expect(policy!.split(';')).toHaveLength(11);
    const notices = (await app.page.locator('#startup-notices').textContent())!;
    expect(notices).toContain('Your model host setting could not be read');
    expect(notices).toContain('saved calibration profiles could not be read');
    expect(notices).toContain('SQL console history could not be read');
    const kept = await app.page.evaluate(() => [localStorage.getItem('confide.set-aside.confide.modelHost'), localStorage.getItem('confide.modelHost')]);
    expect(kept).toEqual(['https://host;script-src-elem', null]);
  });

  it('starts with an own reward model whose sidecar has no training, and sets aside a record changed by hand', async () => {
    app = await openApp();
    await started(app.page);
    const model = [...readFileSync(join(import.meta.dirname, '../../public/models/orm-v2.onnx'))];
    const { training: _, ...noTraining } = bundledSidecar;
    await keepOrmRecord(app.page, {
      sidecar: { ...noTraining, name: 'no-training' },
      model,
      files: { model: 'mine.onnx', sidecar: 'mine.json' },
      added: '2026-12-01T00:00:00.000Z',
    });
    await app.page.reload();
    await started(app.page);
    expect(await app.page.locator('#orm-model').textContent()).toContain('no-training');
    await keepOrmRecord(app.page, { sidecar: bundledSidecar, model, files: null, added: 7 });
    await app.page.reload();
    await started(app.page);
    expect(await app.page.locator('#orm-model').textContent()).toContain('orm-v2');
    expect(await app.page.locator('.orm-model-status').textContent()).toContain('It was set aside and the bundled model is in use');
    expect(app.errors.filter((e) => /TypeError/.test(e))).toEqual([]);
  });

  it("#safe sets every stored setting aside without clearing the site's data", async () => {
    app = await openApp();
    await started(app.page);
    await app.page.evaluate(() => {
      localStorage.setItem('confide.modelHost', 'https://models.example.org/');
      localStorage.setItem('confide.console-time-limit', '15000');
    });
    await app.page.goto(`${app.page.url().split('#')[0]}#safe`);
    await app.page.reload();
    await started(app.page);
    expect(await app.page.locator('#startup-notices').textContent()).toContain('Safe mode:');
    const stored = await app.page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((k) => k.startsWith('confide.'))
          .map((k) => [k, localStorage.getItem(k)]),
      ),
    );
    expect(stored['confide.modelHost']).toBeUndefined();
    expect(stored['confide.set-aside.confide.modelHost']).toBe('https://models.example.org/');
    expect(stored['confide.set-aside.confide.console-time-limit']).toBe('15000');
    expect(app.page.url()).not.toContain('#safe');
  });

  it('shows a start-up screen in words with "Start in safe mode" when the start fails', async () => {
    app = await openApp({ query: '' });
    await started(app.page);
    await app.context.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
    await app.page.reload();
    const screen = app.page.locator('#startup-error');
    await screen.waitFor({ timeout: 60_000 });
    expect(await screen.textContent()).toContain('Confide could not start');
    expect(await screen.textContent()).not.toMatch(/\n\s+at |\.ts:\d+/);
    await app.context.unroute(/\/assets\/app-[^/]*\.js$/);
    await app.page.locator('#start-safe-mode').click();
    await started(app.page);
    expect(await app.page.locator('#startup-notices').textContent()).toContain('Safe mode:');
  });
});
