/**
 * The LLM judge's score for one candidate, from what the model said.
 *
 * Logprob score: P(Yes) = m_yes / (m_yes + m_no), where m_yes is the summed
 * probability exp(logprob) of every Yes variant among the first answer token's
 * top alternatives (the token, trimmed and lower-cased, equals "yes": ' Yes',
 * 'Yes', 'yes', 'YES' …) and m_no likewise for "no". Variants are separate
 * vocabulary entries, so their masses add. When the Yes/No mass is below
 * `minMass` the model was not answering Yes or No (it began with "The", "**",
 * …), and the score is `null` so the caller can fall back to the verbalized
 * 0–100 prompt.
 */

/** One alternative for a generated token, as web-llm reports it in `top_logprobs`. */
export interface TokenAlternative {
  readonly token: string;
  readonly logprob: number;
}

/** Default least Yes+No probability mass for a logprob score to count. */
export const DEFAULT_MIN_YES_NO_MASS = 0.05;

/**
 * P(Yes) normalized over the Yes/No variants among a token's alternatives, or
 * `null` when they carry less than `minMass` probability in total.
 * A logprob above 0 or NaN is a broken contract (RangeError).
 *
 * @example
 * yesProbability([{ token: 'Yes', logprob: Math.log(0.6) }, { token: ' No', logprob: Math.log(0.2) }])
 * // 0.75
 */
export function yesProbability(alternatives: readonly TokenAlternative[], minMass: number = DEFAULT_MIN_YES_NO_MASS): number | null {
  let yes = 0;
  let no = 0;
  for (const alt of alternatives) {
    if (!(alt.logprob <= 0)) {
      throw new RangeError(`logprob must be <= 0, got ${alt.logprob} for ${JSON.stringify(alt.token)}`);
    }
    const word = alt.token.trim().toLowerCase();
    if (word === 'yes') yes += Math.exp(alt.logprob);
    else if (word === 'no') no += Math.exp(alt.logprob);
  }
  const mass = yes + no;
  if (mass === 0 || mass < minMass) return null;
  return yes / mass;
}

/**
 * Reads a verbalized 0–100 likelihood ("85", "85%", "Confidence: 85/100") and
 * returns it as a probability in [0, 1]; `null` when no number in 0–100 is there.
 * The first number in the text counts.
 *
 * @example parseVerbalizedScore('I would say 85%.') // 0.85
 */
export function parseVerbalizedScore(text: string): number | null {
  const m = /(?<![\d.])(\d{1,3}(?:\.\d+)?)(?![\d.]*\d)/.exec(text);
  if (m === null) return null;
  const value = Number(m[1]);
  if (!(value >= 0 && value <= 100)) return null;
  return value / 100;
}
