import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBenchmark } from '../../src/node/bench.ts';

// Opt-in: runs only where the Spider folder is present (it is never copied into the repo).
const SPIDER = resolve(import.meta.dirname, '../../../shared/data/spider');
const present = existsSync(resolve(SPIDER, 'dev.json'));
if (!present) console.warn(`bench-spider: skipped, no Spider data at ${SPIDER}`);

describe.runIf(present)('loadBenchmark on the Spider folder (../shared/data/spider)', () => {
  it('reads 1034 dev questions and skips the 62 whose database (wta_1) is missing', async () => {
    const bench = await loadBenchmark(SPIDER, { split: 'dev' });
    expect(bench.layout).toBe('spider');
    expect(bench.questions.length + bench.skipped).toBe(1034);
    expect(bench.missingDbs).toEqual([{ db_id: 'wta_1', questions: 62 }]);
    expect(bench.skipped).toBe(62);
    expect(bench.questions).toHaveLength(972);
    expect(bench.questions[0]!.id).toBe('dev-0');
    expect(existsSync(bench.dbPath(bench.questions[0]!.db_id))).toBe(true);
  });
});
