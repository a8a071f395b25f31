/**
 * Reopening the last file after a reload, in real Chromium with its real
 * IndexedDB and a real FileSystemFileHandle. Headless Chromium cannot show
 * the native file dialog, so `showOpenFilePicker` is replaced by one that
 * hands over a handle to a file in the origin-private file system (the same
 * FileSystemFileHandle type a person's pick returns); the permission states
 * a person's answer would give ('prompt', then granted or refused) are set
 * the same way. Also: a file opened through the classic input is named, with
 * why it cannot be reopened; a browser without the API says so; the question
 * typed survives the reload, with the database it was for.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { openApp, type AppSession } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-reopen-'));
const sessions: AppSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The picker a person would answer with kept.sqlite; permission answers from sessionStorage 'test-permission'. */
const PICKER = `
  window.showOpenFilePicker = async () => [await (await navigator.storage.getDirectory()).getFileHandle('kept.sqlite')];
  const answer = sessionStorage.getItem('test-permission');
  if (answer !== null) {
    FileSystemHandle.prototype.queryPermission = async () => 'prompt';
    FileSystemHandle.prototype.requestPermission = async () => answer;
  }
`;

async function open(initScript: string): Promise<AppSession> {
  const app = await openApp({ initScript });
  sessions.push(app);
  return app;
}

const openName = (page: Page): Promise<string | null> => page.locator('.db-status .db-name').textContent();
const waitOpen = (page: Page, name: string): Promise<void> => page.locator('.db-status .db-name', { hasText: name }).waitFor({ timeout: 30_000 });

/** Opens a copy of the demo named `name` through the classic file input, then reloads (the demo opens again). */
async function openThroughInputThenReload(page: Page, name: string): Promise<void> {
  await waitOpen(page, 'demo.sqlite');
  const path = join(dir, name);
  copyFileSync(DEMO_DB_PATH, path);
  await page.locator('#db-file').setInputFiles(path);
  await waitOpen(page, name);
  await page.reload();
  await waitOpen(page, 'demo.sqlite');
}

describe('reopening the last file', () => {
  it('reopens a file chosen with the browser picker after a reload, asks when the browser wants to, and says when it refuses', async () => {
    const { page } = await open(PICKER);
    await waitOpen(page, 'demo.sqlite');
    await page.evaluate(
      async (bytes) => {
        const handle = await (await navigator.storage.getDirectory()).getFileHandle('kept.sqlite', { create: true });
        const w = await handle.createWritable();
        await w.write(new Uint8Array(bytes));
        await w.close();
      },
      [...readFileSync(DEMO_DB_PATH)],
    );
    await page.getByText('Open a SQLite file…').click();
    await waitOpen(page, 'kept.sqlite');
    const question = 'How many stores are there?';
    await page.locator('#ask-question').fill(question);

    // The browser still grants reading it: the reload reopens it by itself, question and all.
    await page.reload();
    await waitOpen(page, 'kept.sqlite');
    expect(await page.locator('#last-file-reopened').textContent()).toBe('Reopened kept.sqlite, the file open last time.');
    expect(await page.locator('#ask-question').inputValue()).toBe(question);
    expect(await page.locator('#ask-draft-note').textContent()).toBe('');

    // The browser wants to ask first: the demo opens meanwhile, and a click shows the browser's prompt.
    await page.evaluate(() => sessionStorage.setItem('test-permission', 'granted'));
    await page.reload();
    await waitOpen(page, 'demo.sqlite');
    const reopen = page.getByRole('button', { name: 'Reopen kept.sqlite' });
    await reopen.waitFor();
    await expect
      .poll(() => page.locator('#ask-draft-note').textContent())
      .toBe('This question, kept from before the reload, was for kept.sqlite; demo.sqlite is open now.');
    await reopen.click();
    await waitOpen(page, 'kept.sqlite');
    expect(await page.locator('#ask-draft-note').textContent()).toBe('');

    // The person refuses: said plainly, the demo stays open.
    await page.evaluate(() => sessionStorage.setItem('test-permission', 'denied'));
    await page.reload();
    await waitOpen(page, 'demo.sqlite');
    await page.getByRole('button', { name: 'Reopen kept.sqlite' }).click();
    await expect.poll(() => page.locator('#last-file').textContent()).toContain('The browser did not allow reading kept.sqlite again (permission refused).');
    expect(await openName(page)).toBe('demo.sqlite');
  });

  it('names a file opened through the classic input and says why it cannot come back by itself; Forget it forgets', async () => {
    const { page } = await open(PICKER);
    await openThroughInputThenReload(page, 'classic.sqlite');
    const line = page.locator('#last-file');
    await expect
      .poll(() => line.textContent())
      .toContain('Last time, classic.sqlite was open. It was opened through the classic file input or dropped on the page');
    await page.getByRole('button', { name: 'Forget it' }).click();
    expect(await line.textContent()).toBe('');
    await page.reload();
    await waitOpen(page, 'demo.sqlite');
    expect(await line.textContent()).toBe('');
  });

  it('says so in a browser without the File System Access API', async () => {
    const { page } = await open('delete window.showOpenFilePicker;');
    await openThroughInputThenReload(page, 'plain.sqlite');
    await expect
      .poll(() => page.locator('#last-file').textContent())
      .toContain('Last time, plain.sqlite was open. This browser gives pages no lasting access to a file');
  });
});
