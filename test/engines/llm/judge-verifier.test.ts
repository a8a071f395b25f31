import { describe, expect, it } from 'vitest';
import type { VerifierInput } from '../../../src/core/pipeline/types.ts';
import { createJudge } from '../../../src/engines/llm/judge.ts';
import { createJudgeVerifier } from '../../../src/engines/llm/judge-verifier.ts';
import { FakeEngine } from './fake-engine.ts';

const MODEL = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const run = (index: number, sql: string | null) => ({ index, sql, source: 'test', fingerprint: null, scores: {} });
const input = (sqls: (string | null)[]) =>
  ({
    question: 'How many singers?',
    schema: { tables: [] },
    candidates: sqls.map((s, i) => run(i, s)),
    clusters: {},
  }) as unknown as VerifierInput;

describe('judge as a pipeline verifier', () => {
  it('is named judge and returns one score per candidate', async () => {
    const engine = new FakeEngine(() => ({
      tokens: [
        {
          token: 'Yes',
          logprob: Math.log(0.9),
          top: [
            { token: 'Yes', logprob: Math.log(0.9) },
            { token: 'No', logprob: Math.log(0.1) },
          ],
        },
      ],
    }));
    const v = createJudgeVerifier(createJudge(engine, MODEL));
    expect(v.name).toBe('judge');
    const out = await v.score(input(['SELECT 1', null, 'SELECT 1']));
    expect(out.ok).toBe(true);
    const scores = out.ok ? out.scores : [];
    expect(scores[0]).toBeCloseTo(0.9, 12);
    expect(scores[1]).toBeNull();
    expect(scores[2]).toBe(scores[0]);
  });

  it('returns an engine failure as data with its code', async () => {
    const engine = new FakeEngine(() => ({ throws: 'DeviceLostError: The WebGPU device was lost.' }));
    const out = await createJudgeVerifier(createJudge(engine, MODEL)).score(input(['SELECT 1']));
    expect(out).toMatchObject({ ok: false, error: { code: 'DEVICE_LOST' } });
  });
});
