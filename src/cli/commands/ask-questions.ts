/**
 * `confide ask`'s questions decided: one question on one database (`--db`:
 * its candidates read whole from a file or stdin, in any format
 * core/pipeline/candidate-text.ts reads) or every record of a candidate file
 * against a benchmark (`--bench`: each database opened once, as eval opens
 * them, its questions asked in turn). Each question runs the app's Ask
 * pipeline on the candidates given and the profile's decision at the risk
 * asked; what comes back is the decision lines, what the text output shows,
 * the profile-fit warning and the file's labels of what was answered.
 */
import { basename } from 'node:path';
import type { QuestionRecord } from '../../core/bench/types.ts';
import { fixedCandidates, MAX_CANDIDATE_TEXT_BYTES, parseCandidateText, readingSummary } from '../../core/pipeline/candidate-text.ts';
import { decide, type Decision } from '../../core/pipeline/decide.ts';
import { decisionLine, type DecisionLine } from '../../core/pipeline/decision-line.ts';
import { askRegistry, runAsk, type AskResult, type SampledCandidate, type Verifier } from '../../core/pipeline/index.ts';
import { fitOn, profileFitWarning } from '../../core/profile-fit.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { Schema } from '../../core/schema.ts';
import { walWords, type SqlPool } from '../../engines/sql/index.ts';
import { loadBenchmark, readCandidateFile, type LoadedBenchmark } from '../../node/bench.ts';
import { readInputText, readStreamText } from '../../node/input-file.ts';
import { openDbFile } from '../../node/sql-pool.ts';
import { progressReporter } from '../progress.ts';
import type { BenchQuestions, DbQuestion } from './ask-setup.ts';

/** What every question is asked with. */
export interface AskContext {
  readonly sqlPool: SqlPool;
  readonly profile: CalibrationProfile;
  readonly risk: number;
  readonly verifiers: readonly Verifier[];
}

/** One question decided: its output line and, when the pipeline ran, what the text output shows. */
interface Asked {
  readonly line: DecisionLine;
  readonly shown: { readonly result: AskResult; readonly decision: Decision } | null;
}

/**
 * The questions asked: their decision lines (in the file's order), what the
 * text output shows of one question (null for a file, or when the pipeline
 * failed), the profile-fit warning, and, line by line, the file's `correct`
 * label of the answer given and of the best guess (empty for one question).
 */
export interface AskOutcome {
  readonly lines: readonly DecisionLine[];
  readonly shown: Asked['shown'];
  readonly warning: string | null;
  readonly labels: readonly (boolean | undefined)[];
  readonly bestLabels: readonly (boolean | undefined)[];
}

/** The decision line of a question the pipeline could not run: it abstains, saying why. */
function failedLine(id: string, candidates: readonly SampledCandidate[], error: { readonly code: string; readonly message: string }): DecisionLine {
  return {
    id,
    decision: 'abstain',
    candidate: null,
    best: null,
    best_sql: null,
    sql: null,
    p_correct: null,
    pool: candidates.length,
    given: candidates.length,
    threshold: null,
    ruled_out: [],
    reasons: [`${error.message} (${error.code})`],
  };
}

/** One question on the database opened as `key`: the Ask pipeline over the candidates given, then the decision at the context's risk. */
async function askOne(
  ctx: AskContext,
  key: string,
  schema: Schema,
  id: string,
  question: string,
  evidence: string | undefined,
  candidates: readonly SampledCandidate[],
): Promise<Asked> {
  const registry = askRegistry(
    ctx.profile,
    ctx.verifiers.map((v) => v.name),
  );
  const out = await runAsk(
    { question, ...(evidence ? { evidence } : {}), schema },
    {
      generator: fixedCandidates(candidates),
      runMany: (sqls, o) => ctx.sqlPool.runMany(key, sqls, o),
      normalizedSql: (sql) => ctx.sqlPool.normalizedSql(key, sql),
      verifiers: ctx.verifiers,
      registry,
      profile: ctx.profile,
    },
  );
  if (!out.ok) return { line: failedLine(id, candidates, out.error), shown: null };
  const decision = decide(out.result, ctx.profile, ctx.risk);
  return { line: decisionLine(id, out.result, decision), shown: { result: out.result, decision } };
}

/** The database id a file stands for, as the page names it: its file name without the extension. */
const dbIdOf = (path: string): string => basename(path).replace(/\.[^.]*$/, '');

/** The profile-fit warning for the databases asked about, or null when the profile was fit on each. */
function fitWarning(profile: CalibrationProfile, dbIds: readonly string[], name: (id: string) => string): string | null {
  const other = dbIds.filter((id) => !fitOn(profile, { dbId: id }));
  if (other.length === 0) return null;
  if (dbIds.length === 1) return profileFitWarning(profile, name(other[0]!), 'confide eval');
  const named =
    other
      .slice(0, 5)
      .map((id) => `"${id}"`)
      .join(', ') + (other.length > 5 ? ` and ${other.length - 5} more` : '');
  return `Profile "${profile.name}" was fit on ${profile.provenance.data}, not on ${other.length} of the ${dbIds.length} databases here (${named}). Its P(correct) and thresholds may not hold there: treat them as rough until you fit a profile on questions about them (confide eval).`;
}

