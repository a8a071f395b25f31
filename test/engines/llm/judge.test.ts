import type { ChatCompletionRequest } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/core/schema.ts';
import { createJudge, JUDGE_TOP_LOGPROBS } from '../../../src/engines/llm/judge.ts';
import type { ModelRequest } from '../../../src/engines/llm/types.ts';
import { LlmFailure } from '../../../src/engines/llm/failure.ts';
import { FakeEngine, type FakeReply } from './fake-engine.ts';

const MODEL = 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC';
const schema: Schema = { tables: [] };
const question = 'How many singers are there?';

const isYesNo = (r: ChatCompletionRequest) => r.max_tokens === 1;
const sqlOf = (r: ChatCompletionRequest) => /```sql\n([\s\S]*?)\n```/.exec(String(r.messages[1]?.content))?.[1];

/** A first token with these top alternatives (probabilities). */
function firstToken(alternatives: Record<string, number>): FakeReply {
  const top = Object.entries(alternatives).map(([token, p]) => ({ token, logprob: Math.log(p) }));
  return { tokens: [{ token: top[0]!.token, logprob: top[0]!.logprob, top }] };
}

describe('LLM judge', () => {
  it('scores P(Yes) normalized over Yes/No variants from the first token, one request per distinct SQL', async () => {
    const engine = new FakeEngine((r) =>
      sqlOf(r) === 'SELECT count(*) FROM singer' ? firstToken({ Yes: 0.5, ' yes': 0.2, No: 0.2, The: 0.05 }) : firstToken({ No: 0.6, ' Yes': 0.2, '**': 0.1 }),
    );
    const scores = await createJudge(engine, MODEL).scoreCandidates({
      schema,
      question,
      sqls: ['SELECT count(*) FROM singer', 'SELECT name FROM singer', null, ' SELECT count(*) FROM singer '],
    });
    expect(scores[0]).toBeCloseTo(0.7 / 0.9, 10);
    expect(scores[1]).toBeCloseTo(0.2 / 0.8, 10);
    expect(scores[2]).toBeNull();
    expect(scores[3]).toBe(scores[0]);
    expect(engine.requests).toHaveLength(2);
    for (const r of engine.requests) {
      expect(r).toMatchObject({ max_tokens: 1, logprobs: true, top_logprobs: JUDGE_TOP_LOGPROBS, temperature: 1, n: 1 });
      expect(String(r.messages[1]?.content)).toMatch(/Answer Yes or No\.$/);
    }
  });

  it("asks the compact Yes/No question with the judge's logit_bias when set, and reports each request", async () => {
    const engine = new FakeEngine(() => firstToken({ No: 0.6, Yes: 0.3, w1: 0.1 }));
    const costs: ModelRequest[] = [];
    const judge = createJudge(engine, MODEL, { prompt: 'compact', logitBias: { '355': 15, '357': 14 }, onRequest: (r) => costs.push(r) });
    const [score] = await judge.scoreCandidates({ schema, question, sqls: ['SELECT count(*) FROM singer'] });
    expect(score).toBeCloseTo(0.3 / 0.9, 12);
    expect(engine.requests[0]).toMatchObject({ logit_bias: { '355': 15, '357': 14 }, temperature: 1, max_tokens: 1, top_logprobs: JUDGE_TOP_LOGPROBS });
    expect(engine.requests[0]!.messages.map((m) => m.content)).toEqual(['Answer Yes or No.', `${question}\nSELECT count(*) FROM singer`]);
    expect(costs).toMatchObject([{ kind: 'judge', finishReason: 'stop', promptTokens: 100 }]);
  });

  it('falls back to a verbalized 0–100 when Yes/No tokens are missing', async () => {
    const engine = new FakeEngine((r) => (isYesNo(r) ? firstToken({ The: 0.6, '**': 0.3, Based: 0.1 }) : { tokens: [{ token: '85', logprob: -0.1 }] }));
    const [score] = await createJudge(engine, MODEL).scoreCandidates({ schema, question, sqls: ['SELECT 1'] });
    expect(score).toBeCloseTo(0.85, 12);
    expect(engine.requests).toHaveLength(2);
    expect(engine.requests[1]).toMatchObject({ temperature: 0 });
    expect(String(engine.requests[1]!.messages[1]?.content)).toMatch(/Reply with the number only\.$/);
  });

  it('scores null when neither way gives a number, and skips the fallback when it is off', async () => {
    const engine = new FakeEngine((r) => (isYesNo(r) ? firstToken({ The: 0.9 }) : { tokens: [{ token: 'unsure', logprob: -1 }] }));
    expect(await createJudge(engine, MODEL).scoreCandidates({ schema, question, sqls: ['SELECT 1'] })).toEqual([null]);
    const quiet = new FakeEngine(() => firstToken({ The: 0.9 }));
    const off = createJudge(quiet, MODEL, { verbalizedFallback: false });
    expect(await off.scoreCandidates({ schema, question, sqls: ['SELECT 1'] })).toEqual([null]);
    expect(quiet.requests).toHaveLength(1);
  });

  it('returns all nulls without touching the engine when turned off', async () => {
    const engine = new FakeEngine(() => firstToken({ Yes: 1 }));
    const scores = await createJudge(engine, MODEL, { enabled: false }).scoreCandidates({ schema, question, sqls: ['a', 'b'] });
    expect(scores).toEqual([null, null]);
    expect(engine.requests).toHaveLength(0);
  });

  it('leaves the unscored candidates null when stopped', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine((_r, i) => {
      if (i === 1) controller.abort();
      return firstToken({ Yes: 0.8, No: 0.2 });
    });
    const scores = await createJudge(engine, MODEL).scoreCandidates(
      { schema, question, sqls: ['SELECT 1', 'SELECT 2', 'SELECT 3'] },
      { signal: controller.signal },
    );
    expect(scores[0]).toBeCloseTo(0.8, 12);
    expect(scores.slice(1)).toEqual([null, null]);
  });

  it('rejects with a typed failure when the engine fails', async () => {
    const engine = new FakeEngine(() => ({ throws: 'DeviceLostError: The WebGPU device was lost.' }));
    const failure = await createJudge(engine, MODEL)
      .scoreCandidates({ schema, question, sqls: ['SELECT 1'] })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmFailure);
    expect((failure as LlmFailure).error.code).toBe('DEVICE_LOST');
  });
});
