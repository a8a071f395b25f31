/**
 * The built app in Debian Chromium with the real web-llm runtime, the live
 * engine in its worker, on a random-weight model the test makes
 * (fixture-model.ts) from the real model library in ../shared/webllm-runtime,
 * served from a model host of its own (model-server.ts). Everything a person
 * does goes through the page: setting the model host, choosing the model,
 * download and compile with progress and Cancel, asking with N = 2 live
 * samples and the judge, Cancel during generation, unloading, deleting from
 * the cache. The random model writes valid SQL and answers the judge only
 * because the page's developer options pass web-llm a `logit_bias` that
 * forces tokens of the test tokenizer (a whole query; Yes and No): the
 * runtime, sampling, log-probabilities, interrupt and cache are all real.
 *
 * Slow by nature (a software adapter prefills about 32 prompt tokens in
 * 50 s to several minutes, depending on the machine's load): prompts stay
 * under 32 tokens, candidates take 1–2 tokens, the model loads once, and no
 * assertion depends on speed. It prints one `LIVE {json}` line with what it
 * saw and the timings.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../browser/static-server.ts';
import { buildFixtureModel, type FixtureModel } from './fixture-model.ts';
import { MISSING_SHARD, startModelServer, TRUNCATED_SHARD, type ModelServer } from './model-server.ts';

const RUNTIME_DIR = join(import.meta.dirname, '../../../shared/webllm-runtime');
const LIBRARY = join(RUNTIME_DIR, 'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm');
const CHROMIUM = '/usr/bin/chromium';
/** The catalogue entry whose model library the fixture library is (web-llm 0.2.79's). */
const MODEL_ID = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const LARGE_ID = 'Qwen2.5-Coder-3B-Instruct-q4f32_1-MLC';
const ABSENT_ID = 'Qwen2.5-Coder-1.5B-Instruct-q4f32_1-MLC';
const QUESTION = 'How many customers are there?';
const QUERY = 'SELECT count(*) FROM customers;';
const SCREENSHOTS = process.env['CONFIDE_LIVE_SCREENSHOTS'];
const MINUTE = 60_000;

const missing = !existsSync(LIBRARY) ? `the model library ${LIBRARY} is absent` : !existsSync(CHROMIUM) ? `${CHROMIUM} is absent` : '';
if (missing !== '') console.warn(`live test skipped: ${missing} (it needs ../shared/webllm-runtime and Debian chromium)`);

const runtime = `web-llm ${(JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/@mlc-ai/web-llm/package.json'), 'utf8')) as { version: string }).version}`;
const live: Record<string, unknown> = { runtime };
const began = Date.now();
let work = '';
let app: StaticServer;
let host: ModelServer;
let fixture: FixtureModel;
let context: BrowserContext;
let page: Page;

/** Waits for the demo database and the live panel after a (re)load. */
async function ready(): Promise<void> {
  await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 2 * MINUTE });
  await page.getByLabel('Candidates from').selectOption('live');
  await page.locator('.live-status', { hasText: /WebGPU found|Ready|No model/ }).waitFor({ timeout: 2 * MINUTE });
}

/** Types a host into the setting and saves it; the page reloads. */
async function setHost(base: string): Promise<void> {
  await page.locator('#model-host').fill(base);
  await Promise.all([page.waitForEvent('load', { timeout: 2 * MINUTE }), page.locator('#model-host-save').click()]);
  await ready();
}

/** The connect-src hosts of the policy in force. */
async function connectHosts(): Promise<string[]> {
  const csp = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  return /connect-src ([^;]*)/
    .exec(csp)![1]!
    .split(' ')
    .filter((h) => h !== "'self'");
}

