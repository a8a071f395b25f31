/**
 * The page behind `npm run smoke:gpu`: the real adapter code on a real GPU.
 * It detects WebGPU, picks the model (the `model` query parameter, or the
 * default for this GPU), loads it in the model worker, samples `n` candidates
 * for a demo question over a tiny built-in schema, judges them, and posts a
 * report to the dev server (`/__smoke/report`), which prints it.
 * Query parameters: model, n (default 8), base (self-hosted model files), judge=0.
 */
import type { Schema } from '../src/core/schema.ts';
import { buildAppConfig, buildTimeModelBase } from '../src/engines/llm/app-config.ts';
import { createModelCache } from '../src/engines/llm/cache.ts';
import { detectWebGpu } from '../src/engines/llm/capabilities.ts';
import { chooseDefaultModel } from '../src/engines/llm/choose-model.ts';
import { createWebLlmGenerator } from '../src/engines/llm/generator.ts';
import { createJudge } from '../src/engines/llm/judge.ts';
import { checkModelFiles } from '../src/engines/llm/model-files.ts';
import type { LlmError } from '../src/engines/llm/types.ts';
import { LlmFailure } from '../src/engines/llm/failure.ts';
import { startWebLlm } from '../src/engines/llm/worker-engine.ts';

const col = (name: string, type: string, samples: string[], pk = 0) => ({ name, type, notNull: pk > 0, pk, samples });
const SCHEMA: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [
        col('singer_id', 'INTEGER', ['1', '2', '3'], 1),
        col('name', 'TEXT', ['Joe Sharp', 'Timbaland', 'Justin Brown']),
        col('country', 'TEXT', ['Netherlands', 'United States', 'France']),
        col('age', 'INTEGER', ['52', '32', '29']),
      ],
      primaryKey: ['singer_id'],
      foreignKeys: [],
      rowCount: 6,
      sql: '',
    },
  ],
};
const QUESTION = 'What are the names of the singers from France who are older than 30?';

const logEl = document.getElementById('log')!;
const lines: string[] = [];
function log(line: string): void {
  lines.push(line);
  logEl.textContent = lines.join('\n');
}

async function report(body: object): Promise<void> {
  const headers = { 'content-type': 'application/json' };
  await fetch('/__smoke/report', { method: 'POST', headers, body: JSON.stringify(body) });
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const present = (xs: readonly (number | undefined)[]): number[] => xs.filter((x): x is number => x !== undefined);

async function fail(stage: string, error: LlmError, extra: object = {}): Promise<void> {
  log(`${stage} failed: [${error.code}] ${error.message}`);
  await report({ ok: false, stage, error, ...extra });
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const n = Number(params.get('n') ?? '8');
  const detection = await detectWebGpu();
  if (!detection.ok) return fail('detect', detection.error);
  const { gpu } = detection;
  log(`GPU: ${gpu.vendor} ${gpu.architecture} ${gpu.description} fallback=${gpu.isFallbackAdapter}`);
  log(`features: ${gpu.features.join(', ')}`);
  const pick = chooseDefaultModel(gpu);
  const modelId = params.get('model') ?? pick.model.id;
  log(`model: ${modelId}${params.get('model') ? '' : ` (default: ${pick.reason})`}`);

  const appConfig = buildAppConfig({ base: params.get('base') ?? buildTimeModelBase(), location: location.href });
  const cache = createModelCache(appConfig);
  const cached = await cache.has(modelId);
  log(`cached before load: ${cached}; persistent storage: ${await cache.persist()}`);
  const files = await checkModelFiles(appConfig, modelId);
  if (!files.ok) return fail('probe', files.error, { gpu, modelId });
  const loadStart = performance.now();
  let lastTenth = -1;
  const started = await startWebLlm({
    modelId,
    appConfig,
    onProgress: (p) => {
      const tenth = Math.floor(p.progress * 10);
      if (tenth !== lastTenth) log(`load ${Math.round(p.progress * 100)}%: ${p.text}`);
      lastTenth = tenth;
    },
  });
  const loadSeconds = (performance.now() - loadStart) / 1000;
  if (!started.ok) return fail('load', started.error, { gpu, modelId, loadSeconds });
  log(`loaded in ${loadSeconds.toFixed(1)} s`);

  try {
    const genStart = performance.now();
    const candidates = await createWebLlmGenerator(started.engine, modelId).sample(
      { schema: SCHEMA, question: QUESTION, n, seed: 1 },
      { onProgress: (p) => log(p.text) },
    );
    const generateSeconds = (performance.now() - genStart) / 1000;
    const rows = candidates.map((c, i) => ({
      i,
      sql: c.sql,
      logprob: c.logprob,
      ms: c.usage?.ms,
      ttftSeconds: c.usage?.prefillSeconds,
      decodeTokensPerSecond: c.usage?.decodeTokensPerSecond,
      promptTokens: c.usage?.promptTokens,
      completionTokens: c.usage?.completionTokens,
    }));
    for (const r of rows) log(`#${r.i} ${r.ms?.toFixed(0)} ms, ${r.completionTokens} tok: ${r.sql ?? '(no SQL)'}`);
    let judge: object | undefined;
    if (params.get('judge') !== '0') {
      const judgeStart = performance.now();
      const scores = await createJudge(started.engine, modelId).scoreCandidates({
        schema: SCHEMA,
        question: QUESTION,
        sqls: candidates.map((c) => c.sql),
      });
      const distinct = new Set(candidates.flatMap((c) => (c.sql === null ? [] : [c.sql.trim()]))).size;
      judge = { scores, seconds: (performance.now() - judgeStart) / 1000, distinct };
      log(`judge scores: ${scores.map((s) => (s === null ? '-' : s.toFixed(2))).join(' ')}`);
    }
    const summary = {
      candidates: candidates.length,
      generateSeconds,
      meanCandidateMs: mean(present(rows.map((r) => r.ms))),
      meanTtftSeconds: mean(present(rows.map((r) => r.ttftSeconds))),
      meanDecodeTokensPerSecond: mean(present(rows.map((r) => r.decodeTokensPerSecond))),
    };
    log(`summary: ${JSON.stringify(summary)}`);
    await report({ ok: true, gpu, modelId, loadSeconds, rows, judge, summary });
  } catch (thrown) {
    const error: LlmError = thrown instanceof LlmFailure ? thrown.error : { code: 'ENGINE_ERROR', message: String(thrown) };
    await fail('generate', error, { gpu, modelId, loadSeconds });
  }
}

void main();
