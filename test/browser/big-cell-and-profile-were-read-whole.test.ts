/**
 * Two things were read whole on the page: a table with a 100 MB cell, whose
 * page (and "Save all rows") passed the SQL worker's result budget and
 * failed with "add a LIMIT", which the table browser offers no way to do;
 * and a profile import, read and parsed on the page's thread with no cap
 * (80 MB stalled it 2.5–2.8 s, 400 MB crashed the tab). Now the browser
 * shows the cell cut with its length and reads it whole in pieces for
 * "Download" and "Save all rows"; a profile over 64 MiB is refused before a
 * byte is read, and a smaller one is read in the files worker.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigCellDb, bigProfile } from '../../scripts/hostile-page-inputs.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

const CHARS = 100 * 2 ** 20;
let app: AppSession;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-read-whole-'));
  bigCellDb(join(dir, 'big-cell.sqlite'), CHARS);
  bigProfile(join(dir, 'profile-80mb.json'), 80);
  bigProfile(join(dir, 'profile-2mb.json'), 2);
  // Its own Chromium: the 100 MB database and 80 MB profile chosen here, and the 100 MB downloads, stay on disk
  // rather than copied through a connection to the shared one.
  app = await openApp({ ownBrowser: true });
  await demoReady(app);
}, 300_000);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a table with a 100 MB cell', () => {
  it('is browsed with the cell cut and its length, and the cell downloads whole', { timeout: 600_000 }, async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(join(dir, 'big-cell.sqlite'));
    await page.locator('.schema-summary', { hasText: 'big-cell.sqlite' }).waitFor({ timeout: 300_000 });
    await page.getByRole('tab', { name: 'Browse', exact: true }).click();
    await page.locator('#browse-table').selectOption('notes');
    const cell = page.locator('.browse-out tbody tr').nth(1).locator('td').nth(1);
    await cell.waitFor({ timeout: 120_000 });
    expect(await page.locator('.browse-out .error').count()).toBe(0);
    expect(await cell.textContent()).toContain(`(${CHARS.toLocaleString('en-US')} characters)`);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), cell.getByRole('button', { name: /^Download/ }).click()]);
    const path = (await download.path())!;
    expect(statSync(path).size).toBe(CHARS);
    expect(readFileSync(path).subarray(0, 6).toString()).toBe('long: ');
  });

  it('is saved whole with "Save all rows"', { timeout: 600_000 }, async () => {
    const { page } = app;
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 500_000 }), page.locator('.browse-save [data-action="csv"]').click()]);
    const path = (await download.path())!;
    // Header, two short rows and the long one (quoted: a long value is always quoted).
    expect(statSync(path).size).toBe('id,body\r\n1,a short note\r\n2,""\r\n3,after\r\n'.length + CHARS);
    const head = readFileSync(path).subarray(0, 40).toString();
    expect(head).toBe('id,body\r\n1,a short note\r\n2,"long: xxxxxx');
  });
});

describe('a profile import', () => {
  it('over 64 MiB is refused before it is read, and a 2 MB one is imported', { timeout: 300_000 }, async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Profiles' }).click();
    await page.locator('#profile-import').setInputFiles(join(dir, 'profile-80mb.json'));
    await expect.poll(() => page.locator('.profiles [role="status"]').textContent(), { timeout: 120_000 }).toContain('a profile is at most 64 MiB');
    await page.locator('#profile-import').setInputFiles(join(dir, 'profile-2mb.json'));
    await expect.poll(() => page.locator('.profiles [role="status"]').textContent(), { timeout: 120_000 }).toContain('Imported "Big profile 2 MB"');
  });
});
