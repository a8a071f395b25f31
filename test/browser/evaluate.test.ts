/**
 * Evaluate in real Chromium on a small benchmark (the first 12 demo questions,
 * as a zip in Spider layout, and as a folder): run it, see the four plots,
 * check the tables and the reliability score's plain words against
 * evaluate() run on Node over the same files (the numbers `confide eval`
 * prints), export the report, then fit a profile from
 * the run, find it under Profiles with its provenance, and see Ask use it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCandidateFile, serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { prepareQuestion } from '../../src/core/eval/prepare.ts';
import { evaluate } from '../../src/core/eval/report.ts';
import type { EvalReport } from '../../src/core/eval/types.ts';
import { checkProfile } from '../../src/core/profile-check.ts';
import { belowFloor } from '../../src/core/profile.ts';
import { reliabilityWords } from '../../src/core/eval/reliability-words.ts';
import { reportTables } from '../../src/core/eval/tables.ts';
import { loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { askAllDemo, CANDIDATES_PATH } from '../app/demo-ask.ts';
import { evalCommand } from '../../src/cli/commands/eval.ts';
import { demoReady, downloadedFile, openApp, type AppSession } from './harness.ts';

const K = 12;
let app: AppSession;
let dir: string;
let expected: EvalReport;
const dev = (JSON.parse(readFileSync(new URL('../../public/demo/dev.json', import.meta.url), 'utf8')) as unknown[]).slice(0, K);
const records = parseCandidateFile(readFileSync(CANDIDATES_PATH, 'utf8')).records.slice(0, K);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-eval-'));
  const db = new Uint8Array(readFileSync(DEMO_DB_PATH));
  const devBytes = new TextEncoder().encode(JSON.stringify(dev));
  writeFileSync(
    join(dir, 'small.zip'),
    zipSync({ 'small/dev.json': devBytes, 'small/tables.json': new TextEncoder().encode('[]'), 'small/database/demo/demo.sqlite': db }),
  );
  mkdirSync(join(dir, 'folder', 'database', 'demo'), { recursive: true });
  writeFileSync(join(dir, 'folder', 'dev.json'), devBytes);
  writeFileSync(join(dir, 'folder', 'database', 'demo', 'demo.sqlite'), db);
  writeFileSync(join(dir, 'candidates.jsonl'), serializeCandidateFile(records));

  const runner = await loadSqlRunner();
  runner.open('demo', db, 'full');
  const prepared = [];
  for (const r of records)
    prepared.push(
      await prepareQuestion(r, { runMany: async (s) => s.map((q) => runner.exec('demo', q)), normalizedSql: async (q) => runner.normalizedSql('demo', q) }),
    );
  expected = evaluate(prepared, { bootstrap: Number(evalCommand.spec.flags.bootstrap!.default), seed: 1, folds: 2 });

  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Evaluate', () => {
  it('says what "Run the evaluation" waits for while it is off, and uses confide eval\'s bootstrap default', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    expect(await page.locator('#eval-run').isDisabled()).toBe(true);
    expect(await page.locator('#eval-run-hint').textContent()).toBe('Waiting for a benchmark (step 1) and candidates (step 2).');
    expect(await page.locator('#eval-run').getAttribute('aria-describedby')).toBe('eval-run-hint');
    expect(await page.locator('#eval-bootstrap').inputValue()).toBe(evalCommand.spec.flags.bootstrap!.default);
  });

  it('reads a benchmark folder picked with the directory picker', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.locator('#eval-folder').setInputFiles(join(dir, 'folder'));
    await expect
      .poll(() => page.locator('#bench-summary').textContent(), { timeout: 20_000 })
      .toContain(`Spider layout, split "dev", ${K} questions over 1 database`);
    expect(await page.locator('#eval-run-hint').textContent()).toBe('Waiting for candidates (step 2).');
  });

  it('runs on a benchmark zip with a candidate file: plots and the same tables as confide eval', async () => {
    const { page } = app;
    await page.locator('#eval-zip').setInputFiles(join(dir, 'small.zip'));
    await expect.poll(() => page.locator('#bench-summary').textContent(), { timeout: 20_000 }).toContain('small.zip: Spider layout');
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'candidates.jsonl'));
    await expect.poll(() => page.locator('#cand-summary').textContent()).toContain(`${K} questions`);
    await page.locator('#eval-run').click();
    await page.locator('.report').waitFor({ timeout: 60_000 });

    for (const id of ['roc', 'reliability', 'risk-coverage', 'accuracy-vs-n']) {
      expect(await page.locator(`figure[data-plot="${id}"] svg`).count()).toBeGreaterThan(0);
    }
    // Beside risk–coverage, the reliability score in plain words: the figures evaluate() gives on Node.
    const note = (await page.locator('#reliability-note').textContent()) ?? '';
    for (const sentence of reliabilityWords(expected.reliability_score)) expect(note).toContain(sentence);
    for (const t of reportTables(expected)) {
      const rows = page.locator(`#table-${t.id} tbody tr`);
      expect(await rows.count()).toBe(t.rows.length);
      expect((await rows.first().locator('th, td').allTextContents()).slice(0, t.header.length)).toEqual(t.rows[0]!.map((c) => c.replace(/\bNaN\b/g, 'n/a')));
      // Each table has its note in plain words under the title.
      expect(await page.locator(`#table-${t.id} .table-note`).count(), t.id).toBe(1);
    }
    // Jargon has plain words beside it; the bootstrap default is the CLI's, and the summary says so.
    expect(await page.locator('#table-signals .table-note').textContent()).toContain('0.5 is chance');
    const selection = await page
      .locator('#table-selection tbody tr')
      .evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.children[0]!.textContent, tr.lastElementChild!.textContent])));
    expect(selection.ex_bon).toBe('the first candidate that runs and returns rows');
    expect(await page.locator('#table-certificate .table-note').textContent()).toContain('"Certified: no" means');
    expect(await page.locator('.report-summary').textContent()).toContain(`bootstrap B=${expected.bootstrap.B}`);
    // Plots use the width there is: wider than the old fixed 460 px in the 1280 px window.
    const width = Math.max(...(await page.locator('figure[data-plot="roc"] svg').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width))));
    expect(width).toBeGreaterThan(600);
  });

  it('exports the report as JSON', async () => {
    const { page } = app;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export report (JSON)' }).click()]);
    const report = JSON.parse(readFileSync(await downloadedFile(download), 'utf8')) as EvalReport;
    expect(report.n_questions).toBe(K);
    expect(report.signals.execution_sc!.auroc).toBeCloseTo(expected.signals.execution_sc!.auroc, 12);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export per-question CSV' }).click()]);
    expect(
      readFileSync(await downloadedFile(csv), 'utf8')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(K + 1);
  });

  it('fits a profile from the run, shows its provenance, and Ask uses it', async () => {
    const { page } = app;
    await page.getByLabel('Profile name').fill('Classroom run');
    // On 12 questions some fitted thresholds sit below 0.5: the page flags them and the profile carries the floor.
    const below = belowFloor(expected.profile);
    expect(below.length, 'the 12-question run fits some threshold below 0.5').toBeGreaterThan(0);
    expect(await page.locator('.save-profile .profile-floor').textContent()).toContain('Below the 0.50 floor, raised to it');
    // 12 questions: the page warns that the thresholds are rough and asks for a confirmation first.
    expect(await page.locator('.profile-warning').textContent()).toContain(`Only ${K} questions`);
    expect(await page.getByRole('button', { name: 'Save and use this profile' }).isDisabled()).toBe(true);
    await page.getByLabel(/I understand these thresholds are rough/).check();
    await page.getByRole('button', { name: 'Save and use this profile' }).click();
    await expect.poll(() => page.locator('.save-profile [role="status"]').textContent()).toContain('Saved "Classroom run"');

    await page.getByRole('tab', { name: 'Profiles' }).click();
    const card = page.locator('article[data-profile="Classroom run"]');
    expect(await card.locator('h3').textContent()).toContain('active');
    expect(await card.locator('dd.ece').textContent()).toBe(expected.profile.provenance.ece.toFixed(3));
    expect(await card.textContent()).toContain('small.zip, split dev');
    expect(await card.locator('.profile-floor').textContent()).toContain(`fitted P ≥ ${below[0]!.threshold.toFixed(2)}`);
    const [exported] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Export JSON' }).click()]);
    const checked = checkProfile(JSON.parse(readFileSync(await downloadedFile(exported), 'utf8')));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    // Same solver in another JavaScript engine: equal up to the solver's tolerance (it stops once a Newton step
    // gains 1e-13 of the loss, so a large weight on a flat optimum may differ in its seventh digit).
    expect(checked.profile.bands.map((b) => [b.min, b.max, b.signals])).toEqual(expected.profile.bands.map((b) => [b.min, b.max, b.signals]));
    checked.profile.bands.forEach((b, i) =>
      b.model.weights.forEach((w, j) => {
        const e = expected.profile.bands[i]!.model.weights[j]!;
        expect(Math.abs(w - e), `band ${i} weight ${j}`).toBeLessThan(1e-6 * Math.max(1, Math.abs(e)));
      }),
    );
    checked.profile.bands.forEach((b, i) =>
      b.thresholds.forEach((t, j) => {
        const e = expected.profile.bands[i]!.thresholds[j]!;
        expect(t.target_risk).toBe(e.target_risk);
        if (e.threshold === null) expect(t.threshold).toBeNull();
        else expect(t.threshold).toBeCloseTo(e.threshold, 9);
      }),
    );

    const target = (await askAllDemo(0.2, checked.profile))[2]!;
    await page.getByRole('tab', { name: 'Ask' }).click();
    const hint = (await page.locator('#ask-risk-hint').textContent()) ?? '';
    expect(hint).toContain('"Classroom run"');
    // Ask applies the floor: no pool size answers below P 0.50, whatever was fitted.
    for (const m of hint.matchAll(/P ≥ (\d\.\d\d)/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(0.5);
    await page.getByLabel('Question', { exact: true }).fill(target.question);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 30_000 });
    expect(await page.locator('.decision .probability').textContent()).toBe(`${Math.round(target.result.probability * 100)}%`);
    expect(await page.locator('.decision').getAttribute('data-decision')).toBe(target.decision.kind);
    expect(app.errors).toEqual([]);
  });

  it('imports a profile from JSON and refuses a broken one with the field named', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Profiles' }).click();
    const good = { ...expected.profile, name: 'Imported one', provenance: { ...expected.profile.provenance, created: '2025-01-01' } };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    await page.locator('#profile-import').setInputFiles(join(dir, 'good.json'));
    await page.locator('article[data-profile="Imported one"]').waitFor({ timeout: 5_000 });
    // Imported with thresholds below the floor: flagged on its card, applied at 0.5.
    expect(await page.locator('article[data-profile="Imported one"] .profile-floor').textContent()).toContain('Below the 0.50 floor');
    const band = good.bands[0]!;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...good, bands: [{ ...band, model: { ...band.model, weights: [1] } }] }));
    await page.locator('#profile-import').setInputFiles(join(dir, 'bad.json'));
    await expect.poll(() => page.locator('.profiles [role="status"]').textContent()).toContain('bands[0].model.weights');
  });
});
