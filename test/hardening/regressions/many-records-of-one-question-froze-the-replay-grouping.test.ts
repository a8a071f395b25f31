/**
 * The replay generator grouped a candidate file's records by question by
 * copying the question's list on every record: 120,000 records sharing one
 * question (15 MB) froze Ask 30–33 s in Chromium, quadratic in the records.
 * Grouping is now linear: 400,000 records of one question (about 80 billion
 * element copies the old way, minutes; now well under a second) are grouped
 * and the question answered from the first record, and Evaluate's grouping
 * by database (prepareAll) is linear the same way.
 */
import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { createReplayGenerator } from '../../../src/engines/llm/replay.ts';
import type { Schema } from '../../../src/core/schema.ts';

describe('a candidate file with many records of one question', () => {
  it('is grouped in linear time and replays the first record for that question', { timeout: 20_000 }, async () => {
    const records: QuestionRecord[] = Array.from({ length: 400_000 }, (_, i) => ({
      id: String(i),
      db_id: 'demo',
      question: 'How many books?',
      candidates: [{ sql: `SELECT ${i}` }],
    }));
    const generator = createReplayGenerator(records);
    const out = await generator.sample({ schema: { tables: [] } as unknown as Schema, question: 'how many books', db_id: 'demo' });
    expect(out.map((c) => c.sql)).toEqual(['SELECT 0']);
    // Without a database id the question is ambiguous (400,000 records have it) and is not guessed.
    await expect(generator.sample({ schema: { tables: [] } as unknown as Schema, question: 'How many books?' })).rejects.toMatchObject({
      error: { code: 'NOT_IN_REPLAY' },
    });
  });
});
