/**
 * The LLM judge's two prompts: a Yes/No question whose first answer token's
 * probabilities give the score, and a verbalized 0–100 fallback for when the
 * model does not start its answer with Yes or No. Both show the schema, the
 * evidence, the question and one candidate query, as in the selective-prediction
 * study's verifier.
 */
import type { Schema } from '../schema.ts';
import { renderSchema, type SchemaTextOptions } from './schema-text.ts';
import type { ChatMessage } from './sql-prompt.ts';

/** Bump when any text below changes: judge scores from different prompts are not comparable. */
export const JUDGE_PROMPT_VERSION = 'confide-judge-v1';

/** What the judge sees for one candidate. */
export interface JudgeInput {
  readonly schema: Schema;
  readonly question: string;
  readonly evidence?: string;
  readonly sql: string;
}

export const JUDGE_SYSTEM_PROMPT =
  'You are a careful reviewer of SQLite queries. You decide whether a query ' + 'returns exactly what a question asks for over the given database.';

function context(input: JudgeInput, options: SchemaTextOptions): string[] {
  const parts = [`Database schema (SQLite):\n\n${renderSchema(input.schema, options)}`];
  const evidence = input.evidence?.trim();
  if (evidence) parts.push(`Evidence: ${evidence}`);
  parts.push(`Question: ${input.question.trim()}`);
  parts.push(`Candidate SQL:\n\`\`\`sql\n${input.sql.trim()}\n\`\`\``);
  return parts;
}

/**
 * The Yes/No judge prompt; the score is read from the first answer token.
 *
 * @example
 * const messages = buildJudgePrompt({ schema, question: 'How many singers?', sql: 'SELECT count(*) FROM singer' });
 * // messages[1].content ends with 'Answer Yes or No.'
 */
export function buildJudgePrompt(input: JudgeInput, options: SchemaTextOptions = {}): readonly ChatMessage[] {
  const parts = context(input, options);
  parts.push('Does this SQL query correctly answer the question? Answer Yes or No.');
  return [
    { role: 'system', content: JUDGE_SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/**
 * The verbalized fallback prompt: a likelihood from 0 to 100, as a number alone.
 *
 * @example
 * buildVerbalizedJudgePrompt(input)[1].content.endsWith('Reply with the number only.') // true
 */
export function buildVerbalizedJudgePrompt(input: JudgeInput, options: SchemaTextOptions = {}): readonly ChatMessage[] {
  const parts = context(input, options);
  parts.push(
    'How likely is it, from 0 (certainly wrong) to 100 (certainly right), that this SQL query ' + 'correctly answers the question? Reply with the number only.',
  );
  return [
    { role: 'system', content: JUDGE_SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
