/**
 * The Ask pipeline's vocabulary: what goes in (a question, its schema, the
 * injected dependencies), what each stage produces, and what comes out. Plain
 * data throughout, so the UI only renders it.
 *
 * The generator side is described here (`SampleRequest`, `CandidateGenerator`);
 * the `Generator` of src/engines/llm extends it, so the live web-llm generator
 * and the replay generator fit without core importing an engine.
 */
import type { CandidateEvidence } from '../evidence/types.ts';
import type { ExecErrorCode, ExecOutcome } from '../exec/types.ts';
import type { CalibrationProfile } from '../profile.ts';
import type { Schema } from '../schema.ts';
import type { AnswerClusters, SignalRegistry } from '../signals/index.ts';
import type { SqlAnalyzer } from './analyzer.ts';

/** One sampled candidate as a generator returns it (`GeneratedCandidate` fits). */
export interface SampledCandidate {
  /** The query, or null when the reply held none. */
  readonly sql: string | null;
  readonly logprob?: number;
  /** Where it came from: a model id, `gold`, `mutation:<kind>`, … */
  readonly source: string;
  readonly scores?: Readonly<Record<string, number>>;
  /**
   * The paste or file it was read from, when nothing else tells its source
   * apart (pasted text, a file without `source` tags): identical queries of
   * one paste are copies of one source and count once (pipeline/copies.ts).
   * Absent for a live model's samples and for tagged candidates, which count
   * each.
   */
  readonly paste?: string;
}

/** One request for candidates (what every generator receives: web-llm, replay, scripted). */
export interface SampleRequest {
  readonly schema: Schema;
  readonly question: string;
  readonly evidence?: string;
  /** Database id, used by the replay generator to tell questions apart. */
  readonly db_id?: string;
  /** Number of candidates (default `DEFAULT_N` of src/engines/llm, at most `MAX_N`). */
  readonly n?: number;
  /** Sampling temperature (default `DEFAULT_TEMPERATURE`). */
  readonly temperature?: number;
  /** Most generated tokens per candidate (default `DEFAULT_MAX_TOKENS`). */
  readonly maxTokens?: number;
  /** Integer base seed; candidate i uses `candidateSeed(seed, i)`. Omitted: unseeded. */
  readonly seed?: number;
}

/** Progress after each candidate: `done` of `total` finished. */
export interface SampleProgress {
  readonly done: number;
  readonly total: number;
  readonly text: string;
}

