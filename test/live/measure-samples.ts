/**
 * Measures, on the real web-llm runtime (the release the app ships, in a
 * module worker as the app runs it) and the random-weight fixture model, what
 * N samples of one prompt cost in the ways web-llm's API allows:
 *   - `separate`: N requests with `n: 1` (what the app's generator sends);
 *   - `one-request`: one request with `n: N`;
 *   - `follow-up`: a first request, then the next sample as a further turn of
 *     the same conversation ([…, assistant: first answer, user: "Another."]),
 *     which web-llm answers from its KV cache, prefilling only the new turn.
 *     Its samples are not independent draws from the prompt (each sees the
 *     answers before it), so the app does not use it; it is measured to show
 *     what a prefix reuse would save.
 * Side by side in one run, on one loaded engine, with the compact prompt and a
 * `logit_bias` that forces the whole-query token (max_tokens 1); then one
 * request of 3 tokens for the cost of a token after the first. Prints one
 * `SAMPLES {json}` line: per variant, the requests' prompt tokens, prefill
 * and wall seconds.
 *
 * Run: `npm run measure:live [-- --n 2]` (needs ../shared/webllm-runtime and /usr/bin/chromium).
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../browser/static-server.ts';
import { buildFixtureModel } from './fixture-model.ts';
import { startModelServer } from './model-server.ts';

const LIBRARY = join(import.meta.dirname, '../../../shared/webllm-runtime/Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm');
const MODEL_ID = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const QUERY = 'SELECT count(*) FROM customers;';
const n = Number(process.argv[process.argv.indexOf('--n') + 1] ?? 2) || 2;

/** The page's side, as plain JavaScript (kept out of the TypeScript build, which would add helpers the page lacks). */
const PAGE_SCRIPT = `
import * as webllm from './web-llm/index.js';
window.measure = async ({ base, modelId, n, bias }) => {
  const appConfig = { model_list: [{ model: base + modelId + '/resolve/main/', model_id: modelId, model_lib: base + 'libs/Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm', overrides: { context_window_size: 4096 } }] };
  const t0 = performance.now();
  const engine = await webllm.CreateWebWorkerMLCEngine(new Worker('./worker.js', { type: 'module' }), modelId, { appConfig });
  const load_s = (performance.now() - t0) / 1000;
  const messages = [{ role: 'system', content: 'Write one SQLite query.' }, { role: 'user', content: 'How many customers are there?' }];
  const common = { max_tokens: 1, temperature: 0.7, logprobs: true, top_logprobs: 1, logit_bias: bias };
  const timed = async (request) => {
    const t = performance.now();
    const c = await engine.chat.completions.create(request);
    return { prompt_tokens: c.usage.prompt_tokens, prefill_s: c.usage.extra.time_to_first_token_s, wall_s: (performance.now() - t) / 1000, choices: c.choices.length, content: c.choices[0].message.content };
  };
  const separate = [];
  for (let i = 0; i < n; i++) separate.push(await timed({ ...common, messages, n: 1, seed: i + 1 }));
  const one_request = [await timed({ ...common, messages, n, seed: 1 })];
  const follow_up = [await timed({ ...common, messages, n: 1, seed: 1 })];
  let history = [...messages];
  for (let i = 1; i < n; i++) {
    history = [...history, { role: 'assistant', content: follow_up[follow_up.length - 1].content }, { role: 'user', content: 'Another.' }];
    follow_up.push(await timed({ ...common, messages: history, n: 1, seed: i + 1 }));
  }
  // One request of 3 tokens: what each token after the first costs.
  const t = performance.now();
  const d = await engine.chat.completions.create({ ...common, messages, n: 1, seed: 9, max_tokens: 3 });
  const decode = { prompt_tokens: d.usage.prompt_tokens, prefill_s: d.usage.extra.time_to_first_token_s, decode_tokens: d.usage.completion_tokens, decode_s_per_token: d.usage.extra.time_per_output_token_s, wall_s: (performance.now() - t) / 1000 };
  return { load_s, separate, one_request, follow_up, decode };
};
`;

const work = mkdtempSync(join(tmpdir(), 'confide-measure-'));
try {
  const fixture = buildFixtureModel(LIBRARY, join(work, 'model'));
  const host = await startModelServer({ modelId: MODEL_ID, modelDir: fixture.dir, libraryPath: LIBRARY });
  // A page and a worker that import the web-llm release the app ships, as the app's worker does.
  const lib = join(import.meta.dirname, '../../node_modules/@mlc-ai/web-llm/lib');
  writeFileSync(
    join(work, 'worker.js'),
    "import { WebWorkerMLCEngineHandler } from './web-llm/index.js';\nconst h = new WebWorkerMLCEngineHandler();\nself.onmessage = (e) => h.onmessage(e);\n",
  );
  writeFileSync(join(work, 'index.html'), "<!doctype html><script type=module src='./measure.js'></script>");
  writeFileSync(join(work, 'measure.js'), PAGE_SCRIPT);
  symlinkSync(lib, join(work, 'web-llm'));
  const server = await startStaticServer(work, '/m/');
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
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
  const tab = context.pages()[0] ?? (await context.newPage());
  await tab.goto(`${server.url}index.html`);
  await tab.waitForFunction(() => 'measure' in window);
  interface Timed {
    prompt_tokens: number;
    prefill_s: number;
    wall_s: number;
    choices: number;
    content: string;
  }
  const result = (await tab.evaluate((o) => (window as unknown as { measure(o: object): Promise<unknown> }).measure(o), {
    base: host.base('ok'),
    modelId: MODEL_ID,
    n,
    bias: { [fixture.tokenizer.queryIds[QUERY]!]: 30 },
  })) as { load_s: number; separate: Timed[]; one_request: Timed[]; follow_up: Timed[]; decode: object };
  const sum = (xs: { wall_s: number; prefill_s: number; prompt_tokens: number }[]) => ({
    prompt_tokens: xs.reduce((a, x) => a + x.prompt_tokens, 0),
    prefill_s: Number(xs.reduce((a, x) => a + x.prefill_s, 0).toFixed(1)),
    wall_s: Number(xs.reduce((a, x) => a + x.wall_s, 0).toFixed(1)),
  });
  const out = {
    runtime: `web-llm ${(JSON.parse(readFileSync(join(lib, '../package.json'), 'utf8')) as { version: string }).version}`,
    n,
    load_s: Number(result.load_s.toFixed(1)),
    separate: { ...sum(result.separate), requests: result.separate },
    one_request: { ...sum(result.one_request), requests: result.one_request },
    follow_up: { ...sum(result.follow_up), requests: result.follow_up },
    decode: result.decode,
  };
  console.log(`SAMPLES ${JSON.stringify(out)}`);
  await context.close();
  await server.close();
  await host.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
