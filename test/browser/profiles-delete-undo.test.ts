/**
 * Deleting a calibration profile in real Chromium: it goes at once, the
 * status line offers Undo with focus on it, and Undo puts the profile back
 * where it was, active again if it was, and kept after a reload.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;
const bundled = JSON.parse(readFileSync(new URL('../../public/profiles/default.json', import.meta.url), 'utf8')) as { name: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-profiles-'));
  for (const name of ['First kept', 'Second kept']) writeFileSync(join(dir, `${name}.json`), JSON.stringify({ ...bundled, name }));
  app = await openApp({ query: '?db=none' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('deletes a profile with Undo, which puts it back in place and active again', async () => {
  const { page } = app;
  await page.getByRole('tab', { name: 'Profiles' }).click();
  for (const name of ['First kept', 'Second kept']) {
    await page.locator('#profile-import').setInputFiles(join(dir, `${name}.json`));
    await page.locator(`article[data-profile="${name}"]`).waitFor();
  }
  const names = () => page.locator('article[data-profile]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-profile')));
  const before = await names();
  expect(before).toEqual([bundled.name, 'First kept', 'Second kept']);
  await page.locator('article[data-profile="First kept"]').getByRole('button', { name: 'Use in Ask' }).click();
  await page
    .locator('article[data-profile="First kept"]')
    .getByRole('button', { name: /^Delete \u2068?First kept\u2069?$/ })
    .click();
  expect(await names()).toEqual([bundled.name, 'Second kept']);
  expect((await page.locator('.profiles [role="status"]').textContent())?.replace(/[\u2068\u2069]/g, '')).toContain(
    `Deleted "First kept"; Ask now uses "${bundled.name}".`,
  );
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('profile-undo');
  await page.keyboard.press('Enter');
  expect(await names()).toEqual(before);
  expect((await page.locator('article[data-profile="First kept"] h3').textContent())?.replace(/[\u2068\u2069]/g, '')).toContain('active');
  expect(await page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('data-profile'))).toBe('First kept');
  await page.reload();
  await page.getByRole('tab', { name: 'Profiles' }).click();
  await page.locator('article[data-profile="First kept"]').waitFor();
  expect(await names()).toEqual(before);
  expect((await page.locator('article[data-profile="First kept"] h3').textContent())?.replace(/[\u2068\u2069]/g, '')).toContain('active');
  expect(app.errors).toEqual([]);
});
