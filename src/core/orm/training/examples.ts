/**
 * Turns labeled candidate records (the candidate-file format, `correct` set
 * per candidate) into ORM examples.
 *
 * Rules: candidates without a `correct` label are skipped; so are candidates
 * that failed to execute during labeling (`exec_error`, as GradeSQL
 * discards them) unless `keepErrors`; a SQL text repeated within one question
 * counts once; a question whose database has no schema is skipped. With the
 * featurizer's `agreement` on, every kept candidate must carry
 * `scores.exec_share`, `scores.struct_share` and `scores.string_share`.
 */
import type { QuestionRecord } from '../../bench/types.ts';
import type { GroupedExample } from './evaluate.ts';
import { featurize, type Agreement, type OrmItem } from '../featurize.ts';
import type { FeaturizerConfig } from '../layout.ts';
import type { Schema } from '../../schema.ts';

export interface ExampleStats {
  readonly questions: number;
  readonly examples: number;
  readonly positives: number;
  readonly unlabeled: number;
  readonly execErrors: number;
  readonly duplicates: number;
  /** Questions skipped because their database had no schema, by db_id. */
  readonly missingSchema: Readonly<Record<string, number>>;
}

/** One kept candidate, ready to featurize or score. */
export interface LabeledItem {
  readonly item: OrmItem;
  readonly y: 0 | 1;
  /** The question id. */
  readonly question: string;
  /** The database id. */
  readonly group: string;
  /** The candidate's `source` (`gold`, `mutation:<kind>`, …), when the file says. */
  readonly source?: string;
}

export interface ExampleOptions {
  readonly keepErrors?: boolean;
  readonly onProgress?: (p: { progress: number; text: string }) => void;
}

const AGREEMENT_KEYS = ['exec_share', 'struct_share', 'string_share'] as const;

function agreementOf(scores: Readonly<Record<string, number>> | undefined, where: string): Agreement {
  const missing = AGREEMENT_KEYS.filter((k) => typeof scores?.[k] !== 'number');
  if (missing.length > 0) throw new RangeError(`${where} lacks scores.${missing.join(', scores.')}; --agreement needs all three on every candidate`);
  return { exec_share: scores!.exec_share!, struct_share: scores!.struct_share!, string_share: scores!.string_share! };
}

/**
 * Applies the rules above; `schemas` maps db_id → schema.
 *
 * @example
 * const { items, stats } = labeledItems(records, schemas, { agreement: false });
 */
export function labeledItems(
  records: readonly QuestionRecord[],
  schemas: ReadonlyMap<string, Schema>,
  config: Pick<FeaturizerConfig, 'agreement'>,
  options: ExampleOptions = {},
): { items: LabeledItem[]; stats: ExampleStats } {
  const items: LabeledItem[] = [];
  const missingSchema: Record<string, number> = {};
  let unlabeled = 0;
  let execErrors = 0;
  let duplicates = 0;
  let questions = 0;
  for (const r of records) {
    const schema = schemas.get(r.db_id);
    if (schema === undefined) {
      missingSchema[r.db_id] = (missingSchema[r.db_id] ?? 0) + 1;
      continue;
    }
    const seen = new Set<string>();
    let kept = 0;
    r.candidates.forEach((c, ci) => {
      if (c.correct === undefined) {
        unlabeled++;
        return;
      }
      if (c.exec_error !== undefined && !options.keepErrors) {
        execErrors++;
        return;
      }
      if (seen.has(c.sql)) {
        duplicates++;
        return;
      }
      seen.add(c.sql);
      const agreement = config.agreement ? agreementOf(c.scores, `question ${r.id} candidate ${ci}`) : undefined;
      const item: OrmItem = { question: r.question, sql: c.sql, schema, ...(r.evidence ? { evidence: r.evidence } : {}), ...(agreement ? { agreement } : {}) };
      items.push({ item, y: c.correct ? 1 : 0, question: r.id, group: r.db_id, ...(c.source !== undefined ? { source: c.source } : {}) });
      kept++;
    });
    if (kept > 0) questions++;
  }
  const positives = items.filter((e) => e.y === 1).length;
  return { items, stats: { questions, examples: items.length, positives, unlabeled, execErrors, duplicates, missingSchema } };
}

/**
 * Builds featurized training examples.
 *
 * @example
 * const { examples, stats } = buildExamples(records, schemas, DEFAULT_FEATURIZER);
 */
export function buildExamples(
  records: readonly QuestionRecord[],
  schemas: ReadonlyMap<string, Schema>,
  config: FeaturizerConfig,
  options: ExampleOptions = {},
): { examples: GroupedExample[]; stats: ExampleStats } {
  const { items, stats } = labeledItems(records, schemas, config, options);
  const examples = items.map((e, i) => {
    if (i % 2000 === 0) options.onProgress?.({ progress: i / items.length, text: `featurizing candidate ${i} of ${items.length}` });
    return { x: featurize(e.item, config), y: e.y, question: e.question, group: e.group };
  });
  return { examples, stats };
}
