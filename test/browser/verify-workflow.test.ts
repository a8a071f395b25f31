/**
 * Verify mode as people use it, in real Chromium, on a database the test
 * makes (planets, and tracks with their lengths): pasted SQL read as pasted
 * (a chat reply with a fence and prose is its one query, shown before it
 * runs), copies from one paste counting once, float-noise variants forming one
 * answer, ties said and shown side by side, risk choices that each answer
 * differently, Edit and check again, the paste surviving a reload, and a hint
 * that belongs to its question. Expected decisions come from the same
 * pipeline on Node (test/app/demo-ask.ts's askOwn).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, riskChoices } from '../../src/core/pipeline/index.ts';
import { bandFor, thresholdAt } from '../../src/core/profile.ts';
import { askOwn, defaultProfile } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dbPath: string;
let bytes: Uint8Array;
/** Track lengths whose averages, computed three ways, differ in the last digits. */
const MS = [183276, 395955, 225697, 157522, 199339, 281985, 356112, 272826, 408514, 439501, 277982, 444125];
const NOISE = ['SELECT AVG(ms) / 60000.0 FROM tracks;', 'SELECT AVG(ms / 60000.0) FROM tracks;', 'SELECT SUM(ms / 60000.0) / COUNT(*) FROM tracks;'];
const MOST = 'Which planet has the most moons?';
const A = 'SELECT name FROM planets ORDER BY moons DESC LIMIT 1';
const B = 'SELECT name FROM planets ORDER BY moons LIMIT 1';
const A2 = 'SELECT name FROM planets WHERE moons = (SELECT max(moons) FROM planets)';

beforeAll(async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE planets (name TEXT, moons INTEGER); INSERT INTO planets VALUES ('Mercury', 0), ('Venus', 0), ('Earth', 1), ('Mars', 2), ('Jupiter', 95);",
  );
  db.run('CREATE TABLE tracks (name TEXT, ms INTEGER)');
  MS.forEach((ms, i) => db.run('INSERT INTO tracks VALUES (?, ?)', [`track ${i + 1}`, ms]));
  // The three averages really differ as doubles: without float-noise grouping they would be 2 results.
  expect(new Set(NOISE.map((q) => db.exec(q)[0]!.values[0]![0])).size).toBeGreaterThan(1);
  bytes = db.export();
  dbPath = join(mkdtempSync(join(tmpdir(), 'confide-verify-')), 'planets.sqlite');
  writeFileSync(dbPath, bytes);
  db.close();
  app = await openApp();
  await demoReady(app);
  await app.page.locator('#db-file').setInputFiles(dbPath);
  await app.page.locator('.db-status .db-name', { hasText: 'planets.sqlite' }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await app?.close();
});

/** Presses `button` and waits for a new decision to replace the one on the page (if any). */
async function decisionAfter(press: () => Promise<void>): Promise<void> {
  const { page } = app;
  const old = await page
    .locator('.candidates')
    .elementHandle({ timeout: 100 })
    .catch(() => null);
  await press();
  if (old !== null) await page.waitForFunction((e) => !e.isConnected, old, { timeout: 60_000 });
  await page.locator('.candidates').waitFor({ timeout: 60_000 });
  await page.locator('[data-decision]').waitFor();
}

/** Asks `question` in verify mode with `text` in the box (plain SQL, run at once), and waits for this Ask's decision. */
async function verify(question: string, text: string): Promise<void> {
  const { page } = app;
  await page.locator('#ask-source').selectOption('verify');
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('#verify-sql').fill(text);
  await decisionAfter(() => page.locator('#ask-submit').click());
}

const probability = async (): Promise<string | null> => app.page.locator('[data-decision] .probability').textContent();

