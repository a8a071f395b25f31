/**
 * A resumable generation run over a benchmark: for each question without a
 * stored record, sample candidates and store the record at once, so a closed
 * tab loses at most the question in progress. Re-running the same run id
 * skips what is stored. The store is injected (IndexedDB in the browser, a Map
 * in tests).
 */
import type { BenchQuestion, CandidateRecord, QuestionRecord } from '../bench/types.ts';
import type { Schema } from '../schema.ts';
import type { CandidateGenerator, SampledCandidate } from './types.ts';

export interface RunStore {
  /** Records already stored for the run, by question id. */
  load(runId: string): Promise<Map<string, QuestionRecord>>;
  put(runId: string, record: QuestionRecord): Promise<void>;
}

export interface GenerationSettings {
  readonly n: number;
  readonly temperature: number;
  /** Base seed; question i of the benchmark uses seed + i. */
  readonly seed: number;
}

/** A sampled candidate as a candidate-file entry (an empty SQL when the reply held none). */
function toRecord(c: SampledCandidate & { token_logprobs?: readonly number[] }): CandidateRecord {
  return {
    sql: c.sql ?? '',
    source: c.source,
    ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
    ...(c.scores === undefined ? {} : { scores: c.scores }),
  };
}

/**
 * Generates what is missing and returns every record in question order.
 * Rejects when aborted (stored records stay) or when the generator fails.
 *
 * @example
 * const records = await runGeneration('run-1', questions, generator, schemaFor, store, { n: 8, temperature: 0.7, seed: 1 }, { signal });
 */
export async function runGeneration(
  runId: string,
  questions: readonly BenchQuestion[],
  generator: CandidateGenerator,
  schemaFor: (dbId: string) => Promise<Schema>,
  store: RunStore,
  settings: GenerationSettings,
  options: { signal?: AbortSignal; onProgress?: (p: { progress: number; text: string }) => void } = {},
): Promise<QuestionRecord[]> {
  const done = await store.load(runId);
  const out: QuestionRecord[] = [];
  for (const [i, q] of questions.entries()) {
    options.signal?.throwIfAborted();
    let record = done.get(q.id);
    if (record === undefined) {
      const sampled = await generator.sample(
        {
          schema: await schemaFor(q.db_id),
          question: q.question,
          ...(q.evidence ? { evidence: q.evidence } : {}),
          db_id: q.db_id,
          n: settings.n,
          temperature: settings.temperature,
          seed: settings.seed + i,
        },
        {
          ...(options.signal ? { signal: options.signal } : {}),
          onProgress: (p) =>
            options.onProgress?.({
              progress: (i + p.done / Math.max(1, p.total)) / questions.length,
              text: `question ${i + 1} of ${questions.length}: ${p.text}`,
            }),
        },
      );
      options.signal?.throwIfAborted();
      record = {
        id: q.id,
        db_id: q.db_id,
        question: q.question,
        ...(q.evidence ? { evidence: q.evidence } : {}),
        gold: q.gold,
        candidates: sampled.map(toRecord),
      };
      await store.put(runId, record);
    }
    out.push(record);
    options.onProgress?.({
      progress: (i + 1) / questions.length,
      text: `${i + 1} of ${questions.length} questions have candidates${done.has(q.id) ? ' (kept from before)' : ''}`,
    });
  }
  return out;
}
