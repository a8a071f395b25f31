/**
 * The longest main-thread stall of the built page on each hostile input that
 * once froze it (scripts/hostile-page-inputs.ts), measured in Debian
 * Chromium with a 50 ms heartbeat in the page: the longest gap between its
 * beats, from the action to 1.5 s after its result showed. A measurement,
 * not a test (times depend on the machine); the tests assert the behaviour.
 *
 *   npx tsx scripts/page-stalls.ts                  # builds this tree's app
 *   npx tsx scripts/page-stalls.ts --dist DIR       # an app built elsewhere (e.g. an older commit, for "before")
 *   npx tsx scripts/page-stalls.ts --only ask-parse-200,schema-20000-tables --json stalls.json
 *   npx tsx scripts/page-stalls.ts --repeat 3        # each kind in 3 fresh pages: every stall and their median
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { startStaticServer } from '../test/browser/static-server.ts';
import { bigProfile, demoQuestions, longLinkHash, longNamesDb, markupTablesDb, oneQuestionFile, parenAskFile, parenEvalFile } from './hostile-page-inputs.ts';

const HEARTBEAT = `
  window.__hb = { max: 0, last: performance.now() };
  setInterval(() => {
    const t = performance.now();
    window.__hb.max = Math.max(window.__hb.max, t - window.__hb.last);
    window.__hb.last = t;
  }, 50);
`;
const SUB_PATH = '/confide/';
type Hb = { __hb: { max: number; last: number } };

const resetBeat = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as Hb;
    w.__hb.max = 0;
    w.__hb.last = performance.now();
  });
const longest = async (page: Page): Promise<number> => {
  await page.waitForTimeout(1500);
  return Math.round(await page.evaluate(() => (window as unknown as Hb).__hb.max));
};
const demoReady = (page: Page) => page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 60_000 });
const openDb = async (page: Page, path: string, name: string): Promise<void> => {
  await page.locator('#db-file').setInputFiles(path);
  await page.locator('.schema-summary', { hasText: name }).waitFor({ timeout: 600_000 });
};

/** One freeze kind: what it does in the page, from its action to its result. */
interface Kind {
  readonly name: string;
  run(page: Page, dir: string, url: string): Promise<string>;
}

const QUESTION = demoQuestions()[0]!.question;

