/**
 * The verify-mode workflow's screenshots, taken by screenshots.ts on a page
 * where planets.sqlite is open in verify mode: a chat reply read and shown
 * before it runs (`verify-chat-reply.png`), and "Edit and check again" open
 * on a candidate (`verify-edit-check.png`).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Takes both screenshots into `out`.
 *
 * @example await verifyWorkflowShots(page, OUT);
 */
export async function verifyWorkflowShots(page: Page, out: string): Promise<void> {
  await page.getByLabel('Question', { exact: true }).fill('Which planet has the most moons?');
  await page
    .locator('#verify-sql')
    .fill(
      'Sure! Sort the planets by their moons and keep the first:\n\n```sql\nSELECT name\nFROM planets\nORDER BY moons DESC\nLIMIT 1;\n```\n\nThis returns the planet with the most moons.',
    );
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  await page.locator('#verify-confirm').waitFor();
  await page.locator('#verify-panel').screenshot({ path: join(out, 'verify-chat-reply.png') });
  await page.locator('#verify-sql').fill('SELECT name FROM planets ORDER BY moons DESC LIMIT 1;\nSELECT name FROM planets ORDER BY moons LIMIT 1;');
  const old = await page
    .locator('.candidates')
    .elementHandle({ timeout: 100 })
    .catch(() => null);
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  if (old !== null) await page.waitForFunction((e) => !e.isConnected, old, { timeout: 60_000 });
  const card = page.locator('.decision .alternative').last();
  await card.waitFor({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Edit and check again', exact: true }).click();
  await card.locator('.edit-check .cm-content').waitFor();
  await card.locator('.edit-check .cm-content').fill('SELECT name FROM planets WHERE moons = (SELECT max(moons) FROM planets)');
  await page.locator('.decision').screenshot({ path: join(out, 'verify-edit-check.png') });
}
