/**
 * An own reward model had no time limit: one whose cost grows with the
 * batch passes its one-row check at load and then held an Ask for about
 * 90 s. Now scoring stops at its limit (10 s plus 50 ms a row), the worker
 * is replaced, and the Ask goes on without that verifier, saying why
 * (ORM_TIMEOUT). With it: a sidecar without `training` loads and is named
 * (it once left "Checking…" standing), and a model onnxruntime refuses at
 * run time is reported without onnxruntime's build path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledDim, expandModel, sidecarFor, slowModel } from '../helpers/onnx-graphs.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;
const QUESTION = 'How many customers are there?';

/** Writes `<name>.onnx` and `<name>.json` (the sidecar changed by `edit`) and returns their paths. */
function pair(name: string, model: Uint8Array, edit: (s: Record<string, unknown>) => Record<string, unknown> = (s) => s): string[] {
  writeFileSync(join(dir, `${name}.onnx`), model);
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(edit(sidecarFor(name, model))));
  return [join(dir, `${name}.onnx`), join(dir, `${name}.json`)];
}

async function load(page: Page, files: string[], name: string): Promise<void> {
  await page.locator('#orm-model-files').setInputFiles(files);
  await expect.poll(() => page.locator('.orm-model-status').textContent(), { timeout: 120_000 }).toContain(`Loaded "${name}"`);
}

/** Asks the demo question with the reward model on; the verifier notices it leaves. */
async function askWithOrm(page: Page): Promise<string[]> {
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  await page.locator('#ask-orm').check();
  await page.evaluate(() => document.querySelector('.candidates')?.remove());
  await page.locator('#ask-submit').click();
  await page.locator('.candidates').waitFor({ timeout: 180_000 });
  return page.locator('#panel-ask .notice', { hasText: 'verifier did not score' }).allTextContents();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-own-limits-'));
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an own reward model', () => {
  it('whose sidecar has no training loads and is named', { timeout: 300_000 }, async () => {
    const { page } = app;
    const dim = bundledDim();
    await load(
      page,
      pair('untrained-note', expandModel(dim), ({ training: _, ...rest }) => rest),
      'untrained-note',
    );
    expect(await page.locator('#orm-model').textContent()).toContain('untrained-note');
  });

  it('refused by onnxruntime at run time is reported without a build path', { timeout: 300_000 }, async () => {
    const notices = await askWithOrm(app.page);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('(ORM_RUN_FAILED)');
    expect(notices[0]).not.toMatch(/(?:[\\/][^\s\\/:]+){2,}[\\/][^\s\\/:]+\.(?:h|cc|cpp|c)\b/);
    expect(await app.page.locator('.decision').getAttribute('data-decision')).not.toBeNull();
  });

  it('whose cost grows with the batch is stopped at its limit, and the Ask goes on without it', { timeout: 300_000 }, async () => {
    const { page } = app;
    await load(page, pair('slow-by-batch', slowModel(bundledDim(), 400)), 'slow-by-batch');
    const notices = await askWithOrm(page);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('took longer than');
    expect(notices[0]).toContain('(ORM_TIMEOUT)');
    expect(await page.locator('.decision').getAttribute('data-decision')).not.toBeNull();
    // The next scoring starts a fresh worker: the bundled model scores again.
    await page.locator('#ask-orm-more').evaluate((d: HTMLDetailsElement) => void (d.open = true)); // the model panel is folded under "About the reward model"
    await page.locator('#orm-use-bundled').click();
    await expect.poll(() => page.locator('#orm-model').textContent(), { timeout: 60_000 }).toContain('orm-v2');
    expect(await askWithOrm(page)).toEqual([]);
  });
});
