/**
 * Privacy, end to end in real Chromium: a full Ask flow on a user's own
 * database (opened from disk, a candidate file replayed for it, the question
 * asked, candidates inspected, a console query run). Every request of the page
 * and its workers is recorded; the test fails if any goes anywhere but the
 * app's own origin and sub-path, if any is not a plain GET, or if any URL or
 * body carries the question or a value from the database. (The page's
 * Content-Security-Policy is asserted once: its directives in
 * test/app/csp.test.ts, the built page's meta and headers in csp-header.test.ts.)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { appUrl, openApp, type AppSession } from './harness.ts';

const SECRET = 'ZEBRA-ORCHID-7731';
const QUESTION = 'How many rare orchids does Wilhelmina keep?';
let app: AppSession;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-privacy-'));
  const db = new Database(join(dir, 'garden.sqlite'));
  db.exec(`CREATE TABLE plants (id INTEGER PRIMARY KEY, name TEXT NOT NULL, owner TEXT, rare INTEGER)`);
  const insert = db.prepare('INSERT INTO plants (name, owner, rare) VALUES (?, ?, ?)');
  for (let i = 0; i < 30; i++) insert.run(i === 7 ? SECRET : `plant ${i}`, i % 3 === 0 ? 'Wilhelmina' : 'Ott', i % 4 === 0 ? 1 : 0);
  db.close();
  const right = "SELECT count(*) FROM plants WHERE owner = 'Wilhelmina' AND rare = 1";
  writeFileSync(
    join(dir, 'garden-candidates.jsonl'),
    serializeCandidateFile([
      {
        id: 'g-1',
        db_id: 'garden',
        question: QUESTION,
        candidates: [
          right,
          right,
          right,
          right,
          right,
          "SELECT count(*) FROM plants WHERE owner = 'Wilhelmina'",
          'SELECT name FROM plants WHERE rare = 1',
          right,
        ].map((sql) => ({ sql, source: 'hand-written' })),
      },
    ]),
  );
  app = await openApp({ query: '?db=none' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('privacy', () => {
  it('a full Ask flow on a local database contacts only the app origin and sends neither the question nor the data', async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(join(dir, 'garden.sqlite'));
    await page.locator('.db-status', { hasText: 'garden.sqlite' }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-replay-file').setInputFiles(join(dir, 'garden-candidates.jsonl'));
    await page.locator('#replay-notice', { hasText: 'garden-candidates.jsonl' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Question', { exact: true }).fill(QUESTION);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 30_000 });
    for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT name, owner FROM plants');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out', { hasText: SECRET }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500); // anything sent late would still be recorded

    const base = new URL(appUrl());
    const strangers = app.requests.filter((r) => !(r.url.startsWith(base.href) || r.url.startsWith('blob:' + base.origin) || r.url.startsWith('data:')));
    expect(strangers).toEqual([]);
    expect(app.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const leaks = [SECRET, 'Wilhelmina', QUESTION, encodeURIComponent(QUESTION), 'orchids'];
    for (const r of app.requests) {
      for (const s of leaks) {
        expect(r.url).not.toContain(s);
        expect(r.postData ?? '').not.toContain(s);
      }
    }
    // The recording sees the workers' own fetches too (sql.js loads its wasm inside its worker).
    expect(app.requests.some((r) => r.url.endsWith('.wasm'))).toBe(true);
    expect(app.errors).toEqual([]);
  });
});
