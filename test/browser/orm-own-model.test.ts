/**
 * The own-generator ORM recipe end to end, its last step in the built app:
 * Evaluate runs the demo candidates and exports the labelled file; `confide
 * curate` and `npm run orm:train` (the real trainer) make a small model from
 * it; the person chooses the `.onnx` and `.json` under Ask. The app names the
 * model (name and provenance from its sidecar), keeps it across a reload,
 * scores Ask's candidates with it exactly as Node does (within 1e-4) and
 * Evaluate's run as `confide eval --orm` does, refuses corrupt or mismatched
 * files with their reason while the model in use keeps working, goes back to
 * the bundled model, says so when the browser will not keep a model, and
 * runs on WebGPU (SwiftShader under `--enable-unsafe-webgpu`) with the same
 * scores as on the wasm fallback.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/core/eval/index.ts';
import { agreementShares } from '../../src/core/orm/agreement.ts';
import type { Schema } from '../../src/core/schema.ts';
import { evaluate } from '../../src/core/eval/report.ts';
import { loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import { loadBenchmark, readCandidateFile } from '../../src/node/bench.ts';
import { attachOrmScores } from '../../src/node/orm/attach.ts';
import { BUNDLED_ORM_NAME, BUNDLED_ORM_SIDECAR_URL } from '../../src/app/orm/model-store.ts';
import { loadOrmScorer, type OrmScorer } from '../../src/node/orm/score.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { askAllDemo, type DemoAsk } from '../app/demo-ask.ts';
import { curateAndTrain, DEMO_BENCH, type TrainedOrm } from '../node/orm/recipe-chain.ts';
import { appUrl, evaluateDemo, downloadedFile, openApp, type AppSession } from './harness.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-own-orm-'));
let app: AppSession;
let trained: TrainedOrm;
let scorer: OrmScorer;
let target: DemoAsk;
let expected: Float32Array;

const waitForDemo = (page: Page) => page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });

let demoSchema: Schema;
const schema = (): Schema => demoSchema;

beforeAll(async () => {
  app = await openApp();
  await waitForDemo(app.page);
  target = (await askAllDemo(0.2))[6]!;
  const runner = await loadSqlRunner();
  runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
  const s = runner.schema('demo');
  if (!s.ok) throw new Error(s.error.message);
  demoSchema = s.schema;
}, 300_000);

afterAll(async () => {
  await scorer?.unload();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The bundled model's scores for the target question's candidates, on Node (with their agreement shares, as the app passes them). */
async function bundledScores(): Promise<Float32Array> {
  const bundled = await loadOrmScorer(join(import.meta.dirname, '../../public', BUNDLED_ORM_SIDECAR_URL));
  try {
    const shares = agreementShares(target.result.clusters);
    return scoresOrThrow(
      await bundled.score(target.result.candidates.map((c, i) => ({ question: target.question, sql: c.sql ?? '', schema: schema(), agreement: shares[i]! }))),
    );
  } finally {
    await bundled.unload();
  }
}

/** Asks the target question with the ORM on and returns each candidate's full-precision orm score. */
async function askWithOrm(page: Page): Promise<number[]> {
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(target.question);
  await page.locator('#ask-orm').check();
  // The previous answer goes first, so the wait below sees this one.
  await page.evaluate(() => document.querySelector('.candidates')?.remove());
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  await page.locator('.candidates').waitFor({ timeout: 90_000 });
  const notices = await page.locator('#panel-ask .notice', { hasText: 'verifier did not score' }).allTextContents();
  expect(notices).toEqual([]);
  const raw = await page.locator('.candidates dd.verifier-scores').evaluateAll((dds) => dds.map((d) => d.getAttribute('data-scores')));
  return raw.map((s) => (JSON.parse(s!) as { orm: number }).orm);
}

const modelLine = (page: Page) => page.locator('#orm-model').textContent();