/** Saves a screenshot of one part of the page when CONFIDE_LIVE_SCREENSHOTS names a folder. */
async function shot(name: string, locator = page.locator('.live-model')): Promise<void> {
  if (SCREENSHOTS === undefined) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const progressText = () => page.locator('.live-model .progress-text').textContent();
/** Ask's own progress line (the live panel has one of its own). */
const askProgress = () => page.locator('section.ask > .progress');

/** Asks the question with the live model and waits for the Ask to end (a decision, or a stop). */
async function ask(): Promise<void> {
  await page.getByLabel('Question', { exact: true }).fill(QUESTION);
  await page.locator('#ask-submit').click();
}

describe.skipIf(missing !== '')('the live model on the real web-llm runtime, in the built app', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confide-live-'));
    const t0 = Date.now();
    await build({ logLevel: 'warn', build: { outDir: join(work, 'dist'), emptyOutDir: true, sourcemap: false } });
    live['build_s'] = (Date.now() - t0) / 1000;
    const t1 = Date.now();
    fixture = buildFixtureModel(LIBRARY, join(work, 'model'));
    live['fixture_s'] = (Date.now() - t1) / 1000;
    live['fixture_mb'] = Math.round(fixture.bytes / 1e6);
    app = await startStaticServer(join(work, 'dist'), '/live/app/');
    host = await startModelServer({ modelId: MODEL_ID, modelDir: fixture.dir, libraryPath: LIBRARY });
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--no-sandbox',
        '--enable-unsafe-webgpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
    // The page shares two cores with a model computing on the CPU: no action gets less than two minutes.
    page.setDefaultTimeout(2 * MINUTE);
    page.setDefaultNavigationTimeout(5 * MINUTE);
    await page.goto(app.url);
    await ready();
  });

  afterAll(async () => {
    live['wall_s'] = (Date.now() - began) / 1000;
    console.log(`LIVE ${JSON.stringify(live)}`);
    await context?.close();
    await host?.close();
    await app?.close();
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('shows the live panel only for the live source, and the page policy names no model host of ours yet', async () => {
    await page.getByLabel('Candidates from').selectOption('replay');
    expect(await page.locator('.live-model').isVisible()).toBe(false);
    await page.getByLabel('Candidates from').selectOption('live');
    expect(await page.locator('.live-model').isVisible()).toBe(true);
    expect(await connectHosts()).not.toContain(host.origin.slice(0, -1));
    expect(await page.locator('#model-host-policy').textContent()).toContain('A host you set here is allowed once you save it');
  });

  it('checks the model host, remembers it, and the page policy then allows exactly its origin, and says so', async () => {
    await page.locator('#model-host').fill('http://models.example.org/');
    await page.locator('#model-host-save').click();
    await expect.poll(() => page.locator('.model-host-message').textContent()).toContain('must use https');
    await setHost(host.base('missing-shard'));
    expect(await page.locator('#model-host').inputValue()).toBe(host.base('missing-shard'));
    expect(await connectHosts()).toEqual([host.origin.slice(0, -1)]);
    expect(await page.locator('#model-host-policy').textContent()).toContain(
      `allows model downloads from ${host.origin.slice(0, -1)} (the model host you set) and from no other host`,
    );
  });

  it('names the file, the host and one next step for a missing shard, a wrong library URL and a truncated file', async () => {
    const errors: Record<string, unknown>[] = [];
    const cases = [
      ['missing-shard', 'MODEL_NOT_FOUND', MISSING_SHARD],
      ['bad-lib', 'MODEL_NOT_FOUND', 'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm'],
      ['truncated', 'FILE_TRUNCATED', TRUNCATED_SHARD],
    ] as const;
    for (const [variant, code, file] of cases) {
      if (variant !== 'missing-shard') await setHost(host.base(variant));
      await page.locator('#live-model').selectOption(MODEL_ID);
      await page.locator('#live-load').click();
      const error = page.locator('.live-error');
      await error.waitFor({ timeout: 2 * MINUTE });
      const text = (await error.locator('p').first().textContent())!;
      expect(await error.getAttribute('data-code')).toBe(code);
      expect(await error.getAttribute('data-file')).toBe(file);
      expect(await error.getAttribute('data-host')).toBe(new URL(host.origin).host);
      expect(text).toContain(file);
      expect(text).toContain(new URL(host.origin).host);
      // What failed, then exactly one next step, and the code once.
      expect(text.replace(/\s*\([A-Z_]+\)$/, '').split(/(?<=\.)\s+(?=[A-Z])/)).toHaveLength(2);
      expect(text.match(new RegExp(code, 'g'))).toHaveLength(1);
      errors.push({ variant, code, file, message: text });
    }
    live['errors'] = errors;
  });

  it('asks before loading a model larger than the adapter budget, and downloads nothing when declined', async () => {
    await setHost(host.base('ok'));
    await shot('live-model-host');
    await page.locator('#live-model').selectOption(LARGE_ID);
    const before = host.log.length;
    await page.locator('#live-load').click();
    const dialog = page.locator('.live-confirm[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/needs about 2894 MB of GPU memory, more than this GPU's budget of about 2048 MB/);
    await page.locator('#live-confirm-cancel').click();
    expect(await dialog.isVisible()).toBe(false);
    expect(host.log.slice(before).filter((l) => l.includes('3B'))).toEqual([]);
  });

  it('shows download progress with a working Cancel, then downloads the rest and compiles, with progress', async () => {
    await page.locator('#live-model').selectOption(MODEL_ID);
    host.hold('params_shard_4.bin');
    await page.locator('#live-load').click();
    await host.held();
    await expect.poll(progressText, { timeout: 5 * MINUTE }).toMatch(/Fetching param cache\[\d+\/9\]/);
    live['download_progress'] = await progressText();
    await shot('live-download-progress');
    await page.locator('.live-model .progress .cancel').click();
    await expect.poll(progressText, { timeout: 2 * MINUTE }).toContain('Stopped');
    host.release();
    expect(await page.locator('.live-status').textContent()).toContain('No model loaded');
    await expect.poll(() => page.locator(`.model-list li[data-model="${MODEL_ID}"]`).getAttribute('data-state')).toBe('partial');

    const seen = new Set<string>();
    await page.locator('#live-load').click();
    const t0 = Date.now();
    while (!((await page.locator('.live-status').textContent()) ?? '').startsWith('Ready')) {
      const text = (await progressText()) ?? '';
      seen.add(text.replace(/\[\d+\/\d+\].*/, '[…]'));
      expect(await page.locator('.live-error').count()).toBe(0);
      if (Date.now() - t0 > 15 * MINUTE) throw new Error(`no Ready after 15 minutes; last progress: ${text}`);
      await page.waitForTimeout(250);
    }
    const phases = [...seen];
    expect(phases.some((p) => p.includes('Fetching param cache'))).toBe(true);
    expect(phases.some((p) => p.includes('Loading GPU shader modules'))).toBe(true);
    live['load_s'] = Number(await page.locator('.live-status').getAttribute('data-load-s'));
    live['load_phases'] = phases.filter((p) => p !== '');
  });

  it('lists the model as in this browser, with its size and a Delete', async () => {
    const item = page.locator(`.model-list li[data-model="${MODEL_ID}"]`);
    await expect.poll(() => item.getAttribute('data-state')).toBe('complete');
    const bytes = Number(await item.getAttribute('data-bytes'));
    expect(bytes).toBeGreaterThan(fixture.bytes);
    expect(bytes).toBeLessThan(fixture.bytes + 5e6);
    expect(await item.textContent()).toMatch(/in this browser, 3\d\d MB/);
    expect(await item.getByRole('button', { name: /Delete .* from this browser/ }).isVisible()).toBe(true);
    await shot('live-cache-list');
  });

  it('stops generation on Cancel (finish reason abort), and the Ask after it works', async () => {
    const bias = JSON.stringify({ [fixture.tokenizer.queryIds[QUERY]!]: 30 });
    const judgeBias = JSON.stringify({ [fixture.tokenizer.yesId]: 15, [fixture.tokenizer.noId]: 14 });
    await page.locator('.dev-options summary').click();
    await page.locator('#dev-prompt').selectOption('compact');
    await page.locator('#dev-max-tokens').fill('2');
    await page.locator('#dev-bias').fill(bias);
    await page.locator('#dev-judge-bias').fill(judgeBias);
    await page.locator('#dev-judge-bias').dispatchEvent('change');
    await page.locator('#live-n').fill('2');
    await page.locator('#live-temperature').fill('0.7');
    await page.locator('#live-judge').check();
    expect(await page.locator('.dev-notice').textContent()).toContain('Developer options are on');

    await ask();
    await expect.poll(() => askProgress().locator('.progress-text').textContent()).toContain('Generating candidate 1 of 2');
    await page.waitForTimeout(2000);
    await askProgress().locator('.cancel').click();
    const costs = page.locator('.ask-costs');
    await costs.waitFor({ timeout: 15 * MINUTE });
    expect(await costs.getAttribute('data-finish-reasons')).toBe('abort');
    expect(await askProgress().locator('.progress-text').textContent()).toContain('Stopped');
    expect(await page.locator('[data-decision]').count()).toBe(0);
    expect(await page.locator('#ask-submit').isEnabled()).toBe(true);
    live['cancel_ok'] = true;
    live['cancel_prefill_s'] = Number(await costs.getAttribute('data-prefill-s'));
  });

  it('answers with N = 2 live samples through execution, signals, P(correct) and a decision, with the judge P(yes) from first-token logprobs', async () => {
    await page.locator('#dev-max-tokens').fill('1');
    await page.locator('#dev-max-tokens').dispatchEvent('change');
    await ask();
    const decision = page.locator('[data-decision]');
    await decision.waitFor({ timeout: 20 * MINUTE });
    const costs = page.locator('.ask-costs');
    const candidates = page.locator('.candidates details.candidate');
    expect(await candidates.count()).toBe(2);
    for (const c of await candidates.all()) {
      expect(await c.locator('summary').textContent()).toContain(MODEL_ID);
      expect(await c.locator('summary').textContent()).toMatch(/result A, 1 row/);
    }
    const scores = JSON.parse((await candidates.first().locator('.verifier-scores').getAttribute('data-scores'))!) as Record<string, number>;
    const judge = scores['judge']!;
    expect(judge).toBeGreaterThan(0);
    expect(judge).toBeLessThan(1);
    await page.locator('.decision .why-signals summary').click();
    const shown = Number(await page.locator('.decision [data-signal="judge"]').getAttribute('data-value'));
    expect(shown).toBeCloseTo(judge, 12);
    expect(await costs.getAttribute('data-finish-reasons')).toBe('length,length,length');
    expect(await costs.getAttribute('data-prefills')).toBe('3');
    for (const t of (await costs.getAttribute('data-prompt-tokens'))!.split(',')) expect(Number(t)).toBeLessThanOrEqual(32);
    await shot('live-ask-decision', page.locator('.decision'));
    await shot('live-ask-costs', page.locator('.ask-costs'));
    Object.assign(live, {
      candidates: await candidates.count(),
      decision: await decision.getAttribute('data-decision'),
      judge_p_yes: judge,
      prefills: Number(await costs.getAttribute('data-prefills')),
      prompt_tokens: (await costs.getAttribute('data-prompt-tokens'))!.split(',').map(Number),
      prefill_s: Number(await costs.getAttribute('data-prefill-s')),
      decode_s: Number(await costs.getAttribute('data-decode-s')),
      generate_s: Number(await costs.getAttribute('data-generate-s')),
      exec_s: Number(await costs.getAttribute('data-exec-s')),
      score_s: Number(await costs.getAttribute('data-score-s')),
      ask_s: Number(await costs.getAttribute('data-total-s')),
    });
  });

  it('keeps the loaded model when switching to one the host lacks, and unloads on request', async () => {
    await page.locator('#live-model').selectOption(ABSENT_ID);
    await page.locator('#live-load').click();
    const error = page.locator('.live-error');
    await error.waitFor({ timeout: 2 * MINUTE });
    expect(await error.getAttribute('data-code')).toBe('MODEL_NOT_FOUND');
    expect(await error.getAttribute('data-file')).toBe('mlc-chat-config.json');
    expect(await page.locator('.live-status').textContent()).toContain('Still loaded: Qwen2.5-Coder 0.5B (q4f32)');
    expect(await page.locator(`.model-list li[data-model="${MODEL_ID}"] .badge`, { hasText: 'loaded' }).count()).toBe(1);

    await page.locator('#live-unload').click();
    await expect.poll(() => page.locator('.live-status').textContent()).toContain('no model loaded');
    await ask();
    await expect.poll(() => page.locator('#ask-offer').textContent()).toContain('Load a model first');
    live['unload_ok'] = true;
  });

  it('deletes the model from the cache: "not downloaded", and a reload finds it gone', async () => {
    const item = () => page.locator(`.model-list li[data-model="${MODEL_ID}"]`);
    await item()
      .getByRole('button', { name: /Delete .* from this browser/ })
      .click();
    await expect.poll(() => item().getAttribute('data-state')).toBe('none');
    expect(await item().textContent()).toContain('not downloaded');
    await page.reload();
    await ready();
    await expect.poll(() => item().getAttribute('data-state'), { timeout: MINUTE }).toBe('none');
    const left = await page.evaluate(
      async (origin) => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) if (r.url.startsWith(origin)) urls.push(r.url);
        return urls;
      },
      `${host.base('ok')}`,
    );
    expect(left).toEqual([]);
    live['cache_delete_ok'] = true;
  });
});
