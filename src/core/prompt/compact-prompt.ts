/**
 * The compact prompts: the question (and, for the judge, one candidate) with
 * no schema, for a developer checking the live pipeline where every prompt
 * token is expensive (a software GPU adapter prefills about 32 tokens in a
 * minute). A real model answers them poorly, since it sees no tables: they
 * exist to exercise the runtime, not to get answers. Versioned like the full
 * prompts, so candidates made with them are never mistaken for full-prompt ones.
 */
import type { JudgeInput } from './judge-prompt.ts';
import type { ChatMessage, SqlPromptInput } from './sql-prompt.ts';

export const COMPACT_PROMPT_VERSION = 'confide-sql-compact-v1';
export const COMPACT_JUDGE_PROMPT_VERSION = 'confide-judge-compact-v1';

/** Which prompts the live model gets: the full ones (schema included) or the compact ones. */
export type PromptStyle = 'full' | 'compact';

/**
 * The compact SQL prompt: a one-line instruction and the question (evidence
 * appended when there is some).
 *
 * @example buildCompactSqlPrompt({ schema, question: 'How many customers are there?' }).messages[1].content
 * // 'How many customers are there?'
 */
export function buildCompactSqlPrompt(input: SqlPromptInput): { readonly version: string; readonly messages: readonly ChatMessage[] } {
  const evidence = input.evidence?.trim();
  const question = input.question.trim();
  return {
    version: COMPACT_PROMPT_VERSION,
    messages: [
      { role: 'system', content: 'Write one SQLite query.' },
      { role: 'user', content: evidence ? `${question} ${evidence}` : question },
    ],
  };
}

/**
 * The compact Yes/No judge prompt: the question and the candidate on the
 * next line.
 *
 * @example buildCompactJudgePrompt({ schema, question: 'How many?', sql: 'SELECT count(*) FROM t' })[1].content
 * // 'How many?\nSELECT count(*) FROM t'
 */
export function buildCompactJudgePrompt(input: JudgeInput): readonly ChatMessage[] {
  return [
    { role: 'system', content: 'Answer Yes or No.' },
    { role: 'user', content: `${input.question.trim()}\n${input.sql.trim()}` },
  ];
}