describe('verify mode as people use it', () => {
  it('reads a chat reply with a fence and prose as its one query, and shows it before running it', async () => {
    const { page } = app;
    const reply = `To find it, sort the planets by their moons:\n\n\`\`\`sql\n${A.replace(' ORDER', '\nORDER')};\n\`\`\`\n\nThis returns Jupiter, which has 95 moons.`;
    await page.locator('#ask-source').selectOption('verify');
    await page.getByLabel('Question', { exact: true }).fill(MOST);
    await page.locator('#verify-sql').fill(reply);
    expect(await page.locator('#verify-status').textContent()).toBe('1 query read from 1 code block; 2 pieces of prose or other code left out.');
    const decisionsBefore = await page.locator('[data-decision]').count();
    await page.locator('#ask-submit').click();
    const confirm = page.locator('#verify-confirm');
    await confirm.waitFor();
    expect(await page.locator('.verify-reading .reading-queries pre.sql').allTextContents()).toEqual([A.replace(' ORDER', '\nORDER')]);
    expect(await page.locator('[data-decision]').count()).toBe(decisionsBefore);
    await decisionAfter(() => confirm.click());
    expect(await page.locator('#candidates-heading').textContent()).toBe('All 1 candidate');
    expect(await page.locator('.candidates details.candidate pre.sql').first().textContent()).toBe(A.replace(' ORDER', '\nORDER'));
    expect(app.errors).toEqual([]);
  });

  it('gives the same wrong query pasted three times the P it gets pasted once, and says 3 pasted, 1 distinct', async () => {
    const question = 'How many planets have no moons?';
    const wrong = 'SELECT count(*) FROM planets';
    const once = await askOwn(bytes, question, [wrong]);
    await verify(question, `${wrong};\n${wrong};\n${wrong};`);
    expect(await probability()).toBe(`${Math.round(once.probability * 100)}%`);
    expect(await app.page.locator('[data-decision] .reasons').textContent()).toContain('3 pasted queries, 1 distinct');
    expect(await app.page.locator('#candidates-heading').textContent()).toBe('All 1 candidate (3 given)');
    expect(await app.page.locator('[data-decision]').getAttribute('data-decision')).toBe(decide(once, defaultProfile(), 0.2).kind);
  });

  it('makes one answer of three float-noise variants of one average', async () => {
    await verify('What is the average track length in minutes?', NOISE.join('\n'));
    expect(await app.page.locator('#candidates-heading').textContent()).toBe('All 3 candidates');
    expect(await app.page.locator('.candidates > p.muted').first().textContent()).toContain('1 distinct result');
    const summaries = await app.page.locator('.candidates details.candidate summary').allTextContents();
    expect(summaries.every((s) => s.includes('result A'))).toBe(true);
  });

  it('abstains when two disagreeing queries have P within noise, shows both side by side, and calls neither highest P', async () => {
    const expected = await askOwn(bytes, MOST, [A, B]);
    const d = decide(expected, defaultProfile(), 0.2);
    expect(d.tied, 'the pipeline on Node finds the two tied').toEqual([0, 1]);
    await verify(MOST, `${A};\n${B};`);
    const box = app.page.locator('[data-decision]');
    expect(await box.getAttribute('data-decision')).toBe('abstain');
    expect(await box.getAttribute('data-tied')).toBe('2');
    expect(await box.locator('h3').textContent()).toBe('These disagree: Confide cannot tell which is right');
    const cards = box.locator('.alternative');
    expect(await cards.count()).toBe(2);
    const headings = await cards.locator('h4').allTextContents();
    for (const h of headings) {
      expect(h).not.toContain('highest P');
      expect(h).toContain('P tied within noise');
    }
    expect(await cards.locator('.result tbody tr').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Jupiter'), expect.stringContaining('Mercury')]),
    );
  });

  it('offers only risk choices that answer differently for the pool, and says which answer the same', async () => {
    const profile = defaultProfile();
    const n = 2; // the last Ask's pool
    const values = await app.page.locator('#ask-risk option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    const band = bandFor(profile, n)!;
    const thresholds = values.map((v) => thresholdAt(profile, band, v));
    expect(new Set(thresholds).size).toBe(values.length);
    expect(values).toEqual(riskChoices(profile, n).map((c) => c.value));
    const labels = await app.page.locator('#ask-risk option').allTextContents();
    expect(labels.some((l) => /answer the same for 2 queries/.test(l))).toBe(true);
    expect(await app.page.locator('#ask-risk-hint').textContent()).toContain('With 2 queries this setting needs P ≥');
  });

  it('edits a query and checks it again: the pool with the edit goes through the same pipeline and the decision changes', async () => {
    const { page } = app;
    const after = decide(await askOwn(bytes, MOST, [A, A2]), defaultProfile(), 0.2);
    expect(after.kind, 'the edited pool answers on Node').toBe('answer');
    const card = page.locator('[data-decision] .alternative').filter({ hasText: 'Mercury' });
    await card.getByRole('button', { name: 'Edit and check again', exact: true }).click();
    const editor = card.locator('.edit-check .cm-content');
    await editor.waitFor();
    await editor.fill(A2);
    await decisionAfter(() => card.getByRole('button', { name: 'Check again', exact: true }).click());
    expect(await page.locator('[data-decision]').getAttribute('data-decision')).toBe('answer');
    expect(await probability()).toBe(`${Math.round(after.probability * 100)}%`);
    // Verify mode: the edit went back into the box, where it can be read and edited on.
    expect(await page.locator('#verify-sql').inputValue()).toBe(`${A};\n\n${A2};`);
    const link = page.locator('[data-decision] .open-console').first();
    expect(decodeURIComponent((await link.getAttribute('href'))!.replace(/\+/g, ' '))).toMatch(/^#console\?sql=SELECT name FROM planets/);
  });

  it('takes a hint out of the box when another question is asked, and shows a kept hint beside the P', async () => {
    const { page } = app;
    await page.getByLabel('Evidence or hint (optional)').fill('moons are natural satellites');
    await verify(MOST, `${A};`);
    expect(await page.locator('[data-decision] .hint-used').textContent()).toContain('moons are natural satellites');
    await verify('Which planet has no moons?', 'SELECT name FROM planets WHERE moons = 0;');
    expect(await page.locator('#ask-evidence').inputValue()).toBe('');
    expect(await page.locator('#ask-hint-note').textContent()).toContain('was for another question');
    expect(await page.locator('[data-decision] .hint-used').count()).toBe(0);
  });

  it('keeps the pasted SQL and the source choice across a reload, per database', async () => {
    const { page } = app;
    await page.locator('#ask-source').selectOption('verify');
    await page.locator('#verify-sql').fill(`${A};\n${B};`);
    await page.reload();
    await demoReady(app);
    // Per database: the demo keeps no paste, so planets' is not put in its box.
    expect(await page.locator('#verify-sql').inputValue()).toBe('');
    await page.locator('#db-file').setInputFiles(dbPath);
    await page.locator('.db-status .db-name', { hasText: 'planets.sqlite' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('#verify-sql').inputValue()).toBe(`${A};\n${B};`);
    expect(await page.locator('#ask-source').inputValue()).toBe('verify');
    expect(await page.locator('#verify-status').textContent()).toContain('2 queries read');
  });
});
