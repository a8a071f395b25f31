/**
 * Fills in each candidate record's gold SQL from the benchmark.
 *
 * Order of preference: the record's own `gold`; else the benchmark question
 * with the same id, db_id and question; else the question with the same
 * db_id and question text (compared after trimming). When several questions
 * share that db_id and text with different gold SQL, the first in file order
 * is used and the record is counted as `ambiguous`.
 */
import type { BenchQuestion, QuestionRecord } from './types.ts';

/** Records with gold filled where possible, and what could not be resolved. */
export interface GoldResolution {
  readonly records: QuestionRecord[];
  /** How many records still have no gold. */
  readonly missing: number;
  /** Ids of those records, in file order. */
  readonly missingIds: string[];
  /** How many golds were picked among several differing ones. */
  readonly ambiguous: number;
}

/**
 * Resolves gold SQL for candidate records against benchmark questions.
 *
 * @example
 * const { records, missing } = resolveGold(parsed.records, bench.questions);
 * if (missing > 0) console.warn(`${missing} records have no gold`);
 */
export function resolveGold(records: readonly QuestionRecord[], questions: readonly BenchQuestion[]): GoldResolution {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const byText = new Map<string, BenchQuestion[]>();
  for (const q of questions) {
    const key = textKey(q.db_id, q.question);
    byText.set(key, [...(byText.get(key) ?? []), q]);
  }
  const missingIds: string[] = [];
  let ambiguous = 0;
  const out = records.map((record) => {
    if (record.gold !== undefined) return record;
    const sameId = byId.get(record.id);
    if (sameId && textKey(sameId.db_id, sameId.question) === textKey(record.db_id, record.question)) {
      return { ...record, gold: sameId.gold };
    }
    const matches = byText.get(textKey(record.db_id, record.question)) ?? [];
    if (matches.length === 0) {
      missingIds.push(record.id);
      return record;
    }
    if (new Set(matches.map((q) => q.gold)).size > 1) ambiguous++;
    return { ...record, gold: matches[0]!.gold };
  });
  return { records: out, missing: missingIds.length, missingIds, ambiguous };
}

function textKey(dbId: string, question: string): string {
  return `${dbId}\u0000${question.trim()}`;
}
