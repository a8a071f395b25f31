/**
 * A big database in real Chromium, as a user opens one: a file of a few
 * hundred MB (generated here; 2 GB with CONFIDE_HEAVY=1) chosen with the file
 * input is read on demand by the SQL workers, never copied into the tab. The
 * schema shows with estimated row counts, labelled so, and counts one table
 * exactly on demand; a console query over every row and an Ask with replayed
 * candidates work; the whole-file check can be started and cancelled; the tab's memory (the renderer process's RSS, which holds
 * the page and its workers) is reported and stays far below the file's size.
 * Expected values come from better-sqlite3 over the same file.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { writeBigDatabase, type BigDatabase } from '../../scripts/big-database.ts';
import { openApp, type AppSession } from './harness.ts';

const HEAVY = process.env.CONFIDE_HEAVY === '1';
/** Big enough that a copy (which adds the whole file) stands far above the few hundred MiB a GC swing moves. */
const MEGABYTES = HEAVY ? 2048 : 600;
const MiB = 2 ** 20;
const QUESTION = 'How many items are in group 7?';

let dir: string;
let big: BigDatabase;
let app: AppSession;
let expected: { group7: number; groups: number; rows: number };

/** RSS in bytes of every process descended from this one whose command is Chromium, by pid. */
function chromiumRss(): { total: number; largest: number } {
  const parent = new Map<number, number>();
  const command = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      command.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8'));
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  let largest = 0;
  for (const [pid, cmd] of command) {
    if (!cmd.includes('chromium') || !descends(pid)) continue;
    try {
      const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
      const rss = pages * 4096;
      total += rss;
      largest = Math.max(largest, rss);
    } catch {
      // ended
    }
  }
  return { total, largest };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'confide-big-'));
  big = writeBigDatabase(join(dir, 'archive.sqlite'), MEGABYTES);
  const ref = new Database(big.path, { readonly: true });
  expected = {
    group7: (ref.prepare('SELECT count(*) AS n FROM item WHERE grp = 7').get() as { n: number }).n,
    groups: (ref.prepare('SELECT count(DISTINCT grp) AS n FROM item').get() as { n: number }).n,
    rows: (ref.prepare('SELECT count(*) AS n FROM item').get() as { n: number }).n,
  };
  ref.close();
  const right = 'SELECT count(*) FROM item WHERE grp = 7';
  const sqls = [right, right, 'SELECT count(*) FROM item WHERE grp = 7 AND id > 0', right, 'SELECT count(*) FROM item WHERE grp = 8', right, right, right];
  writeFileSync(
    join(dir, 'archive.jsonl'),
    serializeCandidateFile([{ id: 'a-1', db_id: 'archive', question: QUESTION, candidates: sqls.map((sql) => ({ sql })) }]),
  );
}, 300_000);
afterAll(async () => {
  await app?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe(`a ${MEGABYTES} MB database chosen with the file input`, () => {
  it('opens on demand, shows the schema with labelled estimates, answers the console and Ask, in bounded memory', async () => {
    // Its own Chromium: chromiumRss counts this worker's Chromium processes, and the file is not copied to another.
    app = await openApp({ query: '?db=none', ownBrowser: true });
    const { page } = app;
    const before = chromiumRss();
    const t0 = performance.now();
    await page.locator('#db-file').setInputFiles(big.path);
    await page.locator('.db-status', { hasText: /Open: archive\.sqlite|did not open/ }).waitFor({ timeout: 120_000 });
    const openMs = performance.now() - t0;
    expect(await page.locator('.db-status').textContent()).toContain('a page at a time');
    const afterOpen = chromiumRss();

    // Schema: the table, its columns, an estimated count labelled so, and an exact count on demand.
    const summary = page.locator('.schema-table[data-table="item"] summary');
    await expect.poll(() => summary.textContent()).toContain(`about ${big.rows.toLocaleString('en-US')} rows (estimate)`);
    expect(await page.locator('.schema-summary').textContent()).toContain('estimated without scanning the file');
    const t1 = performance.now();
    await summary.getByRole('button', { name: /^Count the rows of \u2068?item\u2069? exactly$/ }).click();
    await expect.poll(() => summary.textContent(), { timeout: 120_000 }).toContain(`${expected.rows.toLocaleString('en-US')} rows (counted)`);
    const countMs = performance.now() - t1;

    // The console: a query over every row.
    await page.getByRole('tab', { name: 'SQL console' }).click();
    const t2 = performance.now();
    await page.getByLabel(/SQL query/).fill('SELECT grp, count(*) AS n FROM item GROUP BY grp ORDER BY grp');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out .result-summary, .console-out .error').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.console-out').textContent()).toContain(`${expected.groups} rows`);
    const consoleMs = performance.now() - t2;

    // Ask with replayed candidates for this database.
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-replay-file').setInputFiles(join(dir, 'archive.jsonl'));
    await page.locator('#replay-notice', { hasText: 'archive.jsonl' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Question', { exact: true }).fill(QUESTION);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 120_000 });
    // Six of eight candidates agree on the right count: the decision shows it (as the answer's rows).
    expect(await page.locator('.decision').getAttribute('data-decision')).toBe('answer');
    expect(await page.locator('.decision').textContent()).toContain(String(expected.group7));

    // The whole-file check is its own action, and Cancel stops it; the database stays open and usable.
    await page.getByRole('button', { name: 'Check the whole file' }).click();
    await page.locator('.db-check-status', { hasText: 'Checking every page' }).waitFor();
    await page.locator('#db-cancel').click();
    await page.locator('.db-check-status', { hasText: 'Whole-file check cancelled.' }).waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT name FROM item WHERE id = 12345');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out', { hasText: 'item 12345' }).waitFor({ timeout: 30_000 });

    const after = chromiumRss();
    const mb = (b: number): string => `${(b / MiB).toFixed(0)} MiB`;
    console.log(
      `${(big.bytes / MiB).toFixed(0)} MiB file in Chromium: opened in ${(openMs / 1000).toFixed(1)} s, exact count ${(countMs / 1000).toFixed(1)} s, console GROUP BY ${(consoleMs / 1000).toFixed(1)} s; ` +
        `largest Chromium process (the tab's renderer, with its workers) ${mb(before.largest)} before, ${mb(afterOpen.largest)} after open, ${mb(after.largest)} after the queries and Ask; ` +
        `all Chromium processes ${mb(before.total)} → ${mb(after.total)}`,
    );
    // A copy of the file in the tab (or one per worker) would add its whole size at least; without one, Chromium
    // grew 90–164 MiB through these steps on a 315 MB file (GC swings included), far below the 630 MB here.
    expect(after.total - before.total).toBeLessThan(big.bytes);
    expect(app.errors).toEqual([]);
  }, 600_000);
});