/** A record's candidates; without any `source` tag they are one file's copies, and identical ones count once (copies.ts). */
const asSampled = (r: QuestionRecord): SampledCandidate[] => {
  const tagged = r.candidates.some((c) => c.source !== undefined);
  return r.candidates.map((c) => ({
    sql: c.sql,
    source: c.source ?? 'file',
    ...(tagged ? {} : { paste: 'file' }),
    ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
    ...(c.scores ? { scores: c.scores } : {}),
  }));
};

/** One question's candidates as text, whole (their format is told from all of it), under a size cap. */
async function readText(path: string): Promise<string> {
  if (path === '-') return readStreamText(process.stdin, 'stdin (--candidates -)', MAX_CANDIDATE_TEXT_BYTES);
  return readInputText({ flag: '--candidates', path }, MAX_CANDIDATE_TEXT_BYTES);
}

/**
 * Asks one question on one database (`--db`): reads its candidates (saying
 * on stderr how they were read), opens the database (a note when a `-wal`
 * beside it added to it) and decides.
 *
 * @example
 * const outcome = await askQuestion(ctx, { kind: 'db', db: 'shop.sqlite', question: 'How many orders?', evidence: undefined, candidates: 'c.sql' });
 */
export async function askQuestion(ctx: AskContext, input: DbQuestion): Promise<AskOutcome> {
  const origin = input.candidates === '-' ? 'stdin' : input.candidates;
  const parsed = parseCandidateText(await readText(input.candidates), origin);
  if (!parsed.ok) throw parsed.error;
  process.stderr.write(`${origin}: ${readingSummary(parsed)}\n`);
  const opened = await openDbFile(ctx.sqlPool, 'db', input.db);
  if (!opened.ok) throw opened.error;
  const note = walWords(basename(input.db), opened.wal);
  if (note !== null) process.stderr.write(`note: ${note}\n`);
  const asked = await askOne(ctx, 'db', opened.schema, 'question', input.question, input.evidence, parsed.candidates);
  const warning = fitWarning(ctx.profile, [dbIdOf(input.db)], () => basename(input.db));
  return { lines: [asked.line], shown: asked.shown, warning, labels: [], bestLabels: [] };
}

/**
 * Asks one database's questions (the database opened first, as eval opens
 * them: a small file copied into the workers, a big one read on demand, and
 * closed after), each decision added to `decided`; a database the benchmark
 * lacks or that cannot be opened is skipped with a line on stderr.
 */
async function askDatabase(
  ctx: AskContext,
  bench: LoadedBenchmark,
  dbId: string,
  records: readonly QuestionRecord[],
  decided: Map<QuestionRecord, DecisionLine>,
  onAsked: (record: QuestionRecord) => void,
): Promise<void> {
  let path: string;
  try {
    path = bench.dbPath(dbId);
  } catch {
    process.stderr.write(`skipped ${records.length} question(s): database ${dbId} is not in the benchmark\n`);
    return;
  }
  const opened = await openDbFile(ctx.sqlPool, dbId, path);
  if (!opened.ok) {
    process.stderr.write(`skipped ${records.length} question(s): database ${dbId}: ${opened.error.message} (${opened.error.code})\n`);
    return;
  }
  for (const r of records) {
    decided.set(r, (await askOne(ctx, dbId, opened.schema, r.id, r.question, r.evidence, asSampled(r))).line);
    onAsked(r);
  }
  await ctx.sqlPool.close(dbId);
}

/**
 * Asks every question of a candidate file against a benchmark (`--bench`),
 * database by database, with progress on stderr; the lines come back in the
 * file's order, each with the file's label of its answer and of its best
 * guess (undefined where the file has none).
 *
 * @example
 * const { lines, labels } = await askBench(ctx, { kind: 'bench', bench: 'spider', split: 'dev', candidates: 'c.jsonl' });
 */
export async function askBench(ctx: AskContext, input: BenchQuestions): Promise<AskOutcome> {
  const bench = await loadBenchmark(input.bench, { split: input.split });
  const records = await readCandidateFile(input.candidates);
  if (records.length === 0) throw { code: 'EMPTY', message: `${input.candidates} holds no questions.` };
  const byDb = new Map<string, QuestionRecord[]>();
  for (const r of records) byDb.set(r.db_id, [...(byDb.get(r.db_id) ?? []), r]);
  const progress = progressReporter('asking');
  const decided = new Map<QuestionRecord, DecisionLine>();
  for (const [dbId, rs] of byDb) {
    await askDatabase(ctx, bench, dbId, rs, decided, (r) => progress({ done: decided.size, total: records.length, text: `${dbId}: ${r.id}` }));
  }
  const warning = fitWarning(ctx.profile, [...new Set([...decided.keys()].map((r) => r.db_id))], (id) => id);
  const lines: DecisionLine[] = [];
  const labels: (boolean | undefined)[] = [];
  const bestLabels: (boolean | undefined)[] = [];
  for (const r of records) {
    const line = decided.get(r);
    if (!line) continue;
    lines.push(line);
    labels.push(line.candidate === null ? undefined : r.candidates[line.candidate]!.correct);
    bestLabels.push(line.best === null ? undefined : r.candidates[line.best]!.correct);
  }
  return { lines, shown: null, warning, labels, bestLabels };
}
