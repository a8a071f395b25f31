/**
 * The built app under its Content-Security-Policy sent as an HTTP header on
 * every file (as the generated `_headers` file tells a static host to), so the
 * policy binds the workers too: Ask, the ORM verifier in its worker,
 * Evaluate, and the console's editor (CodeMirror's style elements, its
 * completion) with a chart all work, and the browser reports no policy violation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCsp } from '../../src/app/csp.ts';
import { headerCsp } from '../../src/app/deploy-headers.ts';
import { evaluateDemo, launchChromium } from './harness.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

let server: StaticServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

/** Parses a `_headers` file's single `/*` rule into a header map. */
function parseHeaders(text: string): Record<string, string> {
  const lines = text.split('\n');
  expect(lines[0]).toBe('/*');
  return Object.fromEntries(
    lines
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const at = l.indexOf(':');
        return [l.slice(0, at).trim(), l.slice(at + 1).trim()];
      }),
  );
}

beforeAll(async () => {
  const dist = inject('distDir');
  const headers = parseHeaders(readFileSync(join(dist, '_headers'), 'utf8'));
  server = await startStaticServer(dist, '/csp/', headers);
  ({ browser } = await launchChromium());
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(server.url);
  await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the CSP as an HTTP header', () => {
  it('is the meta policy plus frame-ancestors, on every file including the worker scripts', async () => {
    const dist = inject('distDir');
    const headers = parseHeaders(readFileSync(join(dist, '_headers'), 'utf8'));
    expect(headers['Content-Security-Policy']).toBe(headerCsp(buildCsp({ modelBase: process.env.VITE_CONFIDE_MODEL_BASE })));
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(headers['Content-Security-Policy']).toBe(headerCsp(meta!));
    const worker = readFileSync(join(dist, 'nginx-headers.conf'), 'utf8');
    expect(worker).toContain(`add_header Content-Security-Policy "${headerCsp(meta!)}" always;`);
    const response = await fetch(server.url);
    expect(response.headers.get('content-security-policy')).toBe(headers['Content-Security-Policy']);
  });

  it('runs Ask with the ORM verifier in its worker, then Evaluate, with no violation', async () => {
    await page.locator('.example-chips .chip').first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Score with the outcome reward model').check();
    await page.locator('.example-chips .chip').first().click();
    await page.locator('[data-decision]').waitFor({ timeout: 90_000 });
    expect(await page.locator('.notice', { hasText: 'verifier did not score' }).count()).toBe(0);
    await page.locator('.candidates details.candidate summary').first().click();
    expect(await page.locator('.candidates details.candidate dl.facts').first().textContent()).toMatch(/orm \d\.\d{3}/);

    await evaluateDemo(page);
    expect(await page.locator('figure[data-plot="reliability"] svg').count()).toBeGreaterThan(0);
    expect(problems.filter((p) => !p.includes('No available adapters'))).toEqual([]);
  });

  it('runs a linked console query in the SQL editor, completes a column and draws a chart, with no violation', async () => {
    await page.evaluate(() => (location.hash = '#console?sql=SELECT%20genre%2C%20count(*)%20AS%20n%20FROM%20books%20GROUP%20BY%20genre'));
    await page.locator('#console-ran').waitFor({ timeout: 30_000 });
    await page.locator('.console-out details.result-chart summary').click();
    await page.locator('.console-out figure[data-chart="bar"] svg').waitFor();
    const editor = page.getByLabel(/SQL query/);
    await editor.fill('SELECT * FROM books WHERE gen');
    await editor.press('Control+Space');
    await page.locator('.cm-tooltip-autocomplete li', { hasText: 'genre' }).first().waitFor();
    await expect.poll(() => page.locator('.sql-editor .tok-keyword').count()).toBeGreaterThan(0);
    expect(problems.filter((p) => !p.includes('No available adapters'))).toEqual([]);
  });
});
