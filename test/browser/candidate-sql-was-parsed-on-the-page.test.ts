/**
 * Candidate SQL was parsed on the page's thread: 200 short texts the parser
 * fails on slowly froze Ask 12–15 s (the example chips Ask by themselves
 * when a file is loaded), and Evaluate 17–42 s. Now every candidate text is
 * parsed in the analysis worker, its reading in words too. Checked with V8's precise coverage of the
 * page's thread: node-sql-parser's entry (the `parse` and `astify` methods
 * of the script that holds it, which parseSql calls for each dialect) is
 * never called there during the chips, an Ask, verify mode and an Evaluate
 * run, while a console link to a missing table
 * (which reads the link's own SQL on the page, to name the table) shows the
 * probe sees a parse on that thread when there is one. Times are measured
 * by scripts/page-stalls.ts, not here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuestions, parenAskFile } from '../../scripts/hostile-page-inputs.ts';
import { demoReady, evaluateDemo, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let cdp: CDPSession;
let dir: string;
const QUESTION = demoQuestions()[0]!.question;

type Coverage = { result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[] };
/** Whether each script the page ran holds node-sql-parser (its source defines `astify`). */
const holdsParser = new Map<string, Promise<boolean>>();
const isParser = (url: string): Promise<boolean> => {
  let p = holdsParser.get(url);
  if (p === undefined)
    holdsParser.set(url, (p = url.startsWith('http') ? fetch(url).then(async (r) => (await r.text()).includes('astify(')) : Promise.resolve(false)));
  return p;
};
/** Calls of node-sql-parser's entry on the page's thread since the last reading (each reading resets the counts). */
const parses = async (): Promise<number> => {
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as Coverage;
  let n = 0;
  for (const script of result) {
    if (!(await isParser(script.url))) continue;
    for (const f of script.functions) if (f.functionName === 'parse' || f.functionName === 'astify') n += f.ranges[0]?.count ?? 0;
  }
  return n;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-parse-thread-'));
  parenAskFile(join(dir, 'paren.jsonl'), QUESTION, 40);
  app = await openApp();
  await demoReady(app);
  cdp = await app.context.newCDPSession(app.page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await parses();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("candidate SQL is parsed in the analysis worker, never on the page's thread", () => {
  it('in the chips and an Ask over hostile candidates', { timeout: 600_000 }, async () => {
    const { page } = app;
    await page.locator('#ask-replay-file').setInputFiles(join(dir, 'paren.jsonl'));
    await page.locator('#replay-notice', { hasText: 'paren.jsonl' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Question', { exact: true }).fill(QUESTION);
    await page.locator('#ask-submit').click();
    await page.locator('.candidates h3', { hasText: 'All 40 candidates' }).waitFor({ timeout: 540_000 });
    expect(await page.locator('.decision').getAttribute('data-decision')).not.toBeNull();
    expect(await parses()).toBe(0);
  });

  it('in verify mode', { timeout: 300_000 }, async () => {
    const { page } = app;
    await page.locator('#ask-source').selectOption('verify');
    await page.getByLabel('Question', { exact: true }).fill('How many customers are there?');
    await page
      .locator('#verify-sql')
      .fill('SELECT count(*) FROM customers;\nSELECT count(customer_id) FROM customers;\nSELECT ((((((((a b)))))))) FROM customers;');
    await page.locator('#ask-submit').click();
    await page.locator('.candidates h3', { hasText: 'All 3 candidates' }).waitFor({ timeout: 240_000 });
    expect(await parses()).toBe(0);
  });

  it('in an Evaluate run', { timeout: 600_000 }, async () => {
    await evaluateDemo(app.page, 540_000);
    expect(await parses()).toBe(0);
  });

  it("while the probe sees a parse on the page's thread where one happens (a console link's own SQL)", async () => {
    const { page } = app;
    await page.evaluate(() => (location.hash = '#console?sql=SELECT+name+FROM+no_such_table_here'));
    await page.locator('#console-missing').waitFor({ timeout: 60_000 });
    expect(await parses()).toBeGreaterThan(0);
  });
});
