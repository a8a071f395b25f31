/**
 * `confide ask`: the app's Ask pipeline on the command line, with the
 * candidates given (verify mode). Either one question on one database
 * (`--db FILE --question TEXT --candidates FILE|-`, candidates as one query
 * per line, `;`-ended statements or JSON lines), or every record of a
 * candidate file against a benchmark (`--bench DIR --candidates FILE.jsonl`).
 * Each question gets one JSON line (core/pipeline/decision-line.ts): to
 * `--out`, or stdout; one question on a terminal (no `--out`, no `--json`)
 * is shown as text instead (ask-text.ts: the decision, P, the rows, the
 * reasons and the query in words). When the profile was fit on other data
 * than the database asked about, a warning says so, as the page does
 * (core/profile-fit.ts). Gold SQL and `correct` labels in the file are never
 * read by the decision; when every answered candidate carries a label, the
 * realized risk among answered questions is printed to stderr.
 */
import { readsVerifier, REWARD_MODEL } from '../../core/verifiers/index.ts';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QuestionRecord } from '../../core/bench/types.ts';
import { fixedCandidates, MAX_CANDIDATE_TEXT_BYTES, parseCandidateText, readingSummary } from '../../core/pipeline/candidate-text.ts';
import { decide, DEFAULT_TARGET_RISK, riskWording, targetRisks, type Decision } from '../../core/pipeline/decide.ts';
import { decisionLine, type DecisionLine } from '../../core/pipeline/decision-line.ts';
import { askRegistry, runAsk, type AskResult, type SampledCandidate, type Verifier } from '../../core/pipeline/index.ts';
import { fitOn, profileFitWarning } from '../../core/profile-fit.ts';
import { checkProfile } from '../../core/profile-check.ts';
import { profileSignals, type CalibrationProfile } from '../../core/profile.ts';
import type { Schema } from '../../core/schema.ts';
import { walWords, type SqlPool } from '../../engines/sql/index.ts';
import { loadBenchmark, readCandidateFile } from '../../node/bench.ts';
import { writeFileAtomic } from '../../node/files.ts';
import { checkInputs, readInputText, readStreamText } from '../../node/input-file.ts';
import { ormSidecarPath } from '../../node/orm/attach.ts';
import { loadOrmScorer } from '../../node/orm/score.ts';
import { ormVerifier } from '../../engines/orm/index.ts';
import { PROJECT_ROOT } from '../../node/locations.ts';
import { createNodeSqlPool, openDbFile } from '../../node/sql-pool.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import { numberFlag, parseFlags, UsageError, type ParsedFlags } from '../args.ts';
import type { Command } from '../command.ts';
import { progressReporter } from '../progress.ts';
import { ASK_SPEC } from '../specs.ts';
import { askText } from '../ask-text.ts';

/** The profile the app ships and uses by default. */
export const BUNDLED_PROFILE = fileURLToPath(new URL('public/profiles/default.json', PROJECT_ROOT));
/** The ORM the app ships: scored by default when the profile reads an ORM signal. */
export const BUNDLED_ORM = fileURLToPath(new URL('public/models/orm-v2.onnx', PROJECT_ROOT));

const spec = ASK_SPEC;

/** The largest profile (or `confide eval --json` report) read. */
const PROFILE_MAX_BYTES = 64 * 2 ** 20;

