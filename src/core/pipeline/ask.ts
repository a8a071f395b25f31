/**
 * The Ask pipeline, one question end to end with every dependency passed in:
 * sample N candidates → keep copies from one paste once (copies.ts) →
 * execute them → cluster → verifier scores → signals →
 * P(correct) of each candidate as the answer under the calibration profile →
 * one P per result group; the highest-P group is the one answered with
 * (answers.ts, `compareGroups`, states the tie rule). The decision
 * at a risk level is a separate, cheap step (decide.ts), so moving the risk
 * control never reruns anything.
 *
 * Failures come back as data (`{ok: false, error}`) with the stage and a code:
 * the generator's own code (`NOT_IN_REPLAY`, `NO_WEBGPU` …), `NO_CANDIDATES`,
 * or `ABORTED` when the signal stopped it. A verifier that fails does not stop
 * the Ask: its signal is missing and the failure is listed in the result.
 */
import { gatherEvidence } from '../evidence/gather.ts';
import type { ExecErrorCode } from '../exec/types.ts';
import { profileProbability } from '../profile.ts';
import { buildClusters, computeSignals, type AnswerClusters } from '../signals/index.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import { answerGroups, runsView } from './answers.ts';
import { keepSources } from './copies.ts';
import { answerSupport } from './group-support.ts';
import { executeCandidates } from './execute.ts';
import type { AskDeps, AskError, AskOutcome, AskRequest, AskResult, AskStage, CandidateRun, SampledCandidate, StageProgress } from './types.ts';

export interface AskOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: StageProgress) => void;
}

