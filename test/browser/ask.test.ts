/**
 * Ask in real Chromium with the bundled replay candidates: an answer, an
 * abstention with competing answers, the risk control re-deciding,
 * the candidate inspector, and a question the file does not hold. Which demo
 * questions should be answered is computed independently on Node by the same
 * pipeline over sql.js in-process; the rows shown are checked against
 * better-sqlite3.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { askAllDemo, type DemoAsk } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let at20: DemoAsk[];
let at10: DemoAsk[];
/** The demo question the risk test asks (the last one asked before the inspector's test). */
let reDecided = -1;
const reference = new Database(DEMO_DB_PATH, { readonly: true });

beforeAll(async () => {
  [at20, at10] = await Promise.all([askAllDemo(0.2), askAllDemo(0.1)]);
  app = await openApp();
  await demoReady(app);
  await app.page.locator('#replay-notice', { hasText: 'mutation generator' }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await app?.close();
  reference.close();
});

async function ask(question: string): Promise<void> {
  const { page } = app;
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
}

describe('Ask with replayed candidates', () => {
  it('answers a question the pipeline is sure of: the SQL, its rows and why', async () => {
    const { page } = app;
    const target = at20.find((a) => a.decision.kind === 'answer')!;
    await ask(target.question);
    const box = page.locator('[data-decision="answer"]');
    await box.waitFor({ timeout: 30_000 });
    const sql = target.result.candidates[target.result.chosen]!.sql!;
    expect(await box.locator('pre.sql').first().textContent()).toBe(sql);
    const rows = reference.prepare(sql).raw().all().length;
    expect(await box.locator('.result-summary').first().textContent()).toContain(`${rows.toLocaleString('en-US')} row`);
    expect(await box.locator('.probability').textContent()).toBe(`${Math.round(target.result.probability * 100)}%`);
    const agreeing = target.result.answers.find((g) => g.chosen)!.members.length;
    expect(await box.locator('.reasons').textContent()).toContain(`${agreeing} of 8 candidates returned the same result`);
  });

  it('abstains on a question the candidates disagree on, and shows the competing answers', async () => {
    const { page } = app;
    const target = at20.find((a) => a.decision.kind === 'abstain' && a.result.answers.length >= 2)!;
    await ask(target.question);
    const box = page.locator('[data-decision="abstain"]');
    await box.waitFor({ timeout: 30_000 });
    expect(await box.locator('h3').textContent()).toBe('Not confident enough to answer');
    expect(await box.locator('.alternative').count()).toBe(Math.min(4, target.result.answers.length));
    const headSql = target.result.candidates[target.result.answers[0]!.head]!.sql!;
    expect(await box.locator('.alternative').first().locator('pre.sql').textContent()).toBe(headSql);
  });

  it('shows every distinct result of an abstention ("Show all"), each labelled with its real basis', async () => {
    const { page } = app;
    const target = at20.find((a) => a.decision.kind === 'abstain' && a.result.answers.length > 4)!;
    const total = target.result.answers.length;
    await page.evaluate(() => document.querySelector('.decision')?.setAttribute('data-old', '')); // may be the same question
    await ask(target.question);
    const box = page.locator('[data-decision="abstain"]:not([data-old])');
    await box.waitFor({ timeout: 30_000 });
    expect(await box.locator('.alternative').count()).toBe(4);
    const more = box.getByRole('button', { name: `Show all ${total} results` });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await box.locator('.alternative').count()).toBe(total);
    // Focus lands on the first answer revealed, and every group's query is there, in the decision rule's order.
    expect(await page.evaluate(() => document.activeElement?.closest('.alternative')?.getAttribute('data-group'))).toBe('E');
    const sqls = await box.locator('.alternative pre.sql').allTextContents();
    expect(sqls).toEqual(target.result.answers.map((g) => target.result.candidates[g.head]!.sql));
    // Labels say what they are: k of N candidates for each; "highest P" on A alone; no "most common" for a text
    // no other candidate repeats; "most candidates" only where one group is larger.
    const headings = await box.locator('.alternative h4').allTextContents();
    const n = target.result.candidates.length;
    const sizes = target.result.answers.map((g) => g.members.length);
    headings.forEach((h, i) => {
      expect(h).toContain(`: ${sizes[i]} of ${n} candidates`);
      expect(h.includes('highest P')).toBe(i === 0);
      expect(h.includes('most candidates')).toBe(sizes[i] === Math.max(...sizes) && new Set(sizes).size > 1);
    });
    expect(headings.join(' ')).not.toContain('most common query');
    const t = target.result.clusters.strings;
    if (t.members[t.of[target.result.modal]!]!.length === 1) expect(headings.join(' ')).not.toContain('most frequent query');
    await box.getByRole('button', { name: 'Show the 4 highest only' }).click();
    expect(await box.locator('.alternative').count()).toBe(4);
  });

  it('re-decides without re-running when the risk level changes', async () => {
    const { page } = app;
    // A question the two risk levels decide differently, where the bundled profile leaves the demo one (its
    // thresholds move with each refit); else one answered at both, whose decision still says the new promise.
    const flips = at20.findIndex((a, i) => a.decision.kind === 'answer' && at10[i]!.decision.kind === 'abstain');
    reDecided = flips >= 0 ? flips : at20.findIndex((a) => a.decision.kind === 'answer');
    const at10Kind = at10[reDecided]!.decision.kind;
    await ask(at20[reDecided]!.question);
    await page.locator('[data-decision="answer"]').waitFor({ timeout: 30_000 });
    // The risk rule sits in the folded "Signals behind this estimate": present in the decision, not necessarily in view.
    const before = app.requests.length;
    await page.getByLabel('Risk', { exact: true }).selectOption('0.1');
    await page
      .locator(`[data-decision="${at10Kind}"] .risk-rule`, { hasText: 'at most 10% of the answers given are wrong' })
      .waitFor({ state: 'attached', timeout: 5_000 });
    expect(app.requests.length).toBe(before);
    await page.getByLabel('Risk', { exact: true }).selectOption('0.2');
    await page
      .locator('[data-decision="answer"] .risk-rule', { hasText: 'at most 20% of the answers given are wrong' })
      .waitFor({ state: 'attached', timeout: 5_000 });
  });

  it('lets every candidate be inspected: SQL, result or error, clusters, signals', async () => {
    const { page } = app;
    const items = page.locator('.candidates details.candidate');
    expect(await items.count()).toBe(8);
    const last = at20[reDecided]!; // the question the test above asked last
    await items.nth(0).locator('summary').click();
    const first = items.nth(0);
    expect(await first.locator('pre.sql').textContent()).toBe(last.result.candidates[0]!.sql);
    expect(await first.locator('summary').textContent()).toContain('replayed');
    expect(await page.locator('.candidates').textContent()).not.toMatch(/\bgold\b|mutation:/);
    expect(await first.locator('.signal-bars').textContent()).toContain('execution_sc');
    expect(await first.locator('dl.facts').textContent()).toContain('Same result as');
  });

  it('offers verify mode and the console beside the Ask button for a question outside the replay file', async () => {
    const { page } = app;
    await ask('Which shop sells the most umbrellas on rainy Tuesdays?');
    const offer = page.locator('#ask-offer [role="alert"]');
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.textContent()).toContain('no candidates for this question');
    expect(await offer.textContent()).not.toContain('NOT_IN_REPLAY');
    await expect
      .poll(() =>
        offer.evaluate((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.locator('#offer-console').isVisible()).toBe(true);
    expect(app.errors).toEqual([]);
  });
});
