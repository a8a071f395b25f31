/**
 * Schema relevance: does the modal query use tables and columns the question
 * talks about? The study averages embedding similarity between the question
 * and the used names; the lexical scorer is the model-free default.
 */
import { queryUsage } from '../sql/usage.ts';
import { embeddingSimilarities, type EmbedFn } from '../text/embed.ts';
import { lexicalSimilarity } from '../text/similarity.ts';
import type { AnswerClusters, QuestionView, Signal } from './types.ts';

/**
 * The names the modal query uses, one per used table and one per used column
 * (its column name alone), in order of appearance; null when there is no
 * modal candidate, it does not parse, or it uses no table or column. Read
 * from the candidate's `analysis` when it has one.
 *
 * @example
 * usedNames(view, clusters); // ['singer', 'name', 'age']
 */
export function usedNames(q: QuestionView, c: AnswerClusters, subject = c.modal): string[] | null {
  if (subject < 0) return null;
  const candidate = q.candidates[subject]!;
  const usage = candidate.analysis === undefined ? queryUsage(candidate.sql, q.schema) : candidate.analysis.usage;
  if (usage === null) return null;
  const names = [...usage.tables, ...usage.columns.map((u) => u.column)];
  return names.length === 0 ? null : names;
}

/** The text names are compared with: the question, then the evidence when there is one. */
export const questionText = (q: QuestionView): string => (q.evidence !== undefined && q.evidence !== '' ? `${q.question} ${q.evidence}` : q.question);

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * `schema_relevance`: mean `lexicalSimilarity` between the question (plus
 * evidence) and each name in `usedNames`; null when `usedNames` is null.
 *
 * @example
 * schemaRelevance.compute(view, clusters, clusters.modal); // 0.42
 */
export const schemaRelevance: Signal = {
  name: 'schema_relevance',
  description: 'Mean lexical similarity between the question and the tables/columns the modal query uses.',
  phrase: 'question words match the tables and columns used',
  words: 'how well the tables and columns the query uses match the words of the question',
  higherIsBetter: true,
  compute: (q, c, subject) => {
    const names = usedNames(q, c, subject);
    return names === null ? null : mean(names.map((n) => lexicalSimilarity(questionText(q), n)));
  },
};

/**
 * Schema relevance with an embedder: mean cosine similarity between the
 * question (plus evidence) and each used name (names with `_` turned into
 * spaces); null when `usedNames` is null or any similarity is undefined
 * (a zero vector).
 *
 * @example
 * await embeddedSchemaRelevance(view, clusters, embed); // 0.61
 */
export async function embeddedSchemaRelevance(q: QuestionView, c: AnswerClusters, embed: EmbedFn): Promise<number | null> {
  const names = usedNames(q, c);
  if (names === null) return null;
  const sims = await embeddingSimilarities(
    embed,
    questionText(q),
    names.map((n) => n.replace(/_/g, ' ')),
  );
  return sims.some((s) => Number.isNaN(s)) ? null : mean(sims);
}
