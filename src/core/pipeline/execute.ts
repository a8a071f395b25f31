/**
 * Execution stage: each distinct candidate query runs once (identical texts
 * share one run), a candidate without SQL becomes a NO_SQL failure without
 * running, and every success gets its result fingerprint (spider rule,
 * unordered: no gold says whether order matters) for clustering by result.
 * Both the fingerprint and SQLite's normalized text (the structure-key
 * fallback) are asked of the run itself (ExecOptions.fingerprint and
 * normalize), so a pool makes them in its worker in the same round trip.
 */
import type { ExecOutcome } from '../exec/types.ts';
import { execError, normalizedTextOf, withoutNormalized } from '../exec/outcomes.ts';
import { resultFingerprint } from '../results/fingerprint.ts';
import type { CandidateRun, RunMany, SampledCandidate } from './types.ts';

/** Options for {@link executeCandidates}. */
export interface ExecuteOptions {
  readonly runMany: RunMany;
  /**
   * SQLite's normalized text of one statement, for a `runMany` that leaves
   * `normalizedSql` out of its outcomes (one that ignores ExecOptions.normalize);
   * not called for outcomes that carry it, as the SQL pool's do.
   */
  readonly normalizedSql?: (sql: string) => Promise<string | null>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: { progress: number; text: string }) => void;
}

/**
 * Runs the candidates and returns one {@link CandidateRun} per candidate, in
 * order. Rejects only when `signal` aborts (with its reason).
 *
 * @example
 * const runs = await executeCandidates(sampled, { runMany: (s, o, p) => sqlPool.runMany(key, s, o, p) });
 * runs[0].fingerprint; // '9f2c…' or null when it failed
 */
export async function executeCandidates(sampled: readonly SampledCandidate[], options: ExecuteOptions): Promise<CandidateRun[]> {
  const distinct = [...new Set(sampled.flatMap((c) => (c.sql === null ? [] : [c.sql])))];
  const runOptions = { fingerprint: true, normalize: true, ...(options.signal ? { signal: options.signal } : {}) };
  const outcomes = distinct.length === 0 ? [] : await options.runMany(distinct, runOptions, options.onProgress);
  if (outcomes.length !== distinct.length) throw new RangeError(`runMany returned ${outcomes.length} outcomes for ${distinct.length} queries`);
  options.signal?.throwIfAborted();
  const byText = new Map(distinct.map((sql, i) => [sql, outcomes[i]!]));
  const normalized = new Map<string, string | null>();
  for (const sql of distinct) {
    const exec = byText.get(sql)!;
    const text = await normalizedTextOf(exec, sql, options.normalizedSql);
    if (text !== undefined) normalized.set(sql, text);
    options.signal?.throwIfAborted();
  }
  // One fingerprint per distinct query (a large result is hashed once, not once per identical
  // candidate), each in its own task, so hashing a huge result never joins other work in one long stall.
  const fingerprints = new Map<string, string | null>();
  for (const sql of distinct) {
    const exec = byText.get(sql)!;
    // The SQL worker fingerprints where it runs; only an outcome from elsewhere is hashed here.
    fingerprints.set(sql, exec.ok ? (exec.fingerprint ?? resultFingerprint(exec)) : null);
    if (exec.ok && exec.fingerprint === undefined && exec.rows.length > 0) await nextTask();
    options.signal?.throwIfAborted();
  }
  const fingerprintOf = (sql: string): string | null => fingerprints.get(sql) ?? null;
  return sampled.map((c, index) => {
    const exec: ExecOutcome = c.sql === null ? { ok: false, error: execError('NO_SQL', 'The generator reply held no SQL query.'), ms: 0 } : byText.get(c.sql)!;
    return {
      index,
      sql: c.sql,
      source: c.source,
      ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
      exec: withoutNormalized(exec),
      fingerprint: c.sql === null ? null : fingerprintOf(c.sql),
      ...(c.sql !== null && normalized.has(c.sql) ? { normalizedSql: normalized.get(c.sql)! } : {}),
      scores: { ...(c.scores ?? {}) },
    };
  });
}

/** Lets the event loop run (drawing, input) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
