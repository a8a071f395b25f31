/**
 * A bounded memo for per-question work: texts repeat once per candidate, so
 * what is read off a text is kept; when `limit` entries are kept, the memo is
 * emptied and starts again (no eviction order to maintain).
 *
 * @example
 * const view = boundedMemo(1024, (question: string) => expensive(question));
 * view('How many singers?'); // computed once, then kept
 */
export function boundedMemo<V>(limit: number, compute: (text: string) => V): (text: string) => V {
  const kept = new Map<string, V>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      value = compute(text);
      if (kept.size >= limit) kept.clear();
      kept.set(text, value);
    }
    return value;
  };
}
