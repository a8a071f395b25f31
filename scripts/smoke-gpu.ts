/**
 * `npm run smoke:gpu`: checks the live model path on a machine with a GPU.
 * Serves scripts/smoke-gpu.html with Vite; the page loads a model with web-llm
 * in the model worker, samples candidates for a demo question, judges them,
 * and posts a report back here, which prints load time, tokens per second,
 * time to first token and the cost of each candidate.
 *
 *   npm run smoke:gpu                                  # open the printed URL in Chrome/Edge
 *   npm run smoke:gpu -- --browser /usr/bin/google-chrome --headed
 *   npm run smoke:gpu -- --model Qwen2.5-Coder-0.5B-Instruct-q4f16_1-MLC --n 4 --base models/
 *
 * Options: --model <id> (default: the page's choice for the GPU), --n <count> (8),
 * --base <url> (self-hosted model files, see docs/models-hosting.md), --no-judge,
 * --port <port> (5199), --browser <executable> (drive that Chromium through
 * playwright-core instead of waiting for a person), --headed, --no-sandbox (needed as root),
 * --timeout <seconds> (900).
 * Exit code: 0 when candidates were generated, 1 on a failure, 2 on a timeout.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer, type Plugin } from 'vite';

const { values: opts } = parseArgs({
  options: {
    model: { type: 'string' },
    n: { type: 'string', default: '8' },
    base: { type: 'string' },
    'no-judge': { type: 'boolean', default: false },
    port: { type: 'string', default: '5199' },
    browser: { type: 'string' },
    headed: { type: 'boolean', default: false },
    'no-sandbox': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '900' },
  },
});

type Report = Record<string, unknown> & { ok: boolean };

/** Receives the page's report on POST /__smoke/report. */
function reportPlugin(onReport: (r: Report) => void): Plugin {
  return {
    name: 'confide-smoke-report',
    configureServer(server) {
      server.middlewares.use('/__smoke/report', (req: IncomingMessage, res: ServerResponse) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          res.statusCode = 204;
          res.end();
          onReport(JSON.parse(body) as Report);
        });
      });
    },
  };
}

const fmt = (x: unknown, digits = 2): string => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');

function print(r: Report): void {
  if (r.gpu !== undefined) console.log(`\nGPU: ${JSON.stringify(r.gpu)}`);
  if (!r.ok) {
    const after = r.loadSeconds === undefined ? '' : ` after ${fmt(r.loadSeconds)} s`;
    const model = String(r.modelId ?? '-');
    console.log(`FAILED at ${String(r.stage)}${after} (model ${model}): ${JSON.stringify(r.error, null, 2)}`);
    return;
  }
  const summary = r.summary as Record<string, number>;
  console.log(`model ${String(r.modelId)}, loaded in ${fmt(r.loadSeconds, 1)} s`);
  console.log('  #   ms      ttft s  tok/s   prompt  output  SQL');
  for (const row of r.rows as Record<string, unknown>[]) {
    const cells = [
      String(row.i).padEnd(3),
      fmt(row.ms, 0).padEnd(7),
      fmt(row.ttftSeconds).padEnd(7),
      fmt(row.decodeTokensPerSecond, 1).padEnd(7),
      String(row.promptTokens).padEnd(7),
      String(row.completionTokens).padEnd(7),
      String(row.sql ?? '(no SQL)').replace(/\s+/g, ' '),
    ];
    console.log(`  ${cells.join(' ')}`);
  }
  console.log(
    `mean per candidate ${fmt(summary.meanCandidateMs, 0)} ms, ` +
      `time to first token ${fmt(summary.meanTtftSeconds)} s, ` +
      `decode ${fmt(summary.meanDecodeTokensPerSecond, 1)} tokens/s; ` +
      `${summary.candidates} candidates in ${fmt(summary.generateSeconds, 1)} s`,
  );
  if (r.judge !== undefined) {
    const j = r.judge as { scores: (number | null)[]; seconds: number; distinct: number };
    const scores = j.scores.map((s) => fmt(s)).join(' ');
    console.log(`judge: ${j.distinct} distinct queries in ${fmt(j.seconds, 1)} s; scores ${scores}`);
  }
}

async function main(): Promise<number> {
  let settle: (r: Report) => void = () => undefined;
  const reported = new Promise<Report>((r) => (settle = r));
  const root = resolve(import.meta.dirname, '..');
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { host: '127.0.0.1', port: Number(opts.port), strictPort: false },
    plugins: [reportPlugin((r) => settle(r))],
    logLevel: 'warn',
  });
  await server.listen();
  const address = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${opts.port}/`;
  const query = new URLSearchParams({ n: opts.n });
  if (opts.model !== undefined) query.set('model', opts.model);
  if (opts.base !== undefined) query.set('base', opts.base);
  if (opts['no-judge']) query.set('judge', '0');
  const url = `${address}scripts/smoke-gpu.html?${query}`;
  console.log(`Open ${url} in a browser with WebGPU (Chrome or Edge); waiting for its report…`);

  let closeBrowser = async (): Promise<void> => undefined;
  if (opts.browser !== undefined) {
    // playwright-core gives the browser a fresh temporary profile of its own.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: opts.browser,
      headless: !opts.headed,
      args: ['--enable-unsafe-webgpu', '--no-first-run', ...(opts['no-sandbox'] ? ['--no-sandbox'] : [])],
    });
    closeBrowser = () => browser.close();
    const page = await browser.newPage();
    page.on('console', (m) => console.log(`[page] ${m.text()}`));
    page.on('pageerror', (e) => console.log(`[page error] ${String(e)}`));
    await page.goto(url);
  }

  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Number(opts.timeout) * 1000).unref());
  const outcome = await Promise.race([reported, timeout]).finally(async () => {
    await closeBrowser();
    await server.close();
  });
  if (outcome === 'timeout') {
    console.log(`No report within ${opts.timeout} s.`);
    return 2;
  }
  print(outcome);
  return outcome.ok ? 0 : 1;
}

process.exitCode = await main();
