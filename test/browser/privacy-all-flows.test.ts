/**
 * Privacy over every flow the browser tests cover, in one recorded session of
 * real Chromium: the demo database and its replayed candidates, Ask with the
 * ORM verifier, the candidate inspector, the SQL console, the live-model
 * panel, Evaluate on the demo benchmark with both exports, saving, exporting
 * and importing a profile, and then a user's own database with its own
 * candidate file. A second session, with WebGPU, starts a model download.
 *
 * Every request of the page and its workers must go to the app's own origin
 * under its sub-path (or be a blob:/data: URL the page made itself), except
 * model downloads, which may go only to the hosts the page's CSP names for
 * models; every request is a GET; and no URL or body carries a question or a
 * value from the user's database.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { evaluateDemo, appUrl, downloadedFile, openApp, type AppSession } from './harness.ts';

const SECRET = 'QUOKKA-MARMALADE-5519';
const OWN_QUESTION = 'Which reserved quokka jars did Philippa label?';
const DEMO_QUESTION = (JSON.parse(readFileSync(new URL('../../public/demo/dev.json', import.meta.url), 'utf8')) as { question: string }[])[0]!.question;
const LEAKS = [SECRET, 'Philippa', OWN_QUESTION, encodeURIComponent(OWN_QUESTION), DEMO_QUESTION, encodeURIComponent(DEMO_QUESTION)];

let dir: string;

/** The model hosts the page's Content-Security-Policy allows in connect-src (besides 'self'). */
async function cspModelHosts(app: AppSession): Promise<RegExp[]> {
  const csp = (await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  const connect =
    /connect-src ([^;]*)/
      .exec(csp)?.[1]
      ?.split(/\s+/)
      .filter((s) => s.startsWith('https://')) ?? [];
  return connect.map((h) => new RegExp(`^${h.replace(/[.]/g, '\\.').replace('*', '[a-z0-9-]+(\\.[a-z0-9-]+)*')}/`));
}

/** Requests that went anywhere but the app (and, when given, the model hosts). */
function strangers(app: AppSession, modelHosts: readonly RegExp[] = []): string[] {
  const base = new URL(appUrl());
  return app.requests
    .map((r) => r.url)
    .filter((u) => !(u.startsWith(base.href) || u.startsWith(`blob:${base.origin}/`) || u.startsWith('data:')))
    .filter((u) => !modelHosts.some((h) => h.test(u)));
}

function expectNothingCarried(app: AppSession): void {
  for (const r of app.requests) {
    for (const s of LEAKS) {
      expect(r.url, r.url).not.toContain(s);
      expect(r.postData ?? '', r.url).not.toContain(s);
    }
  }
  expect(app.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'confide-privacy-all-'));
  const db = new Database(join(dir, 'pantry.sqlite'));
  db.exec('CREATE TABLE jars (id INTEGER PRIMARY KEY, label TEXT NOT NULL, owner TEXT, reserved INTEGER)');
  const insert = db.prepare('INSERT INTO jars (label, owner, reserved) VALUES (?, ?, ?)');
  for (let i = 0; i < 25; i += 1) insert.run(i === 4 ? SECRET : `jar ${i}`, i % 2 === 0 ? 'Philippa' : 'Odo', i % 3 === 0 ? 1 : 0);
  db.close();
  const right = "SELECT label FROM jars WHERE owner = 'Philippa' AND reserved = 1";
  const sqls = [right, right, right, right, 'SELECT label FROM jars WHERE reserved = 1', right, "SELECT count(*) FROM jars WHERE owner = 'Philippa'", right];
  writeFileSync(
    join(dir, 'pantry.jsonl'),
    serializeCandidateFile([{ id: 'p-1', db_id: 'pantry', question: OWN_QUESTION, candidates: sqls.map((sql) => ({ sql })) }]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('privacy in every flow', () => {
  let app: AppSession;
  afterAll(async () => app?.close());

  it('demo Ask with the ORM verifier, console, live panel, Evaluate, profiles, then an own database: only the app origin, nothing carried', async () => {
    app = await openApp();
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await page.locator('#replay-notice', { hasText: 'mutation generator' }).waitFor({ timeout: 30_000 });

    // Ask on the demo, with the outcome reward model scoring in its worker; open every candidate.
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByLabel('Question', { exact: true }).fill(DEMO_QUESTION);
    await page.getByLabel('Score with the outcome reward model').check();
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 90_000 });
    for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();

    // The SQL console.
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT count(*) FROM customers');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out .result-summary').waitFor({ timeout: 20_000 });

    // The live-model panel, without WebGPU: it says so and fetches nothing.
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 10_000 }).toMatch(/NO_ADAPTER|NO_WEBGPU/);
    await page.getByLabel('Candidates from').selectOption('replay');

    // Evaluate on the demo benchmark, both exports, and a profile saved from the run.
    await evaluateDemo(page);
    const json = join(dir, 'report.json');
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export report (JSON)' }).click()]);
    await report.saveAs(json);
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export per-question CSV' }).click()]);
    await page.getByLabel('Profile name').fill('Privacy run');
    await page.getByRole('button', { name: 'Save and use this profile' }).click();
    await expect.poll(() => page.locator('.save-profile [role="status"]').textContent()).toContain('Saved "Privacy run"');

    // Profiles: export one and import it back under another name.
    await page.getByRole('tab', { name: 'Profiles' }).click();
    const card = page.locator('article[data-profile="Privacy run"]');
    const [exported] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Export JSON' }).click()]);
    const profile = JSON.parse(readFileSync(await downloadedFile(exported), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'profile.json'), JSON.stringify({ ...profile, name: 'Privacy copy' }));
    await page.locator('#profile-import').setInputFiles(join(dir, 'profile.json'));
    await page.locator('article[data-profile="Privacy copy"]').waitFor({ timeout: 5_000 });

    // A user's own database and candidate file, asked and inspected, and the console on it.
    await page.locator('#db-file').setInputFiles(join(dir, 'pantry.sqlite'));
    await page.locator('.db-status', { hasText: 'pantry.sqlite' }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-replay-file').setInputFiles(join(dir, 'pantry.jsonl'));
    await page.locator('#replay-notice', { hasText: 'pantry.jsonl' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Question', { exact: true }).fill(OWN_QUESTION);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 90_000 });
    for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT label, owner FROM jars');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out', { hasText: SECRET }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000); // anything sent late is still recorded

    expect(strangers(app)).toEqual([]);
    expectNothingCarried(app);
    // The recording sees the workers' own fetches: sql.js's wasm in the SQL worker, the model in the ORM worker.
    expect(app.requests.some((r) => /sql-wasm.*\.wasm$/.test(r.url))).toBe(true);
    expect(app.requests.some((r) => r.url.endsWith('.onnx'))).toBe(true);
    console.log(`privacy, all flows: ${app.requests.length} requests, all to ${new URL(appUrl()).origin} under the app's path`);
  }, 600_000);
});

describe('privacy when a model is downloaded', () => {
  let app: AppSession;
  afterAll(async () => app?.close());

  it('a model download contacts only the model hosts the CSP names, and carries no question or data', async () => {
    app = await openApp({ webgpu: true });
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await page.locator('#replay-notice', { hasText: 'mutation generator' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Question', { exact: true }).fill(DEMO_QUESTION);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 90_000 });
    await page.getByLabel('Candidates from').selectOption('live');
    await expect.poll(() => page.locator('.live-status').textContent(), { timeout: 20_000 }).toContain('WebGPU found');
    await page.getByRole('button', { name: 'Download and load' }).click();
    // This machine cannot reach a model host: the download fails, after trying.
    await expect.poll(() => page.locator('.live-model').textContent(), { timeout: 60_000 }).toContain('DOWNLOAD_FAILED');

    const hosts = await cspModelHosts(app);
    expect(hosts.length).toBeGreaterThan(0);
    expect(strangers(app, hosts)).toEqual([]);
    expectNothingCarried(app);
    const toModelHosts = strangers(app);
    console.log(
      `privacy, model download: ${app.requests.length} requests, ${toModelHosts.length} of them to the CSP's model hosts: ${toModelHosts.join(', ')}`,
    );
  }, 300_000);
});
