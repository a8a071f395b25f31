/**
 * The one prompt that asks a model for a SQLite query. Versioned: a candidate
 * file or a report names the {@link PROMPT_VERSION} it was made with, and the
 * UI shows the exact text through {@link buildSqlPrompt}.
 */
import type { Schema } from '../schema.ts';
import { renderSchema, type SchemaTextOptions } from './schema-text.ts';

/** Bump when any text below changes: candidates from different prompts are not comparable. */
export const PROMPT_VERSION = 'confide-sql-v1';

/** One chat message, in the OpenAI/web-llm shape. */
export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

/** What one question needs to become a prompt. */
export interface SqlPromptInput {
  readonly schema: Schema;
  readonly question: string;
  /** Extra knowledge for the question (BIRD's `evidence`), shown before the question. */
  readonly evidence?: string;
}

/** The system message: the task and the answer format. */
export const SQL_SYSTEM_PROMPT =
  'You are an expert SQLite developer. Given a database schema and a question, ' +
  'you write one SQLite SELECT query that answers the question. ' +
  'Use only the tables and columns in the schema. ' +
  'Reply with the query alone in a ```sql code block, without explanation.';

/**
 * Builds the chat messages for one question: the schema as CREATE TABLE
 * statements with example values, the evidence when there is some, the
 * question, and the request for one SQLite query.
 *
 * @example
 * const { version, messages } = buildSqlPrompt({ schema, question: 'How many singers are there?' });
 * // version === PROMPT_VERSION; messages[0].role === 'system'; messages[1].content ends with the request
 */
export function buildSqlPrompt(
  input: SqlPromptInput,
  options: SchemaTextOptions = {},
): { readonly version: string; readonly messages: readonly ChatMessage[] } {
  const parts = [`Database schema (SQLite):\n\n${renderSchema(input.schema, options)}`];
  const evidence = input.evidence?.trim();
  if (evidence) parts.push(`Evidence: ${evidence}`);
  parts.push(`Question: ${input.question.trim()}`);
  parts.push('Write one SQLite query that answers the question. Return only the SQL in a ```sql code block.');
  return {
    version: PROMPT_VERSION,
    messages: [
      { role: 'system', content: SQL_SYSTEM_PROMPT },
      { role: 'user', content: parts.join('\n\n') },
    ],
  };
}
