/**
 * The first minute and your own database, in real Chromium:
 * - example chips beside the question box, labelled by what Confide does
 *   (checked against the same pipeline on Node), and the placeholder is the
 *   first that answers;
 * - a tie between result groups goes to the higher, non-empty group, and every
 *   candidate of one result shows that result's single P;
 * - the risk control says what it does, with its threshold;
 * - on a database the replay file knows nothing about: the stale demo result
 *   is cleared, the profile-fit warning shows, Ask offers verify mode and the
 *   console in view beside the Ask button, and pasted SQL is checked;
 * - "Use answer X" on an abstention shows that answer in full.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandFor, profileSignals } from '../../src/core/profile.ts';
import { askAllDemo, askOwn, defaultProfile, type DemoAsk } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let at20: DemoAsk[];
let ownDb: string;

beforeAll(async () => {
  at20 = await askAllDemo(0.2);
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE planets (name TEXT, moons INTEGER); INSERT INTO planets VALUES ('Mercury', 0), ('Venus', 0), ('Earth', 1), ('Mars', 2), ('Jupiter', 95);",
  );
  ownDb = join(mkdtempSync(join(tmpdir(), 'confide-own-')), 'planets.sqlite');
  writeFileSync(ownDb, db.export());
  db.close();
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
});

const byQuestion = (q: string): DemoAsk => at20.find((a) => a.question === q)!;

describe('the first minute', () => {
  it('shows example chips labelled truthfully, and an answering one answers in one click', async () => {
    const { page } = app;
    const chips = page.locator('.example-chips .chip');
    await chips.first().waitFor({ timeout: 30_000 });
    // Labels arrive as each chip's background Ask finishes: wait for all of them.
    await expect.poll(() => chips.evaluateAll((cs) => cs.every((c) => c.getAttribute('data-kind') !== 'pending')), { timeout: 60_000 }).toBe(true);
    const labelled = await chips.evaluateAll((cs) => cs.map((c) => ({ kind: c.getAttribute('data-kind'), text: c.firstChild?.textContent ?? '' })));
    expect(labelled.some((c) => c.kind === 'answer')).toBe(true);
    expect(labelled.some((c) => c.kind === 'abstain')).toBe(true);
    for (const c of labelled) expect(byQuestion(c.text).decision.kind, c.text).toBe(c.kind);
    const first = labelled.findIndex((c) => c.kind === 'answer');
    expect(await page.locator('#ask-question').getAttribute('placeholder')).toBe(`e.g. ${labelled[first]!.text}`);
    await chips.nth(first).click();
    await page.locator('[data-decision="answer"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#ask-question').inputValue()).toBe(labelled[first]!.text);
  });

  it('relabels the example chips when the risk changes: each label is the decision at the risk chosen', async () => {
    const { page } = app;
    const chips = page.locator('.example-chips .chip');
    // Only choices that answer differently are offered (30% and 40% answer as 20% does with the default profile).
    const offered = await page.locator('#ask-risk option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(offered).toEqual([0.1, 0.2]);
    for (const risk of [0.1, 0.2]) {
      const expected = new Map((await askAllDemo(risk)).map((a) => [a.question, a.decision.kind]));
      await page.locator('#ask-risk').selectOption(String(risk));
      await expect
        .poll(
          async () => {
            const now = await chips.evaluateAll((cs) => cs.map((c) => [c.firstChild?.textContent ?? '', c.getAttribute('data-kind')] as const));
            return now.length > 0 && now.every(([q, kind]) => expected.get(q) === kind);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    }
  });

  it('words the risk control as the promise it makes about the answers given, and the P it needs for this pool', async () => {
    const { page } = app;
    const profile = defaultProfile();
    const selected = await page.locator('#ask-risk').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent);
    expect(selected).toMatch(/^at most 20% of the answers given are wrong \(30% and 40% answer the same for \d+ queries\)$/);
    expect(await page.locator('#ask-risk-hint').textContent()).toContain('Never below P 0.50');
    const rule = await page.locator('[data-decision] .risk-rule').textContent();
    expect(rule).toContain('at most 20% of the answers given are wrong');
    const n = Number(/for (\d+)/.exec(rule ?? '')?.[1] ?? NaN);
    const band = bandFor(profile, Number.isFinite(n) ? n : 8)!;
    const t = band.thresholds.find((x) => x.target_risk === 0.2)!.threshold!;
    expect(rule).toContain(`answering when P ≥ ${t.toFixed(2)}`);
  });

  it('scores with the reward model by default when the profile reads it', async () => {
    const { page } = app;
    expect(profileSignals(defaultProfile())).toContain('orm_sql');
    expect(await page.locator('#ask-orm').isChecked()).toBe(true);
    expect(await page.locator('#ask-orm-note').textContent()).toContain('reads this score');
  });

  it('answers a tied question with the higher, non-empty group; members of a result share its P', async () => {
    const { page } = app;
    const tie = at20.find(
      (a) =>
        a.result.answers.length >= 2 &&
        a.result.answers.some((g) => g.rowCount === 0) &&
        a.result.answers[0]!.members.length === a.result.answers[1]!.members.length,
    );
    expect(tie, 'a demo question whose two largest results tie in size').toBeDefined();
    const best = tie!.result.answers[0]!;
    expect(best.rowCount).toBeGreaterThan(0);
    for (const g of tie!.result.answers.slice(1)) expect(best.probability).toBeGreaterThanOrEqual(g.probability);
    await page.getByLabel('Question', { exact: true }).fill(tie!.question);
    await page.locator('#ask-submit').click();
    const box = page.locator('[data-decision]');
    await expect.poll(() => box.locator('pre.sql').first().textContent(), { timeout: 30_000 }).toBe(tie!.result.candidates[best.head]!.sql);
    const summaries = await page.locator('.candidates details.candidate summary').allTextContents();
    for (const g of tie!.result.answers) {
      const ps = new Set(g.members.map((m) => /: (P [\d.]+)/.exec(summaries[m]!)?.[1]));
      expect(ps.size, `one P for the result of candidates ${g.members.join(', ')}`).toBe(1);
    }
  });

  it('lets a person use one of the competing answers when Confide abstains', async () => {
    const { page } = app;
    const target = at20.find((a) => a.decision.kind === 'abstain' && a.result.answers.length >= 2)!;
    await page.getByLabel('Question', { exact: true }).fill(target.question);
    await page.locator('#ask-submit').click();
    await page.locator('[data-decision="abstain"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Use answer B' }).click();
    const choice = page.locator('.your-choice');
    await choice.waitFor();
    expect(await choice.locator('pre.sql').textContent()).toBe(target.result.candidates[target.result.answers[1]!.head]!.sql);
    expect(await choice.getByRole('button', { name: 'Save CSV' }).isVisible()).toBe(true);
  });
});

describe('your own database', () => {
  it('clears the demo result, warns about the profile, offers verify mode in view, and checks pasted SQL', async () => {
    const { page } = app;
    expect(await page.locator('[data-decision]').count()).toBe(1);
    await page.locator('#db-file').setInputFiles(ownDb);
    await page.locator('.db-status .db-name', { hasText: 'planets.sqlite' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-decision]').count()).toBe(0);
    expect(await page.locator('#profile-fit-warning').textContent()).toContain(`was fit on ${defaultProfile().provenance.data}, not on "planets.sqlite"`);
    expect(await page.locator('.example-chips .chip').count()).toBe(0);
    // The replay file knows nothing of this database, so Ask starts in verify mode.
    expect(await page.locator('#ask-source').inputValue()).toBe('verify');
    await page.locator('#ask-source').selectOption('replay');
    await page.getByLabel('Question', { exact: true }).fill('Which planet has the most moons?');
    await page.locator('#ask-submit').click();
    const offer = page.locator('#ask-offer [role="alert"]');
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.textContent()).toContain('planets.sqlite');
    await expect
      .poll(() =>
        offer.evaluate((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }),
      )
      .toBe(true);
    await page.locator('#offer-verify').click();
    expect(await page.locator('#verify-sql').evaluate((e) => e === document.activeElement)).toBe(true);
    await page
      .locator('#verify-sql')
      .fill(
        [
          'SELECT name FROM planets ORDER BY moons DESC LIMIT 1;',
          'SELECT name FROM planets WHERE moons = (SELECT max(moons) FROM planets);',
          'SELECT name FROM planets ORDER BY moons LIMIT 1;',
        ].join('\n'),
      );
    expect(await page.locator('#verify-status').textContent()).toContain('3 queries read');
    await page.locator('#ask-submit').click();
    const box = page.locator('[data-decision]');
    await box.waitFor({ timeout: 30_000 });
    expect(await page.locator('.candidates details.candidate').count()).toBe(3);
    expect(await page.locator('.candidates').textContent()).toContain('2 distinct results');
    const first = (await box.locator('.result tbody tr').first().textContent())?.trim();
    expect(first).toBe('Jupiter');
    expect(app.errors).toEqual([]);
  });

  it('judges one wrong pasted query by the verifier, says agreement could not be measured, and does not call it 98% likely right', async () => {
    const { page } = app;
    const question = 'How many planets have no moons?';
    const wrong = 'SELECT count(*) FROM planets;'; // counts every planet
    const expected = await askOwn(new Uint8Array(readFileSync(ownDb)), question, [wrong]);
    expect(expected.signals.execution_sc).toBeNull();
    expect(expected.signals.orm_sql).not.toBeNull();
    await page.locator('#ask-source').selectOption('verify');
    await page.getByLabel('Question', { exact: true }).fill(question);
    await page.locator('#verify-sql').fill(wrong);
    await page.locator('#ask-submit').click();
    const box = page.locator('[data-decision]');
    // The previous test's decision (three candidates) is still on the page until this Ask's replaces it: wait for this one's.
    await box.locator('.small-pool', { hasText: 'One query' }).waitFor({ timeout: 60_000 });
    expect(await box.locator('.probability').textContent()).toBe(`${Math.round(expected.probability * 100)}%`);
    expect(await box.locator('.probability').textContent()).not.toBe('98%');
    const small = await box.locator('.small-pool').textContent();
    expect(small).toContain('One query: agreement cannot be measured');
    expect(small).toContain('this P comes from the verifier reading the question and the query');
    expect(small).toContain('More candidates would help');
    expect(app.errors).toEqual([]);
  });

  it('opens the SQL console from the offer', async () => {
    const { page } = app;
    await page.locator('#ask-source').selectOption('replay');
    await page.locator('#ask-submit').click();
    await page.locator('#offer-console').click();
    expect(await page.locator('#panel-console').isVisible()).toBe(true);
  });

  it('says which line of a malformed JSON lines paste is wrong, and does not ask', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-source').selectOption('verify');
    await page.locator('#verify-sql').fill('{"sql": "SELECT 1"}\n{"sql": 2}');
    expect(await page.locator('#verify-status').textContent()).toContain('Line 2 of the box: field "sql" must be a string');
    await page.locator('#ask-submit').click();
    expect(await page.locator('#verify-problem[role="alert"]').textContent()).toContain('Line 2 of the box');
  });

  it('says an empty candidate box is empty right under it, in words, and puts focus there', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-source').selectOption('verify');
    await page.locator('#verify-sql').fill('');
    await page.getByLabel('Question', { exact: true }).fill('Which planet has the most moons?');
    await page.locator('#ask-submit').click();
    const problem = page.locator('#verify-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/^The box is empty: paste the SQL queries/);
    expect(await problem.textContent()).not.toContain('pasted');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('verify-sql');
    expect(await page.locator('#verify-sql').getAttribute('aria-invalid')).toBe('true');
    // Next to the box and in view, not far down the page.
    const box = (await page.locator('#verify-sql').boundingBox())!;
    const said = (await problem.boundingBox())!;
    expect(said.y - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    expect(said.y - (box.y + box.height)).toBeLessThan(40);
    expect(said.y + said.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.locator('#verify-sql').fill('SELECT 1');
    expect(await problem.isVisible()).toBe(false);
  });
});