export interface SampleOptions {
  /** Stops generation; finished candidates are still returned. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SampleProgress) => void;
}

/** Progress of one stage, in the shape every long step reports. */
export interface StageProgress {
  readonly stage: AskStage;
  /** 0..1, or null when unknown. */
  readonly progress: number | null;
  readonly text: string;
}

/** The stages of one Ask: sample (or take) the candidates, run them, score them (the evidence, then the verifiers), compute the signals. */
export type AskStage = 'generate' | 'execute' | 'score' | 'signals';

/** Something that samples candidates (the live generator, or replay). */
export interface CandidateGenerator {
  sample(req: SampleRequest, options?: SampleOptions): Promise<readonly SampledCandidate[]>;
}

/** Executes queries against the open database (the SQL pool's runMany, bound to a key). */
export type RunMany = (
  sqls: readonly string[],
  /**
   * `fingerprint`: ask the producer to fingerprint each success where it runs (ExecOptions.fingerprint);
   * `normalize`: to attach SQLite's normalized text to each outcome (ExecOptions.normalize).
   */
  options: { signal?: AbortSignal; fingerprint?: boolean; normalize?: boolean },
  onProgress?: (p: { progress: number; text: string }) => void,
) => Promise<ExecOutcome[]>;

/** What a verifier sees: the question and every executed candidate with the clusters. */
export interface VerifierInput {
  readonly question: string;
  readonly evidence?: string;
  readonly schema: Schema;
  readonly candidates: readonly CandidateRun[];
  readonly clusters: AnswerClusters;
}

/**
 * A verifier's outcome: one score per candidate (null = not scored) under its
 * name, and optionally further named scores from the same run (`also`, e.g.
 * the ORM's `orm_sql`), or an error as data.
 */
export type VerifierOutcome =
  | { readonly ok: true; readonly scores: readonly (number | null)[]; readonly also?: Readonly<Record<string, readonly (number | null)[]>> }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** A per-candidate verifier whose scores join the signals under `name` (`orm`, `judge`). */
export interface Verifier {
  readonly name: string;
  score(input: VerifierInput, signal?: AbortSignal): Promise<VerifierOutcome>;
}

/** Everything the pipeline needs, passed in. */
export interface AskDeps {
  readonly generator: CandidateGenerator;
  readonly runMany: RunMany;
  /** SQLite's normalized statement text (structure fallback); optional. */
  readonly normalizedSql?: (sql: string) => Promise<string | null>;
  readonly verifiers?: readonly Verifier[];
  /**
   * Read the evidence of what each candidate returns (core/evidence: its
   * result against the question, its SQL smells, probe queries through
   * `runMany`) before the verifiers score. Default true; false for a
   * `runMany` that can only answer the candidates' own queries.
   */
  readonly evidence?: boolean;
  /** Probe answers by probe text, kept across Asks on one database so each probe runs once (core/evidence/gather.ts). */
  readonly probeCache?: Map<string, ExecOutcome>;
  readonly registry: SignalRegistry;
  readonly profile: CalibrationProfile;
  /**
   * Where the candidates are parsed (the page's analysis worker): each
   * distinct text goes there while the candidates run, and the signals read
   * its analysis instead of parsing here. Without one, they parse where they run.
   */
  readonly analyzer?: SqlAnalyzer;
}

export interface AskRequest {
  readonly question: string;
  readonly evidence?: string;
  readonly schema: Schema;
  /** The database's id, which the replay generator matches on. */
  readonly dbId?: string;
  readonly n?: number;
  readonly temperature?: number;
  readonly seed?: number;
}

/** One candidate after execution. */
export interface CandidateRun {
  /** Its position among the candidates given (copies from one paste are kept once: pipeline/copies.ts). */
  readonly index: number;
  /** How many identical copies of it one paste held, when more than one (they count once). */
  readonly copies?: number;
  /** The paste it was read from (`SampledCandidate.paste`), when it has no source of its own. */
  readonly paste?: string;
  readonly sql: string | null;
  readonly source: string;
  readonly logprob?: number;
  readonly exec: ExecOutcome;
  /** Result fingerprint (spider rule, unordered) when it executed. */
  readonly fingerprint: string | null;
  readonly normalizedSql?: string | null;
  /** Verifier scores, recorded ones first, then those computed now. */
  readonly scores: Readonly<Record<string, number>>;
  /** What its result shows (core/evidence), when read: features for verifiers, findings for people. */
  readonly evidence?: CandidateEvidence;
}

/** One distinct result among the candidates: a competing answer. */
export interface AnswerGroup {
  /** Candidate indices returning this result, ascending. */
  readonly members: readonly number[];
  /** The candidate shown for the group and answered with: its best-scored member (ties: the most common query, then the first). */
  readonly head: number;
  /** The group's P(correct): that of `head`, the best its members reach. */
  readonly probability: number;
  /** members / N. */
  readonly share: number;
  readonly fingerprint: string;
  readonly rowCount: number;
  /** True when the most common query (AnswerClusters.modal) belongs to this group. */
  readonly modal: boolean;
  /** True for the group Confide answers with, or proposes when it abstains (the first in `AskResult.answers`). */
  readonly chosen: boolean;
}

/** A failure of a whole Ask, as data. */
export interface AskError {
  readonly stage: AskStage;
  /** `ABORTED` when cancelled; otherwise the generator's or pipeline's code (`NOT_IN_REPLAY`, `NO_WEBGPU`, `NO_CANDIDATES` …). */
  readonly code: string;
  readonly message: string;
}

/** What one Ask produced before any decision (the decision depends on the risk chosen). */
export interface AskResult {
  readonly question: string;
  readonly evidence?: string;
  readonly candidates: readonly CandidateRun[];
  readonly clusters: AnswerClusters;
  /** The most common query (AnswerClusters.modal); -1 when there are no candidates. */
  readonly modal: number;
  /**
   * The candidate Confide answers with, or proposes when it abstains: the
   * head of the highest-P(correct) result group (`answers[0]`), or the most
   * common query when no candidate ran.
   */
  readonly chosen: number;
  /** Signals as if `chosen` were the answer. */
  readonly signals: Readonly<Record<string, number | null>>;
  /** P(correct) of `chosen` under the profile. */
  readonly probability: number;
  /**
   * Per candidate: every signal computed as if that candidate were the answer
   * (its own clusters' shares, its own execution, its own scores), and the
   * profile's P(correct) for it. Entry `chosen` equals `signals`/`probability`.
   */
  readonly perCandidate: readonly { readonly signals: Readonly<Record<string, number | null>>; readonly probability: number }[];
  /** One group per distinct result, in the decision rule's order (`compareGroups`): the first is chosen. */
  readonly answers: readonly AnswerGroup[];
  /** Candidates that failed to execute, by error code. */
  readonly failures: Readonly<Partial<Record<ExecErrorCode, number>>>;
  /** Verifiers that failed, with their error. */
  readonly verifierErrors: readonly { readonly name: string; readonly code: string; readonly message: string }[];
  readonly profileName: string;
  /** How many candidates were given, before copies from one paste were kept once (`candidates.length` after). */
  readonly given: number;
  /** Which of the first results back one another as a person reads them (group-support.ts): said, not counted. */
  readonly support: readonly AnswerSupport[];
}

/** Result `from` backs result `to` (positions in `AskResult.answers`). */
export interface AnswerSupport {
  readonly from: number;
  readonly to: number;
  readonly how: 'rounds' | 'explains';
}

export type AskOutcome = { readonly ok: true; readonly result: AskResult } | { readonly ok: false; readonly error: AskError };
