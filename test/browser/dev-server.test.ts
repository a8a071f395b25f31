/**
 * The README's first command starts the Vite dev server (`npm start`), not a
 * build: the demo must open and answer there too. (sql.js is CommonJS; in dev
 * it only loads inside the worker when Vite pre-bundles it, which an
 * optimizeDeps exclusion once broke.)
 */
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness.ts';

let server: ViteDevServer;
beforeAll(async () => {
  server = await createServer({ logLevel: 'warn', server: { host: '127.0.0.1', port: 0, strictPort: false } });
  await server.listen();
});
afterAll(async () => {
  await server?.close();
});

describe('the dev server (npm start)', () => {
  it('opens the demo database in its worker and answers a replayed question', async () => {
    const { port } = server.httpServer!.address() as AddressInfo;
    const { browser, cleanup } = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 90_000 });
      await page.getByLabel('Question', { exact: true }).fill('How many customers are there?');
      await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
      await page.locator('[data-decision]').first().waitFor({ timeout: 60_000 });
      expect(await page.locator('[data-decision]').first().getAttribute('data-decision')).toMatch(/^(answer|abstain)$/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      cleanup();
    }
  });
});
