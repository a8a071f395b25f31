/**
 * Writes a candidate file with, for every benchmark question, its gold query
 * and a deliberately wrong twin that drops the gold result's first row:
 * `SELECT * FROM (<gold>) LIMIT -1 OFFSET 1`. The twin is incorrect exactly
 * when the gold result is not empty (two empty results are equal under both
 * rules), so the expected labels are known in advance. Used to check
 * `confide label` end to end.
 *
 *   npx tsx scripts/make-twins.ts --bench DIR [--split dev] --out FILE.jsonl
 */
import { parseArgs } from 'node:util';
import type { QuestionRecord } from '../src/core/bench/types.ts';
import { loadBenchmark, writeCandidateFileAtomic } from '../src/node/bench.ts';

const { values } = parseArgs({ options: { bench: { type: 'string' }, split: { type: 'string', default: 'dev' }, out: { type: 'string' } } });
if (!values.bench || !values.out) {
  process.stderr.write('usage: make-twins.ts --bench DIR [--split dev] --out FILE.jsonl\n');
  process.exit(2);
}
const bench = await loadBenchmark(values.bench, { split: values.split });
const strip = (sql: string): string => sql.trim().replace(/;+\s*$/, '');
const records: QuestionRecord[] = bench.questions.map((q) => ({
  id: q.id,
  db_id: q.db_id,
  question: q.question,
  candidates: [
    { sql: q.gold, source: 'gold' },
    { sql: `SELECT * FROM (${strip(q.gold)}) LIMIT -1 OFFSET 1`, source: 'twin:drop-first-row' },
  ],
}));
await writeCandidateFileAtomic(values.out, records);
process.stderr.write(`${records.length} questions (${bench.skipped} skipped: missing database) → ${values.out}\n`);