const KINDS: readonly Kind[] = [
  {
    name: 'ask-parse-200',
    async run(page, dir) {
      parenAskFile(join(dir, 'paren-ask.jsonl'), QUESTION);
      // From loading the file: the example chips Ask its question by themselves, then the Ask asked.
      await resetBeat(page);
      await page.locator('#ask-replay-file').setInputFiles(join(dir, 'paren-ask.jsonl'));
      await page.locator('#replay-notice', { hasText: 'paren-ask.jsonl' }).waitFor();
      await page.getByLabel('Question', { exact: true }).fill(QUESTION);
      await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
      await page.locator('.decision').waitFor();
      return "200 distinct unparseable candidates, 8 parentheses deep, as Ask's candidate file (the chips, then an Ask)";
    },
  },
  {
    name: 'evaluate-parse-40x60',
    async run(page, dir) {
      parenEvalFile(join(dir, 'paren-eval.jsonl'));
      await page.getByRole('tab', { name: 'Evaluate' }).click();
      await page.getByRole('button', { name: 'Use the demo benchmark' }).click();
      await page.locator('#eval-candidates').setInputFiles(join(dir, 'paren-eval.jsonl'));
      await page.locator('#cand-summary').waitFor({ timeout: 60_000 });
      await page.locator('#bench-summary').waitFor({ timeout: 60_000 });
      await page.locator('#eval-bootstrap').selectOption('200');
      await resetBeat(page);
      await page.locator('#eval-run').click();
      await page.locator('.report:visible, .run-out .error:visible').first().waitFor({ timeout: 600_000 });
      return '40 demo questions x 60 unparseable candidates in Evaluate';
    },
  },
  {
    name: 'ask-one-question-120000',
    async run(page, dir) {
      oneQuestionFile(join(dir, 'one-question.jsonl'), QUESTION);
      await resetBeat(page);
      await page.locator('#ask-replay-file').setInputFiles(join(dir, 'one-question.jsonl'));
      await page.locator('#replay-notice', { hasText: 'one-question.jsonl' }).waitFor({ timeout: 300_000 });
      await page.getByLabel('Question', { exact: true }).fill(QUESTION);
      await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
      await page.locator('.decision').waitFor({ timeout: 300_000 });
      return "120,000 records of one question as Ask's candidate file, then Ask";
    },
  },
  {
    name: 'long-names-100000',
    async run(page, dir) {
      const { table, column } = longNamesDb(join(dir, 'long-names.sqlite'));
      await resetBeat(page);
      await openDb(page, join(dir, 'long-names.sqlite'), 'long-names.sqlite');
      // Browse is its own tab where it has one (older builds kept it under the SQL console).
      const browseTab = page.getByRole('tab', { name: 'Browse', exact: true });
      await ((await browseTab.count()) > 0 ? browseTab : page.getByRole('tab', { name: 'SQL console' })).click();
      await page.locator('#browse-table').selectOption(table);
      await page.locator('.browse-out tbody tr').first().waitFor({ timeout: 120_000 });
      await page.locator('#browse-sort').selectOption(column);
      await page.locator('.browse-out tbody tr').first().waitFor({ timeout: 120_000 });
      await page.getByRole('tab', { name: 'SQL console' }).click();
      await page.getByLabel(/SQL query/).fill(`SELECT label, 1 AS "${column.replaceAll('"', '""')}" FROM "${table.replaceAll('"', '""')}"`);
      await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
      await page.locator('.console-out details.result-chart summary').click({ timeout: 120_000 });
      await page.locator('.console-out figure svg').waitFor({ timeout: 120_000 });
      return 'a table and column named by 100,000 right-to-left overrides: opened, browsed, sorted, charted';
    },
  },
  {
    name: 'schema-20000-tables',
    async run(page, dir) {
      markupTablesDb(join(dir, 'markup-tables.sqlite'));
      await resetBeat(page);
      await openDb(page, join(dir, 'markup-tables.sqlite'), 'markup-tables.sqlite');
      await page.locator('.schema-summary', { hasText: '20,000 tables' }).waitFor({ timeout: 300_000 });
      return '20,000 tables with markup names, opened';
    },
  },
  {
    name: 'profile-import-80mb',
    async run(page, dir) {
      bigProfile(join(dir, 'profile-80mb.json'), 80);
      await page.getByRole('tab', { name: 'Profiles' }).click();
      await resetBeat(page);
      await page.locator('#profile-import').setInputFiles(join(dir, 'profile-80mb.json'));
      await page.locator('.profiles [role="status"]', { hasText: /Imported|MiB|could not|is not|already exists/i }).waitFor({ timeout: 300_000 });
      return `an 80 MB profile imported (${(await page.locator('.profiles [role="status"]').textContent())?.slice(0, 80)})`;
    },
  },
  {
    name: 'profile-import-60mb',
    async run(page, dir) {
      bigProfile(join(dir, 'profile-60mb.json'), 60);
      await page.getByRole('tab', { name: 'Profiles' }).click();
      await resetBeat(page);
      await page.locator('#profile-import').setInputFiles(join(dir, 'profile-60mb.json'));
      await page.locator('.profiles [role="status"]', { hasText: /Imported|MiB|could not|is not|already exists/i }).waitFor({ timeout: 300_000 });
      return 'a 60 MB profile (under the cap) imported';
    },
  },
  {
    name: 'console-link-1.9mb',
    async run(page, _dir, url) {
      // Followed from another page: the link loads the app (the heartbeat runs from the page's start).
      await page.goto('about:blank');
      await page.goto(url + longLinkHash(), { waitUntil: 'commit' });
      await page.locator('#console-shared, .console-out p').first().waitFor({ timeout: 300_000 });
      await demoReady(page);
      return 'a console link holding 1.9 MB of SQL, followed';
    },
  },
];

/** The middle value (the mean of the middle two for an even count), of the runs that finished. */
const median = (xs: readonly number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, only: { type: 'string' }, json: { type: 'string' }, repeat: { type: 'string' } } });
  const only = values.only?.split(',');
  const repeat = Math.max(1, Number(values.repeat ?? '1') || 1);
  const kinds = KINDS.filter((k) => only === undefined || only.includes(k.name));
  const dir = mkdtempSync(join(tmpdir(), 'confide-stalls-'));
  let dist = values.dist;
  if (dist === undefined) {
    dist = join(dir, 'dist');
    await build({ logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
  }
  const server = await startStaticServer(dist, SUB_PATH);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const out: Record<string, { stallMs: number | null; runsMs: (number | null)[]; what: string }> = {};
  try {
    for (const kind of kinds) {
      const runs: (number | null)[] = [];
      let what = '';
      for (let i = 0; i < repeat; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        page.setDefaultTimeout(600_000); // a frozen page answers late: its stall is measured, not cut short
        await page.addInitScript(HEARTBEAT);
        await page.goto(server.url);
        await demoReady(page);
        try {
          what = await kind.run(page, dir, server.url);
          runs.push(await longest(page));
        } catch (e) {
          await page.screenshot({ path: join(dir, `${kind.name}-${i + 1}.png`) }).catch(() => undefined);
          runs.push(null);
          what = `did not finish: ${String(e).split('\n')[0]!.slice(0, 300)}`;
        }
        await context.close();
      }
      const stallMs = median(runs.filter((r): r is number => r !== null));
      out[kind.name] = { stallMs, runsMs: runs, what };
      console.log(`${kind.name}: ${stallMs ?? 'n/a'} ms${repeat > 1 ? ` (median of ${runs.map((r) => r ?? 'n/a').join(', ')})` : ''} (${what})`);
    }
  } finally {
    await browser.close();
    await server.close();
    if (process.env.CONFIDE_KEEP_STALL_FILES === undefined) rmSync(dir, { recursive: true, force: true });
    else console.log(`files and screenshots kept in ${dir}`);
  }
  if (values.json !== undefined) writeFileSync(values.json, JSON.stringify(out, null, 2));
}

await main();
