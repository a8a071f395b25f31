/**
 * Plain-word names of the signals, for reasons a person reads ("the samples
 * agree on the result") rather than registry names (`execution_sc`).
 */

const LABELS: Readonly<Record<string, string>> = {
  string_sc: 'samples written the same way',
  structural_sc: 'samples with the same query structure',
  execution_sc: 'samples returning the same result',
  schema_relevance: 'question words match the tables and columns used',
  executability: 'the query runs and returns rows',
  logprob: "the model's own token confidence",
  orm: 'the outcome reward model (with agreement)',
  orm_sql: 'the verifier reading the question and the query',
  judge: 'the LLM judge',
};

/**
 * The plain-word label of a signal; unknown names come back unchanged.
 *
 * @example signalLabel('execution_sc'); // 'samples returning the same result'
 */
export function signalLabel(name: string): string {
  return LABELS[name] ?? name;
}