describe('your own ORM in the app', () => {
  it('runs the recipe: Evaluate exports labelled candidates, curate and orm:train make a model, the app loads it and names it', {
    timeout: 300_000,
  }, async () => {
    const { page } = app;
    expect(await modelLine(page)).toContain(BUNDLED_ORM_NAME);
    await evaluateDemo(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export labelled candidate file' }).click()]);
    const exported = join(dir, 'my-generator.jsonl');
    copyFileSync(await downloadedFile(download), exported);
    trained = await curateAndTrain(exported, dir, 'my-orm');
    scorer = await loadOrmScorer(trained.sidecar);

    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#orm-model-files').setInputFiles([trained.model, trained.sidecar]);
    await expect.poll(() => page.locator('.orm-model-status').textContent(), { timeout: 60_000 }).toContain('Loaded "my-orm"');
    const line = await modelLine(page);
    expect(line).toContain('my-orm');
    expect(line).toContain('your file my-orm.onnx');
    expect(line).toContain('trained on curated.jsonl');
    expect(line).toContain('seed 3');
    expect(await page.locator('#eval-orm-model').textContent()).toContain('my-orm');
  });

  it("keeps it across a reload, and Ask's ORM scores equal Node's for the same model within 1e-4", async () => {
    const { page } = app;
    await page.reload();
    await waitForDemo(page);
    expect(await modelLine(page)).toContain('my-orm');
    expected = scoresOrThrow(await scorer.score(target.result.candidates.map((c) => ({ question: target.question, sql: c.sql ?? '', schema: schema() }))));
    // The bundled model scores these candidates otherwise, so equal scores can only come from the chosen model.
    const bundled = await bundledScores();
    expect(Math.max(...bundled.map((p, i) => Math.abs(p - expected[i]!)))).toBeGreaterThan(1e-2);
    const shown = await askWithOrm(page);
    expect(shown).toHaveLength(expected.length);
    shown.forEach((p, i) => expect(Math.abs(p - expected[i]!)).toBeLessThan(1e-4));
    // The model is the person's bytes, kept in the browser: never fetched.
    expect(app.requests.filter((r) => r.url.includes('my-orm'))).toEqual([]);
  });

  it("scores Evaluate's run with it: the orm and orm_sql signals' AUROC are the ones confide eval --orm computes", { timeout: 180_000 }, async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.locator('#eval-orm').check();
    await evaluateDemo(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export report (JSON)' }).click()]);
    const report = JSON.parse(readFileSync(await downloadedFile(download), 'utf8')) as EvalReport;
    const sqlPool = createNodeSqlPool({ size: 1 });
    let run;
    try {
      run = await prepareRun(await readCandidateFile(join(DEMO_BENCH, 'candidates.jsonl')), await loadBenchmark(DEMO_BENCH), { sqlPool });
    } finally {
      sqlPool.terminate();
    }
    const node = evaluate((await attachOrmScores(run.prepared, scorer)).prepared, { bootstrap: 200, seed: 1, folds: 2 });
    expect(report.signals.orm, Object.keys(report.signals).join(', ')).toBeDefined();
    expect(Number.isFinite(node.signals.orm!.auroc)).toBe(true);
    expect(report.signals.orm!.auroc).toBeCloseTo(node.signals.orm!.auroc, 9);
    expect(report.selection['verifier_bon:orm']).toBeCloseTo(node.selection['verifier_bon:orm']!, 9);
    // The page scores the question and the SQL alone too, as the CLI does.
    expect(report.signals.orm_sql, Object.keys(report.signals).join(', ')).toBeDefined();
    expect(report.signals.orm_sql!.auroc).toBeCloseTo(node.signals.orm_sql!.auroc, 9);
  });

  it('refuses a corrupt or mismatched file with its reason, and the model in use keeps scoring', { timeout: 180_000 }, async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Ask' }).click();
    const sidecar = JSON.parse(readFileSync(trained.sidecar, 'utf8')) as {
      featurizer: { version: number; dim: number };
      architecture: { bytes: number; sha256?: string };
    };
    const write = (name: string, body: string | Uint8Array): string => {
      const path = join(dir, name);
      writeFileSync(path, body);
      return path;
    };
    const bytes = readFileSync(trained.model);
    const cases: { files: string[]; code: string; says: string[] }[] = [
      // Same size as the model: the sidecar's SHA-256 tells them apart.
      {
        files: [write('corrupt.onnx', new Uint8Array(bytes.length).fill(7)), trained.sidecar],
        code: 'ORM_NOT_A_PAIR',
        says: ['another SHA-256 than corrupt.onnx'],
      },
      // Another training run of the same architecture (the bundled model has the same size as this one).
      {
        files: [join(import.meta.dirname, '../../public/models/orm-v1.onnx'), trained.sidecar],
        code: 'ORM_NOT_A_PAIR',
        says: ['orm-v1.onnx', 'they are not a pair'],
      },
      // A sidecar without a SHA-256 (written before training recorded it) is checked by size, then the worker refuses what is not an ONNX graph.
      {
        files: [
          write('corrupt.onnx', new Uint8Array(bytes.length).fill(7)),
          write('no-hash.json', JSON.stringify({ ...sidecar, architecture: { ...sidecar.architecture, sha256: undefined } })),
        ],
        code: 'ORM_NOT_ONNX',
        says: ['corrupt.onnx'],
      },
      {
        files: [write('cut.onnx', bytes.subarray(0, 5000)), trained.sidecar],
        code: 'ORM_NOT_A_PAIR',
        says: ['my-orm.json describes the model "my-orm.onnx"', 'cut.onnx has 5000 bytes'],
      },
      {
        files: [
          trained.model,
          write('old-featurizer.json', JSON.stringify({ ...sidecar, featurizer: { ...sidecar.featurizer, version: sidecar.featurizer.version - 1 } })),
        ],
        code: 'ORM_BAD_SIDECAR',
        says: ['old-featurizer.json', 'featurizer'],
      },
      {
        files: [trained.model, write('half-dim.json', JSON.stringify({ ...sidecar, featurizer: { ...sidecar.featurizer, dim: sidecar.featurizer.dim / 2 } }))],
        code: 'ORM_BAD_INPUTS',
        says: ['my-orm.onnx', `[batch, ${sidecar.featurizer.dim / 2}]`],
      },
      { files: [trained.model, write('broken.json', '{"format": "confide-orm",')], code: 'ORM_BAD_SIDECAR', says: ['broken.json is not JSON'] },
      { files: [trained.model], code: 'ORM_NOT_A_PAIR', says: ['its .json sidecar'] },
    ];
    for (const c of cases) {
      await page.locator('#orm-model-files').setInputFiles(c.files);
      const alert = page.locator('.orm-model-status [role="alert"]');
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(`(${c.code})`);
      for (const s of c.says) expect(await alert.textContent()).toContain(s);
      expect(await modelLine(page)).toContain('your file my-orm.onnx');
    }
    const shown = await askWithOrm(page);
    shown.forEach((p, i) => expect(Math.abs(p - expected[i]!)).toBeLessThan(1e-4));
  });

  it('goes back to the bundled model, and stays there after a reload', async () => {
    const { page } = app;
    await page.locator('#ask-orm-more').evaluate((d: HTMLDetailsElement) => void (d.open = true)); // the model panel is folded under "About the reward model"
    await page.locator('#orm-use-bundled').click();
    await expect.poll(() => modelLine(page)).toContain(BUNDLED_ORM_NAME);
    expect(await modelLine(page)).toContain('bundled with the app');
    expect(await page.locator('#orm-use-bundled').isHidden()).toBe(true);
    await page.reload();
    await waitForDemo(page);
    expect(await modelLine(page)).toContain(BUNDLED_ORM_NAME);
    expect(app.requests.filter((r) => !r.url.startsWith(appUrl()))).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('names a kept model this version cannot use at start, and uses the bundled one', async () => {
    const { page } = app;
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('confide-orm', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('models', 'readwrite');
            tx.objectStore('models').put(
              {
                sidecar: { format: 'confide-orm', version: 99 },
                model: new Uint8Array(8),
                files: { model: 'old.onnx', sidecar: 'old.json' },
                added: '2020-01-01T00:00:00Z',
              },
              'current',
            );
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await page.reload();
    await waitForDemo(page);
    const notice = await page.locator('.orm-model-status .notice').textContent();
    expect(notice).toContain('Your reward model old.onnx');
    expect(notice).toContain('"version" is 99');
    expect(await modelLine(page)).toContain(BUNDLED_ORM_NAME);
  });

  it('says so when the browser will not keep the model, and the bundled one stays in use', async () => {
    const full = await openApp({ initScript: "IDBObjectStore.prototype.put = function () { throw new DOMException('quota', 'QuotaExceededError'); };" });
    try {
      const { page } = full;
      await waitForDemo(page);
      await page.locator('#orm-model-files').setInputFiles([trained.model, trained.sidecar]);
      const alert = page.locator('.orm-model-status [role="alert"]');
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain('(ORM_NOT_SAVED)');
      expect(await alert.textContent()).toContain('storage for the app is full');
      expect(await alert.textContent()).toContain('the previous model stays in use');
      expect(await modelLine(page)).toContain(BUNDLED_ORM_NAME);
      const want = await bundledScores();
      const shown = await askWithOrm(page);
      shown.forEach((p, i) => expect(Math.abs(p - want[i]!)).toBeLessThan(1e-4));
    } finally {
      await full.close();
    }
  });

  it('runs on WebGPU where the browser has it, with the same scores', async () => {
    const gpu = await openApp({ webgpu: true });
    try {
      const { page } = gpu;
      await waitForDemo(page);
      await page.locator('#orm-model-files').setInputFiles([trained.model, trained.sidecar]);
      await expect.poll(() => page.locator('.orm-model-status').textContent(), { timeout: 60_000 }).toContain('Loaded "my-orm" (runs on webgpu)');
      const shown = await askWithOrm(page);
      shown.forEach((p, i) => expect(Math.abs(p - expected[i]!)).toBeLessThan(1e-4));
      expect(gpu.requests.filter((r) => !r.url.startsWith(appUrl()))).toEqual([]);
    } finally {
      await gpu.close();
    }
  });
});