async function readProfile(path: string): Promise<CalibrationProfile> {
  const text = await readInputText({ flag: '--profile', path }, PROFILE_MAX_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--profile ${path}: cannot read it as JSON (${(e as Error).message})`);
  }
  // A `confide eval --json` report carries its fitted profile under "profile".
  const inner = (value as { profile?: unknown; n_questions?: unknown } | null)?.n_questions !== undefined ? (value as { profile?: unknown }).profile : value;
  const r = checkProfile(inner);
  if (!r.ok) throw new UsageError(`--profile ${path}: ${r.error.message}`);
  return r.profile;
}

function riskFlag(flags: ParsedFlags, profile: CalibrationProfile): number {
  const risk = numberFlag(flags, 'risk', DEFAULT_TARGET_RISK);
  const offered = targetRisks(profile);
  if (!offered.includes(risk)) throw new UsageError(`--risk ${risk}: profile "${profile.name}" has thresholds for ${offered.join(', ')}`);
  return risk;
}

interface Context {
  readonly pool: SqlPool;
  readonly profile: CalibrationProfile;
  readonly risk: number;
  readonly verifiers: readonly Verifier[];
}

/** One question decided: its output line and, when the pipeline ran, what the text output shows. */
interface Asked {
  readonly line: DecisionLine;
  readonly shown: { readonly result: AskResult; readonly decision: Decision } | null;
}

async function askOne(
  ctx: Context,
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
      runMany: (sqls, o) => ctx.pool.runMany(key, sqls, o),
      normalizedSql: (sql) => ctx.pool.normalizedSql(key, sql),
      verifiers: ctx.verifiers,
      registry,
      profile: ctx.profile,
    },
  );
  if (!out.ok)
    return {
      line: {
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
        reasons: [`${out.error.message} (${out.error.code})`],
      },
      shown: null,
    };
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

export const askCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const single = flags.db !== undefined;
    if (single === (flags.bench !== undefined)) throw new UsageError('give either --db (with --question) or --bench');
    checkInputs([
      flagPath(flags, 'db'),
      flags.bench === undefined ? undefined : { flag: '--bench', path: flags.bench as string, kind: 'folder' },
      flags.candidates === '-' ? undefined : flagPath(flags, 'candidates'),
      flagPath(flags, 'profile'),
      flagPath(flags, 'orm'),
    ]);
    if (flags.orm !== undefined && flags['no-orm'] === true) throw new UsageError('give --orm or --no-orm, not both');
    const sidecar = flags.orm === undefined ? undefined : ormSidecarPath(flags.orm as string);
    guardOutputs({
      outputs: [flagPath(flags, 'out')],
      inputs: [
        flags.candidates === '-' ? undefined : flagPath(flags, 'candidates'),
        flagPath(flags, 'profile'),
        flagPath(flags, 'orm'),
        sidecar === undefined ? undefined : { flag: '--orm', path: sidecar },
      ],
      databases: [flagPath(flags, 'db')],
      ...(single ? {} : { bench: { dir: flags.bench as string, split: flags.split as string } }),
    });
    if (single && flags.question === undefined) throw new UsageError('--db needs --question');
    if (!single && (flags.question !== undefined || flags.evidence !== undefined))
      throw new UsageError('--question and --evidence go with --db; with --bench the questions come from the candidate file');
    const profile = await readProfile((flags.profile as string | undefined) ?? BUNDLED_PROFILE);
    const risk = riskFlag(flags, profile);
    const readsOrm = readsVerifier(profileSignals(profile), REWARD_MODEL);
    const ormFile = flags['no-orm'] === true ? undefined : ((flags.orm as string | undefined) ?? (readsOrm ? BUNDLED_ORM : undefined));
    const scorer = ormFile === undefined ? null : await loadOrmScorer(ormSidecarPath(ormFile));
    if (scorer !== null && !readsOrm) {
      process.stderr.write(
        `note: profile "${profile.name}" does not use the orm signals, so --orm does not change P(correct); fit one with it (confide eval --orm MODEL --json report.json) and pass --profile report.json\n`,
      );
    }
    const timeoutMs = numberFlag(flags, 'timeout-ms', 5000);
    const pool = createNodeSqlPool({ timeoutMs });
    const ctx: Context = { pool, profile, risk, verifiers: scorer ? [ormVerifier(scorer)] : [] };
    const lines: DecisionLine[] = [];
    let shown: Asked['shown'] = null;
    let warning: string | null = null;
    const labels: (boolean | undefined)[] = [];
    const bestLabels: (boolean | undefined)[] = [];
    try {
      if (single) {
        const origin = flags.candidates === '-' ? 'stdin' : (flags.candidates as string);
        const parsed = parseCandidateText(await readText(flags.candidates as string), origin);
        if (!parsed.ok) throw parsed.error;
        process.stderr.write(`${origin}: ${readingSummary(parsed)}\n`);
        const opened = await openDbFile(pool, 'db', flags.db as string);
        if (!opened.ok) throw opened.error;
        const note = walWords(basename(flags.db as string), opened.wal);
        if (note !== null)
          process.stderr.write(`note: ${note}
`);
        const asked = await askOne(ctx, 'db', opened.schema, 'question', flags.question as string, flags.evidence as string | undefined, parsed.candidates);
        lines.push(asked.line);
        shown = asked.shown;
        warning = fitWarning(profile, [dbIdOf(flags.db as string)], () => basename(flags.db as string));
      } else {
        const bench = await loadBenchmark(flags.bench as string, { split: flags.split as string });
        const records = await readCandidateFile(flags.candidates as string);
        if (records.length === 0) throw { code: 'EMPTY', message: `${flags.candidates as string} holds no questions.` };
        const byDb = new Map<string, QuestionRecord[]>();
        for (const r of records) byDb.set(r.db_id, [...(byDb.get(r.db_id) ?? []), r]);
        const progress = progressReporter('asking');
        const decided = new Map<QuestionRecord, DecisionLine>();
        for (const [dbId, rs] of byDb) {
          let path: string;
          try {
            path = bench.dbPath(dbId);
          } catch {
            process.stderr.write(`skipped ${rs.length} question(s): database ${dbId} is not in the benchmark\n`);
            continue;
          }
          // As eval opens them: a small file copied into the workers, a big one read on demand.
          const opened = await openDbFile(pool, dbId, path);
          if (!opened.ok) {
            process.stderr.write(`skipped ${rs.length} question(s): database ${dbId}: ${opened.error.message} (${opened.error.code})\n`);
            continue;
          }
          for (const r of rs) {
            decided.set(r, (await askOne(ctx, dbId, opened.schema, r.id, r.question, r.evidence, asSampled(r))).line);
            progress({ done: decided.size, total: records.length, text: `${dbId}: ${r.id}` });
          }
          await pool.close(dbId);
        }
        warning = fitWarning(profile, [...new Set([...decided.keys()].map((r) => r.db_id))], (id) => id);
        for (const r of records) {
          const line = decided.get(r);
          if (!line) continue;
          lines.push(line);
          labels.push(line.candidate === null ? undefined : r.candidates[line.candidate]!.correct);
          bestLabels.push(line.best === null ? undefined : r.candidates[line.best]!.correct);
        }
      }
    } finally {
      pool.terminate();
      await scorer?.unload();
    }
    // One question on a terminal reads as text; --json, --out and pipes get the JSON lines other tools read.
    const asText = single && shown !== null && flags.out === undefined && flags.json !== true && process.stdout.isTTY === true;
    if (asText) {
      process.stdout.write(askText({ question: flags.question as string, result: shown!.result, decision: shown!.decision, profile, warning }));
      return 0;
    }
    const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    if (flags.out !== undefined) await writeFileAtomic(flags.out as string, text);
    else process.stdout.write(text);
    const answered = lines.filter((l) => l.decision === 'answer').length;
    const setting = `at risk ${risk}: ${riskWording(risk)}, on the profile's calibration data; profile "${profile.name}"${flags.out !== undefined ? ` → ${flags.out as string}` : ''}`;
    if (lines.length === 1) process.stderr.write(`${answered === 1 ? 'answered' : 'abstained'} ${setting}\n`);
    else
      process.stderr.write(
        `${answered} of ${lines.length} answered (coverage ${lines.length === 0 ? 'n/a' : (answered / lines.length).toFixed(3)}) ${setting}\n`,
      );
    if (warning !== null) process.stderr.write(`warning: ${warning}\n`);
    const known = labels.filter((l): l is boolean => l !== undefined);
    if (answered > 0 && known.length === answered) {
      process.stderr.write(
        `realized risk among answered (from the file's correct labels): ${known.filter((c) => !c).length} wrong of ${answered} = ${(known.filter((c) => !c).length / answered).toFixed(3)}\n`,
      );
    }
    const withheld = lines.map((l, i) => (l.decision === 'abstain' ? bestLabels[i] : undefined)).filter((l): l is boolean => l !== undefined);
    if (withheld.length > 0 && withheld.length === lines.length - answered) {
      process.stderr.write(`best guesses withheld: ${withheld.filter((c) => c).length} of ${withheld.length} would have been right\n`);
    }
    return 0;
  },
};
