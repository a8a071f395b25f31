import type { MLCEngineInterface } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { candidateSeed } from '../../../src/core/prompt/seeds.ts';
import type { Schema } from '../../../src/core/schema.ts';
import type { LlmEngine } from '../../../src/engines/llm/engine.ts';
import { createWebLlmGenerator } from '../../../src/engines/llm/generator.ts';
import type { ModelRequest, SampleProgress } from '../../../src/engines/llm/types.ts';
import { LlmFailure } from '../../../src/engines/llm/failure.ts';
import { FakeEngine, reply, webLlmError } from './fake-engine.ts';

// Compile-time: web-llm's own engines satisfy the interface the adapter needs.
null as unknown as MLCEngineInterface satisfies LlmEngine;

const MODEL = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const schema: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [{ name: 'name', type: 'TEXT', notNull: false, pk: 0, samples: ['Joe'] }],
      primaryKey: [],
      foreignKeys: [],
      rowCount: 1,
      sql: '',
    },
  ],
};
const question = 'What are the names of all singers?';

describe('web-llm generator', () => {
  it('sends N separate streamed requests with n=1, logprobs and top_logprobs=1, and the usage chunk', async () => {
    const engine = new FakeEngine(() => reply('```sql\nSELECT name FROM singer\n```'));
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 3, temperature: 0.7 });
    expect(out).toHaveLength(3);
    expect(engine.requests).toHaveLength(3);
    for (const r of engine.requests) {
      expect(r).toMatchObject({ n: 1, stream: true, stream_options: { include_usage: true }, logprobs: true, top_logprobs: 1, temperature: 0.7, model: MODEL });
      expect(r.messages[1]?.content).toContain(`Question: ${question}`);
    }
  });

  it('defaults to 8 candidates at temperature 0.7', async () => {
    const engine = new FakeEngine(() => reply('SELECT 1'));
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question });
    expect(out).toHaveLength(8);
    expect(engine.requests.every((r) => r.temperature === 0.7 && r.max_tokens === 512)).toBe(true);
  });

  it('stores per-token logprobs and their mean, the raw reply, the extracted SQL and its source', async () => {
    const tokens = [
      { token: 'SELECT', logprob: -0.5 },
      { token: ' name', logprob: -1.5 },
      { token: ' FROM singer', logprob: -1 },
    ];
    const engine = new FakeEngine(() => ({ tokens }));
    const [c] = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 1 });
    expect(c).toMatchObject({ sql: 'SELECT name FROM singer', raw: 'SELECT name FROM singer', source: MODEL });
    expect(c!.token_logprobs).toEqual([-0.5, -1.5, -1]);
    expect(c!.logprob).toBeCloseTo(-1, 12);
    expect(c!.error).toBeUndefined();
    expect(c!.usage).toMatchObject({ promptTokens: 100, completionTokens: 3 });
  });

  it('clamps a log-probability a hair above 0 (float32 softmax) to 0', async () => {
    const engine = new FakeEngine(() => ({ tokens: [{ token: 'SELECT 1', logprob: 1e-7 }] }));
    const [c] = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 1 });
    expect(c!.token_logprobs).toEqual([0]);
    expect(c!.logprob).toBe(0);
  });

  it('turns a reply without SQL into a NO_SQL candidate instead of failing', async () => {
    const engine = new FakeEngine((_r, i) => reply(i === 0 ? 'Sorry, I cannot help with that.' : 'SELECT 1'));
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 2 });
    expect(out[0]).toMatchObject({ sql: null, raw: 'Sorry, I cannot help with that.', error: { code: 'NO_SQL' } });
    expect(out[1]).toMatchObject({ sql: 'SELECT 1' });
  });

  it('marks a reply cut by the token limit as truncated', async () => {
    const engine = new FakeEngine(() => reply('SELECT name FROM', -0.1, { finish: 'length' }));
    const [c] = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 1, maxTokens: 3 });
    expect(c!.truncated).toBe(true);
    expect(engine.requests[0]!.max_tokens).toBe(3);
  });

  it('derives one integer seed per candidate from the base seed, and none without one', async () => {
    const engine = new FakeEngine(() => reply('SELECT 1'));
    const generator = createWebLlmGenerator(engine, MODEL);
    await generator.sample({ schema, question, n: 4, seed: 99 });
    expect(engine.requests.map((r) => r.seed)).toEqual([0, 1, 2, 3].map((i) => candidateSeed(99, i)));
    await generator.sample({ schema, question, n: 1 });
    expect(engine.requests[4]!.seed).toBeUndefined();
  });

  it('reports progress after each candidate', async () => {
    const engine = new FakeEngine(() => reply('SELECT 1'));
    const seen: SampleProgress[] = [];
    await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 3 }, { onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => [p.done, p.total])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stops mid-way when aborted: interrupts the engine, returns the finished candidates, drops the partial one', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine((_r, i) => {
      if (i === 2) setTimeout(() => controller.abort(), 30);
      return reply('SELECT name FROM singer WHERE name = 1', -0.2, { msPerToken: 10 });
    });
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 8 }, { signal: controller.signal });
    expect(out).toHaveLength(2);
    expect(out.every((c) => c.sql === 'SELECT name FROM singer WHERE name = 1')).toBe(true);
    expect(engine.interrupts).toBeGreaterThanOrEqual(1);
    expect(engine.requests).toHaveLength(3);
  });

  it('repeats the interrupt when the first one arrives before the engine starts the request', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine(() => reply('SELECT 1 '.repeat(60), -0.2, { msPerToken: 10 }), {}, 40);
    setTimeout(() => controller.abort(), 5);
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question, n: 1 }, { signal: controller.signal });
    expect(out).toEqual([]);
    expect(engine.interrupts).toBeGreaterThanOrEqual(2);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const engine = new FakeEngine(() => reply('SELECT 1'));
    const out = await createWebLlmGenerator(engine, MODEL).sample({ schema, question }, { signal: AbortSignal.abort() });
    expect(out).toEqual([]);
    expect(engine.requests).toHaveLength(0);
  });

  it('rejects with a typed failure carrying the finished candidates when the device is lost mid-way', async () => {
    const engine = new FakeEngine((_r, i) =>
      i < 2 ? reply('SELECT 1') : { throws: webLlmError('DeviceLostError', 'The WebGPU device was lost while loading the model.') },
    );
    const failure = await createWebLlmGenerator(engine, MODEL)
      .sample({ schema, question, n: 5 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmFailure);
    const f = failure as LlmFailure;
    expect(f.error).toMatchObject({ code: 'DEVICE_LOST', modelId: MODEL, recovery: 'choose-smaller-model' });
    expect(f.partial).toHaveLength(2);
  });

  it('sends the compact prompt, a logit_bias and its own most tokens when set, and reports each request with its finish reason', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine((_r, i) => {
      if (i === 1) setTimeout(() => controller.abort(), 30);
      return reply('SELECT count(*) FROM singer', -0.1, i === 1 ? { msPerToken: 20 } : { finish: 'length' });
    });
    const costs: ModelRequest[] = [];
    const generator = createWebLlmGenerator(engine, MODEL, { prompt: 'compact', maxTokens: 2, logitBias: { '635': 30 }, onRequest: (r) => costs.push(r) });
    const out = await generator.sample({ schema, question, n: 2 }, { signal: controller.signal });
    expect(out).toHaveLength(1);
    expect(engine.requests[0]).toMatchObject({ max_tokens: 2, logit_bias: { '635': 30 } });
    expect(engine.requests[0]!.messages.map((m) => m.content)).toEqual(['Write one SQLite query.', question]);
    expect(costs.map((c) => [c.kind, c.finishReason])).toEqual([
      ['sample', 'length'],
      ['sample', 'abort'],
    ]);
    expect(costs[0]).toMatchObject({ promptTokens: 100, prefillSeconds: 0.1 });
    expect(costs[0]!.decodeSeconds).toBeCloseTo(costs[0]!.completionTokens * 0.02, 12);
    // A request's own maxTokens wins over the generator's.
    await generator.sample({ schema, question, n: 1, maxTokens: 5 });
    expect(engine.requests[2]!.max_tokens).toBe(5);
  });

  it("samples again after a Cancel (web-llm 0.2.79 leaves a non-streaming request's interrupt set; a stream clears it)", async () => {
    const controller = new AbortController();
    const engine = new FakeEngine((_r, i) => {
      if (i === 0) setTimeout(() => controller.abort(), 30);
      return reply('SELECT name FROM singer WHERE name = 1', -0.2, { msPerToken: 10 });
    });
    const generator = createWebLlmGenerator(engine, MODEL);
    expect(await generator.sample({ schema, question, n: 2 }, { signal: controller.signal })).toEqual([]);
    // A request sent without a stream now would end at once: the flag is still set …
    const stale = await engine.chat.completions.create({ messages: [{ role: 'user', content: 'q' }], stream: false });
    expect(stale.choices[0]).toMatchObject({ finish_reason: 'abort', message: { content: '' } });
    // … while the generator's streamed requests clear it.
    const next = await generator.sample({ schema, question, n: 2 });
    expect(next.map((c) => c.sql)).toEqual(['SELECT name FROM singer WHERE name = 1', 'SELECT name FROM singer WHERE name = 1']);
  });

  it('rejects a broken request before calling the engine', async () => {
    const engine = new FakeEngine(() => reply('SELECT 1'));
    const generator = createWebLlmGenerator(engine, MODEL);
    await expect(generator.sample({ schema, question, n: 33 })).rejects.toThrow(RangeError);
    await expect(generator.sample({ schema, question, n: 0 })).rejects.toThrow(RangeError);
    await expect(generator.sample({ schema, question, seed: 1.5 })).rejects.toThrow(RangeError);
    await expect(generator.sample({ schema, question, temperature: -1 })).rejects.toThrow(RangeError);
    expect(engine.requests).toHaveLength(0);
  });
});