/** The LlmError-like code and message carried by a thrown generator failure, if any. */
function carriedError(thrown: unknown): { code: string; message: string } | null {
  const e = (thrown as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return e && typeof e.code === 'string' ? { code: e.code, message: typeof e.message === 'string' ? e.message : String(e.code) } : null;
}

/**
 * Runs one Ask.
 *
 * @example
 * const out = await runAsk({ question, schema, dbId: 'demo' }, { generator, runMany, registry, profile }, { signal, onProgress });
 * if (out.ok) decide(out.result, profile, 0.2); else show(out.error.message);
 */
export async function runAsk(request: AskRequest, deps: AskDeps, options: AskOptions = {}): Promise<AskOutcome> {
  const { signal, onProgress } = options;
  let stage: AskStage = 'generate';
  const fail = (code: string, message: string): AskOutcome => ({ ok: false, error: { stage, code, message } satisfies AskError });
  try {
    onProgress?.({ stage, progress: null, text: 'Sampling candidates' });
    let sampled: readonly SampledCandidate[];
    try {
      sampled = await sample(request, deps, options);
    } catch (thrown) {
      const carried = carriedError(thrown);
      if (carried === null || signal?.aborted) throw thrown;
      return fail(carried.code, carried.message);
    }
    signal?.throwIfAborted();
    if (sampled.length === 0) return fail('NO_CANDIDATES', 'The generator returned no candidates, so there is nothing to check.');
    stage = 'execute';
    const { runs, analysisOf } = await execute(request, deps, sampled, options);
    const clusters = buildClusters(runsView(request.question, request.evidence, request.schema, runs, analysisOf));
    stage = 'score';
    const { scored, verifierErrors } = await scoreCandidates(request, deps, runs, clusters, options);
    stage = 'signals';
    onProgress?.({ stage, progress: null, text: 'Computing signals' });
    const result = askResult(request, deps, scored, clusters, analysisOf, sampled.length, verifierErrors);
    onProgress?.({ stage, progress: 1, text: 'Done' });
    return { ok: true, result };
  } catch (thrown) {
    if (signal?.aborted) return fail('ABORTED', 'Stopped at your request.');
    throw thrown;
  }
}

/** The generator's candidates for the request. */
function sample(request: AskRequest, deps: AskDeps, { signal, onProgress }: AskOptions): Promise<readonly SampledCandidate[]> {
  return deps.generator.sample(
    {
      schema: request.schema,
      question: request.question,
      ...(request.evidence ? { evidence: request.evidence } : {}),
      ...(request.dbId === undefined ? {} : { db_id: request.dbId }),
      ...(request.n === undefined ? {} : { n: request.n }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.seed === undefined ? {} : { seed: request.seed }),
    },
    { ...(signal ? { signal } : {}), onProgress: (p) => onProgress?.({ stage: 'generate', progress: p.total > 0 ? p.done / p.total : null, text: p.text }) },
  );
}

/** Copies from one paste kept once, each kept candidate run, and its text's analysis (parsed by the analyzer while they run). */
async function execute(
  request: AskRequest,
  deps: AskDeps,
  sampled: readonly SampledCandidate[],
  { signal, onProgress }: AskOptions,
): Promise<{ runs: CandidateRun[]; analysisOf: ((sql: string) => SqlAnalysis | undefined) | undefined }> {
  // Copies of one query from one paste are one source: kept once, with their count (copies.ts).
  const kept = keepSources(sampled);
  const texts = [...new Set(kept.map((k) => k.candidate.sql ?? ''))];
  const analysed = deps.analyzer?.analyze(texts, request.schema);
  analysed?.catch(() => undefined); // awaited below
  const executed = await executeCandidates(
    kept.map((k) => k.candidate),
    {
      runMany: deps.runMany,
      ...(deps.normalizedSql ? { normalizedSql: deps.normalizedSql } : {}),
      ...(signal ? { signal } : {}),
      onProgress: (p) => onProgress?.({ stage: 'execute', progress: p.progress, text: p.text }),
    },
  );
  const runs = executed.map((r, i): CandidateRun => {
    const { inputIndex, copies, candidate } = kept[i]!;
    return { ...r, index: inputIndex, ...(copies > 1 ? { copies } : {}), ...(candidate.paste === undefined ? {} : { paste: candidate.paste }) };
  });
  const analyses = analysed === undefined ? undefined : new Map((await analysed).map((a, i) => [texts[i] as string, a.analysis]));
  return { runs, analysisOf: analyses === undefined ? undefined : (sql: string) => analyses.get(sql) };
}

/** The evidence of what each query returns (unless `deps.evidence` is false), then each verifier's scores; a failing verifier is listed, not fatal. */
async function scoreCandidates(
  request: AskRequest,
  deps: AskDeps,
  runs: readonly CandidateRun[],
  clusters: AnswerClusters,
  { signal, onProgress }: AskOptions,
): Promise<{ scored: CandidateRun[]; verifierErrors: AskResult['verifierErrors'] }> {
  let scored: CandidateRun[] = [...runs];
  if (deps.evidence !== false) {
    // What each result shows, read before the verifiers (which read it too); probes run through the same pool.
    onProgress?.({ stage: 'score', progress: null, text: 'Reading what each query returns' });
    const { evidence } = await gatherEvidence(
      request.question,
      request.schema,
      runs,
      (sqls) => deps.runMany(sqls, { ...(signal ? { signal } : {}) }),
      deps.probeCache ? { cache: deps.probeCache } : {},
    );
    signal?.throwIfAborted();
    scored = runs.map((r, i) => (evidence[i] ? { ...r, evidence: evidence[i]! } : r));
  }
  const verifierErrors: { name: string; code: string; message: string }[] = [];
  for (const v of deps.verifiers ?? []) {
    onProgress?.({ stage: 'score', progress: null, text: `Scoring with ${v.name}` });
    const out = await v.score(
      { question: request.question, ...(request.evidence ? { evidence: request.evidence } : {}), schema: request.schema, candidates: scored, clusters },
      signal,
    );
    signal?.throwIfAborted();
    if (!out.ok) {
      verifierErrors.push({ name: v.name, ...out.error });
      continue;
    }
    for (const [name, list] of [[v.name, out.scores] as const, ...Object.entries(out.also ?? {})]) {
      if (list.length !== scored.length) throw new RangeError(`verifier ${v.name} returned ${list.length} ${name} scores for ${scored.length} candidates`);
      scored = scored.map((r, i) => {
        const s = list[i];
        return s === null || s === undefined || !Number.isFinite(s) ? r : { ...r, scores: { ...r.scores, [name]: s } };
      });
    }
  }
  return { scored, verifierErrors };
}

/** The signals and P(correct) of every candidate as the answer (the profile's model for a pool of this size), grouped by result. */
function askResult(
  request: AskRequest,
  deps: AskDeps,
  scored: readonly CandidateRun[],
  clusters: AnswerClusters,
  analysisOf: ((sql: string) => SqlAnalysis | undefined) | undefined,
  given: number,
  verifierErrors: AskResult['verifierErrors'],
): AskResult {
  const view = runsView(request.question, request.evidence, request.schema, scored, analysisOf);
  const { values } = computeSignals(view, deps.registry, clusters);
  // The profile's model for a pool of this size (profile.ts: agreement means nothing in a pool of one).
  const poolSize = scored.length;
  const perCandidate = scored.map((_, i) => {
    const own = i === clusters.modal ? values : computeSignals(view, deps.registry, clusters, i).values;
    return { signals: own, probability: profileProbability(deps.profile, own, poolSize) };
  });
  const answers = answerGroups(
    scored,
    clusters,
    perCandidate.map((c) => c.probability),
  );
  const chosen = answers[0]?.head ?? clusters.modal;
  const failures: Partial<Record<ExecErrorCode, number>> = {};
  for (const r of scored) if (!r.exec.ok) failures[r.exec.error.code] = (failures[r.exec.error.code] ?? 0) + 1;
  return {
    question: request.question,
    ...(request.evidence ? { evidence: request.evidence } : {}),
    candidates: scored,
    clusters,
    modal: clusters.modal,
    chosen,
    signals: chosen < 0 ? values : perCandidate[chosen]!.signals,
    probability: chosen < 0 ? profileProbability(deps.profile, values, poolSize) : perCandidate[chosen]!.probability,
    perCandidate,
    answers,
    failures,
    verifierErrors,
    profileName: deps.profile.name,
    given,
    support: answerSupport(scored, answers),
  };
}
