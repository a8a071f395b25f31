/**
 * Drives the real Debian Chromium through playwright-core (never a downloaded
 * browser). `openApp` opens the built app and records every request the page
 * and its workers make, so tests can assert that nothing leaves the origin.
 *
 * The global setup launches one Chromium for the whole run (`browserEndpoint`);
 * each `openApp` connects to it and opens a fresh context of its own (its own
 * storage, IndexedDB and OPFS), which `close()` closes again. A session with
 * WebGPU, or one that asks for `ownBrowser`, launches a Chromium of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** The flags every Chromium of the tests runs with (the shared one and those tests launch themselves). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface LaunchOptions {
  /** Adds `--enable-unsafe-webgpu` (headless Chromium then has a SwiftShader adapter); the session launches its own Chromium. */
  readonly webgpu?: boolean;
}

export interface AppSession {
  /** The shared Chromium as this session's connection sees it, or the session's own. */
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every request URL seen, in order (page and workers). */
  readonly requests: { url: string; method: string; postData: string | null }[];
  /** Console errors and uncaught page errors. */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * Launches headless Debian Chromium with the flags this machine needs.
 * playwright-core refuses `--user-data-dir` in `launch` and gives every launch
 * a fresh temporary profile of its own, which is what the tests need.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<{ browser: Browser; cleanup(): void }> {
  const args = [...CHROMIUM_ARGS];
  if (options.webgpu) args.push('--enable-unsafe-webgpu');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  return { browser, cleanup: () => undefined };
}

/**
 * Opens the built app (served under a sub-path by the global setup).
 *
 * @example
 * const app = await openApp({ query: '?db=demo' });
 * await app.page.getByRole('button', { name: 'Run' }).click();
 */
/**
 * Waits until the page has opened the bundled demo database (what most tests start from).
 *
 * @example app = await openApp(); await demoReady(app);
 */
export async function demoReady(app: AppSession): Promise<void> {
  await app.page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
}

export async function openApp(
  options: LaunchOptions & {
    query?: string;
    viewport?: { width: number; height: number };
    /** The colour scheme the page sees (`prefers-color-scheme`); default light. */
    colorScheme?: 'light' | 'dark';
    /** Runs in the page before any of its scripts (e.g. to remove an API). */
    initScript?: string;
    /**
     * Launches a Chromium of its own instead of a context in the shared one: for a test that measures
     * Chromium's processes (they are then this worker's children), or that chooses or downloads files of
     * hundreds of MB (through a connection each is copied over the socket, tens of seconds at that size).
     */
    ownBrowser?: boolean;
  } = {},
): Promise<AppSession> {
  const own = options.webgpu === true || options.ownBrowser === true;
  const { browser, cleanup } = own ? await launchChromium(options) : { browser: await chromium.connect(inject('browserEndpoint')), cleanup: () => undefined };
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const requests: AppSession['requests'] = [];
  const errors: string[] = [];
  context.on('request', (r) => requests.push({ url: r.url(), method: r.method(), postData: r.postData() }));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  if (options.initScript !== undefined) await page.addInitScript(options.initScript);
  await page.goto(inject('appUrl') + (options.query ?? ''));
  return {
    browser,
    context,
    page,
    requests,
    errors,
    close: async () => {
      // The context first (its pages, storage and downloads); then the connection, which leaves the shared
      // Chromium running (or the session's own Chromium, which closing ends).
      await context.close();
      await browser.close();
      cleanup();
      const saved = downloadDirs.get(context);
      if (saved !== undefined) rmSync(saved, { recursive: true, force: true });
    },
  };
}

/** Each session's folder of saved downloads, removed when the session closes. */
const downloadDirs = new WeakMap<BrowserContext, string>();

/**
 * Saves a download on this machine and returns its path (`download.path()` is not available through a
 * connection to the shared Chromium). The file lasts until the session closes.
 *
 * @example const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
 * const text = readFileSync(await downloadedFile(download), 'utf8');
 */
export async function downloadedFile(download: Download): Promise<string> {
  const context = download.page().context();
  let dir = downloadDirs.get(context);
  if (dir === undefined) {
    dir = mkdtempSync(join(tmpdir(), 'confide-download-'));
    downloadDirs.set(context, dir);
  }
  const path = join(mkdtempSync(join(dir, 'd-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** The app's base URL (under its sub-path), as the global setup served it. */
export function appUrl(): string {
  return inject('appUrl');
}

/**
 * Runs Evaluate on the bundled demo benchmark with the demo replay candidates
 * and waits for the report (the flow several browser tests share).
 *
 * @example await evaluateDemo(app.page); // then read '.report'
 */
export async function evaluateDemo(page: Page, timeoutMs = 120_000): Promise<void> {
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await page.getByRole('button', { name: 'Use the demo benchmark' }).click();
  await page.getByRole('button', { name: 'Use the demo replay candidates' }).click();
  await page.locator('#cand-summary').waitFor();
  await page.locator('#eval-run').click();
  await page.locator('.report').waitFor({ timeout: timeoutMs });
}
