/**
 * The first screen as a person meets it: the app built with Vite into a
 * temporary folder, served under a sub-path, and opened in headless Chromium
 * (playwright-core, as the browser tests do) several times, each in a fresh
 * browser context (no cache, no storage). An init script records, on the
 * page's own clock (milliseconds since navigation started), when the demo
 * database is reported open and when the first example chip appears, so the
 * figure includes no polling delay of the driver. Medians over the loads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { buildDemo } from '../scripts/build-demo.ts';
import { launchChromium } from '../test/browser/harness.ts';
import { startStaticServer } from '../test/browser/static-server.ts';

export interface FirstScreenFigure {
  /** Median milliseconds from navigation to the first example chip. */
  readonly chipsMs: number;
  /** Median milliseconds from navigation to the demo database reported open. */
  readonly databaseMs: number;
  /** Median milliseconds from navigation to every chip labelled (answers or abstains). */
  readonly labelledMs: number;
  readonly loads: readonly { chips: number; database: number; labelled: number }[];
}

/** Marks the page's first chip, first labelled set and open database on its own clock. */
const WATCH = `
  window.__firstScreen = {};
  new MutationObserver(() => {
    const t = performance.now(), m = window.__firstScreen;
    if (m.database === undefined && document.querySelector('.db-status')?.textContent?.includes('demo.sqlite')) m.database = t;
    const chips = document.querySelectorAll('.example-chips .chip');
    if (m.chips === undefined && chips.length > 0) m.chips = t;
    if (m.labelled === undefined && chips.length > 0 && [...chips].every((c) => c.dataset.kind === 'answer' || c.dataset.kind === 'abstain')) m.labelled = t;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Builds the app, opens it `loads` times and gives the medians.
 *
 * @example const r = await benchFirstScreen(7); console.log(r.chipsMs, r.databaseMs);
 */
export async function benchFirstScreen(loads = 7): Promise<FirstScreenFigure> {
  const outDir = mkdtempSync(join(tmpdir(), 'confide-first-screen-'));
  try {
    await buildDemo();
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    const server = await startStaticServer(outDir, '/first/screen/');
    const { browser, cleanup } = await launchChromium();
    try {
      const seen: { chips: number; database: number; labelled: number }[] = [];
      for (let i = 0; i <= loads; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const page = await context.newPage();
          await page.addInitScript(WATCH);
          await page.goto(server.url);
          await page.waitForFunction(() => (window as unknown as { __firstScreen: { labelled?: number } }).__firstScreen.labelled !== undefined, undefined, {
            timeout: 60_000,
          });
          const m = await page.evaluate(() => (window as unknown as { __firstScreen: { chips: number; database: number; labelled: number } }).__firstScreen);
          if (i > 0) seen.push(m); // the first load warms the static server and the disk cache
        } finally {
          await context.close();
        }
      }
      return {
        chipsMs: median(seen.map((s) => s.chips)),
        databaseMs: median(seen.map((s) => s.database)),
        labelledMs: median(seen.map((s) => s.labelled)),
        loads: seen,
      };
    } finally {
      await browser.close();
      cleanup();
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
