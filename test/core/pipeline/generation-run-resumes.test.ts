import { describe, expect, it } from 'vitest';
import type { BenchQuestion, QuestionRecord } from '../../../src/core/bench/types.ts';
import { runGeneration, type RunStore } from '../../../src/core/pipeline/generation-run.ts';
import type { CandidateGenerator } from '../../../src/core/pipeline/types.ts';
import { schema } from './fixtures.ts';

const questions: BenchQuestion[] = ['q0', 'q1', 'q2', 'q3'].map((q, i) => ({ id: `dev-${i}`, db_id: 'shop', question: q, gold: 'SELECT 1' }));

function memoryStore(): RunStore & { data: Map<string, Map<string, QuestionRecord>> } {
  const data = new Map<string, Map<string, QuestionRecord>>();
  return {
    data,
    load: async (runId) => new Map(data.get(runId) ?? []),
    put: async (runId, record) => {
      if (!data.has(runId)) data.set(runId, new Map());
      data.get(runId)!.set(record.id, record);
    },
  };
}

function countingGenerator(stopAfter?: { count: number; controller: AbortController }): CandidateGenerator & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async sample(req) {
      asked.push(req.question);
      if (stopAfter && asked.length === stopAfter.count) stopAfter.controller.abort();
      return [
        { sql: `SELECT '${req.question}'`, source: 'model-x', logprob: -0.25 },
        { sql: null, source: 'model-x' },
      ];
    },
  };
}

describe('a resumable generation run', () => {
  it('keeps every finished question when stopped (not the one in progress), and a second run asks only for the rest', async () => {
    const store = memoryStore();
    const controller = new AbortController();
    const first = countingGenerator({ count: 2, controller });
    await expect(
      runGeneration('r1', questions, first, async () => schema, store, { n: 2, temperature: 0.7, seed: 5 }, { signal: controller.signal }),
    ).rejects.toBeDefined();
    expect([...store.data.get('r1')!.keys()]).toEqual(['dev-0']); // stopped while sampling q1

    const second = countingGenerator();
    const records = await runGeneration('r1', questions, second, async () => schema, store, { n: 2, temperature: 0.7, seed: 5 });
    expect(second.asked).toEqual(['q1', 'q2', 'q3']);
    expect(records.map((r) => r.id)).toEqual(['dev-0', 'dev-1', 'dev-2', 'dev-3']);
    expect(records[3]!.candidates).toEqual([
      { sql: "SELECT 'q3'", source: 'model-x', logprob: -0.25 },
      { sql: '', source: 'model-x' },
    ]);
    expect(records[3]!.gold).toBe('SELECT 1');
  });

  it('passes a per-question seed so a rerun samples the same way', async () => {
    const seeds: (number | undefined)[] = [];
    const gen: CandidateGenerator = { sample: async (req) => (seeds.push(req.seed), []) };
    await runGeneration('r2', questions, gen, async () => schema, memoryStore(), { n: 1, temperature: 0, seed: 10 });
    expect(seeds).toEqual([10, 11, 12, 13]);
  });
});
