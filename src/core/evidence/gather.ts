/**
 * Evidence for every candidate of one question: each distinct query read
 * once (its smells, its result's shape), the probes of all of them run in
 * one batch through the caller's `runProbes` (the same read-only,
 * time-limited SQL pool that ran the candidates), each distinct probe text
 * once and never again while `cache` lives (a probe's answer depends only on
 * the database), then each candidate's evidence read. Pure apart from the
 * injected execution.
 */
import type { ExecOutcome } from '../exec/types.ts';
import type { Schema } from '../schema.ts';
import { readEvidence } from './findings.ts';
import { questionIntent } from './intent.ts';
import { planProbes, type Probe } from './probes.ts';
import { resultShape } from './result-shape.ts';
import { sqlSmells } from './sql-smells.ts';
import type { CandidateEvidence } from './types.ts';

/** One candidate as the evidence reads it: its SQL (null when none) and its execution. */
export interface EvidenceCandidate {
  readonly sql: string | null;
  readonly exec: ExecOutcome;
}

export interface GatherOptions {
  /** Probe answers by probe text, kept across questions of one database. */
  readonly cache?: Map<string, ExecOutcome>;
}

/** Every candidate's evidence (null for a candidate without SQL), and the probes run now. */
export interface Gathered {
  readonly evidence: readonly (CandidateEvidence | null)[];
  /** Distinct probe queries run by this call (cached ones not counted). */
  readonly probesRun: number;
}

/** The longest SQL text read (longer ones get no evidence, like the ORM's MAX_ANALYZED_SQL_CHARS). */
const MAX_SQL_CHARS = 20_000;

/**
 * Gathers the evidence of `candidates`.
 *
 * @example
 * const { evidence } = await gatherEvidence(question, schema, runs, (sqls) => sqlPool.runMany(key, sqls));
 * evidence[0]?.findings; // [{ code: 'LITERAL_CASE', reason: "The filter compares status with 'active', …" }]
 */
export async function gatherEvidence(
  question: string,
  schema: Schema,
  candidates: readonly EvidenceCandidate[],
  runProbes: (sqls: readonly string[]) => Promise<readonly ExecOutcome[]>,
  options: GatherOptions = {},
): Promise<Gathered> {
  const intent = questionIntent(question);
  const cache = options.cache ?? new Map<string, ExecOutcome>();
  const plans = new Map<string, { smells: ReturnType<typeof sqlSmells>; shape: ReturnType<typeof resultShape> | null; probes: Probe[] }>();
  for (const c of candidates) {
    if (c.sql === null || c.sql.length > MAX_SQL_CHARS || plans.has(c.sql)) continue;
    const smells = sqlSmells(c.sql, schema);
    const shape = c.exec.ok ? resultShape(c.exec) : null;
    plans.set(c.sql, { smells, shape, probes: c.exec.ok ? planProbes(smells, shape, schema) : [] });
  }
  const fresh = [...new Set([...plans.values()].flatMap((p) => p.probes.map((x) => x.sql)))].filter((sql) => !cache.has(sql));
  if (fresh.length > 0) {
    // A probe that cannot run (or a runner that cannot run probes) leaves its finding unread; it never fails the caller.
    const outcomes = await runProbes(fresh).catch(() => [] as readonly ExecOutcome[]);
    fresh.forEach((sql, i) => {
      const o = outcomes[i];
      if (o !== undefined && typeof o === 'object' && typeof o.ok === 'boolean') cache.set(sql, o);
    });
  }
  const evidence = candidates.map((c) => {
    const plan = c.sql === null ? undefined : plans.get(c.sql);
    if (plan === undefined) return null;
    return readEvidence({ intent, exec: c.exec, shape: plan.shape, smells: plan.smells, schema, probes: plan.probes, answer: (sql) => cache.get(sql) });
  });
  return { evidence, probesRun: fresh.length };
}
