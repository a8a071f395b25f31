import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { createReplayGenerator, normalizeQuestion } from '../../../src/engines/llm/replay.ts';
import { LlmFailure } from '../../../src/engines/llm/failure.ts';

const schema = { tables: [] };
const records: QuestionRecord[] = [
  {
    id: 'demo-0',
    db_id: 'shop',
    question: 'How many books are there?',
    candidates: [
      { sql: 'SELECT count(*) FROM book', logprob: -0.2, token_logprobs: [-0.1, -0.3], source: 'qwen-1.5b', scores: { judge: 0.9 } },
      { sql: 'SELECT count(*) FROM books', logprob: -0.9, source: 'qwen-1.5b' },
      { sql: '' },
    ],
  },
  { id: 'demo-1', db_id: 'other', question: 'How many books are there?', candidates: [{ sql: 'SELECT 1' }] },
  { id: 'demo-2', db_id: 'shop', question: 'List all authors.', candidates: [{ sql: 'SELECT name FROM author' }] },
];

describe('replay generator', () => {
  const generator = createReplayGenerator(records);

  it('returns the recorded candidates for a question, matched by normalized text and db_id', async () => {
    const out = await generator.sample({ schema, question: '  how many BOOKS are there ', db_id: 'shop' });
    expect(out.map((c) => c.sql)).toEqual(['SELECT count(*) FROM book', 'SELECT count(*) FROM books', null]);
    expect(out[0]).toMatchObject({ logprob: -0.2, token_logprobs: [-0.1, -0.3], source: 'qwen-1.5b', scores: { judge: 0.9 } });
    expect(out[2]).toMatchObject({ source: 'replay', error: { code: 'NO_SQL' } });
  });

  it('tells databases apart', async () => {
    const out = await generator.sample({ schema, question: 'How many books are there?', db_id: 'other' });
    expect(out.map((c) => c.sql)).toEqual(['SELECT 1']);
  });

  it('takes the first n candidates when n is given', async () => {
    const out = await generator.sample({ schema, question: 'How many books are there?', db_id: 'shop', n: 1 });
    expect(out).toHaveLength(1);
  });

  it('matches by question alone only when that question is unique', async () => {
    expect(await generator.sample({ schema, question: 'List all authors' })).toHaveLength(1);
    await expect(generator.sample({ schema, question: 'How many books are there?' })).rejects.toBeInstanceOf(LlmFailure);
  });

  it('rejects an unknown question with NOT_IN_REPLAY, saying live generation needs WebGPU', async () => {
    const failure = await generator.sample({ schema, question: 'Who wrote the most books?', db_id: 'shop' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmFailure);
    const { error } = failure as LlmFailure;
    expect(error.code).toBe('NOT_IN_REPLAY');
    expect(error.message).toMatch(/WebGPU/);
  });

  it('stops when aborted and reports progress per candidate', async () => {
    expect(await generator.sample({ schema, question: 'List all authors.', db_id: 'shop' }, { signal: AbortSignal.abort() })).toEqual([]);
    const done: number[] = [];
    await generator.sample({ schema, question: 'How many books are there?', db_id: 'shop' }, { onProgress: (p) => done.push(p.done) });
    expect(done).toEqual([1, 2, 3]);
  });

  it('normalizes case, spacing, Unicode width and trailing punctuation', () => {
    expect(normalizeQuestion('  How\tmany  ＢＯＯＫＳ?! ')).toBe('how many books');
  });
});
