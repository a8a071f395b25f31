/**
 * What `confide ask` checks and reads before it asks anything: its flags and
 * inputs (one question on a database, or a whole candidate file against a
 * benchmark; every path checked and every output guarded before any work),
 * the calibration profile, the target risk it offers, and the ORM scorer
 * (the one given, else the bundled one when the profile reads its signals).
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_TARGET_RISK, targetRisks } from '../../core/pipeline/decide.ts';
import { checkProfile } from '../../core/profile-check.ts';
import { profileSignals, type CalibrationProfile } from '../../core/profile.ts';
import { readsVerifier, REWARD_MODEL } from '../../core/verifiers/index.ts';
import { checkInputs, readInputText } from '../../node/input-file.ts';
import { PROJECT_ROOT } from '../../node/locations.ts';
import { ormSidecarPath } from '../../node/orm/attach.ts';
import { loadOrmScorer, type OrmScorer } from '../../node/orm/score.ts';
import { numberFlag, UsageError, type ParsedFlags } from '../args.ts';
import { flagPath, guardOutputs } from '../outputs.ts';
import type { ASK_SPEC } from '../specs.ts';

/** The profile the app ships and uses by default. */
export const BUNDLED_PROFILE = fileURLToPath(new URL('public/profiles/default.json', PROJECT_ROOT));
/** The ORM the app ships: scored by default when the profile reads an ORM signal. */
export const BUNDLED_ORM = fileURLToPath(new URL('public/models/orm-v2.onnx', PROJECT_ROOT));

/** `confide ask`'s flags, as parseFlags gives them. */
export type AskFlags = ParsedFlags<typeof ASK_SPEC>;

/** One question on one database (`--db`): its text, its optional hint, and where its candidates are (`-` for stdin). */
export interface DbQuestion {
  readonly kind: 'db';
  readonly db: string;
  readonly question: string;
  readonly evidence: string | undefined;
  readonly candidates: string;
}

/** Every question of a candidate file, against a benchmark's split (`--bench`). */
export interface BenchQuestions {
  readonly kind: 'bench';
  readonly bench: string;
  readonly split: string;
  readonly candidates: string;
}

/** What `confide ask` was asked: one question or a whole candidate file. */
export type AskInput = DbQuestion | BenchQuestions;

/** `--db` or `--bench`, exactly one (UsageError otherwise). */
function dbOrBench({ db, bench }: AskFlags): { readonly db: string; readonly bench: undefined } | { readonly db: undefined; readonly bench: string } {
  if (db !== undefined && bench === undefined) return { db, bench };
  if (db === undefined && bench !== undefined) return { db, bench };
  throw new UsageError('give either --db (with --question) or --bench');
}

/**
 * Checks ask's flags and inputs before any work, in this order: `--db` or
 * `--bench` (one of them), every input path, `--orm` against `--no-orm`, the
 * outputs (never an input, a database's sidecar or inside the benchmark),
 * then the question flags (`--question` with `--db` only, `--evidence`
 * likewise). Throws UsageError, or the input's or output's own error.
 *
 * @example
 * checkAskFlags(parseFlags(ASK_SPEC, ['--db', 'x.sqlite', '--question', 'how many?', '--candidates', '-']));
 * // { kind: 'db', db: 'x.sqlite', question: 'how many?', evidence: undefined, candidates: '-' }
 */
export function checkAskFlags(flags: AskFlags): AskInput {
  const on = dbOrBench(flags);
  const { candidates, question, evidence, split } = flags;
  const candidateFile = candidates === '-' ? undefined : flagPath(flags, 'candidates');
  checkInputs([
    flagPath(flags, 'db'),
    on.bench === undefined ? undefined : { flag: '--bench', path: on.bench, kind: 'folder' },
    candidateFile,
    flagPath(flags, 'profile'),
    flagPath(flags, 'orm'),
  ]);
  if (flags.orm !== undefined && flags['no-orm']) throw new UsageError('give --orm or --no-orm, not both');
  const sidecar = flags.orm === undefined ? undefined : ormSidecarPath(flags.orm);
  guardOutputs({
    outputs: [flagPath(flags, 'out')],
    inputs: [candidateFile, flagPath(flags, 'profile'), flagPath(flags, 'orm'), sidecar === undefined ? undefined : { flag: '--orm', path: sidecar }],
    databases: [flagPath(flags, 'db')],
    ...(on.bench === undefined ? {} : { bench: { dir: on.bench, split } }),
  });
  if (on.db !== undefined) {
    if (question === undefined) throw new UsageError('--db needs --question');
    return { kind: 'db', db: on.db, question, evidence, candidates };
  }
  if (question !== undefined || evidence !== undefined)
    throw new UsageError('--question and --evidence go with --db; with --bench the questions come from the candidate file');
  return { kind: 'bench', bench: on.bench, split, candidates };
}

/** The largest profile (or `confide eval --json` report) read. */
const PROFILE_MAX_BYTES = 64 * 2 ** 20;

/**
 * Reads `--profile`: a calibration profile, or a `confide eval --json`
 * report (its fitted profile); UsageError when it is not JSON or not a profile.
 *
 * @example
 * const profile = await readProfile(flags.profile ?? BUNDLED_PROFILE);
 */
export async function readProfile(path: string): Promise<CalibrationProfile> {
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

/**
 * Reads `--risk` (default DEFAULT_TARGET_RISK): one of the target risks the profile has thresholds for.
 *
 * @example
 * riskFlag(parseFlags(ASK_SPEC, ['--bench', 'spider', '--candidates', 'c.jsonl', '--risk', '0.1']), profile); // 0.1
 */
export function riskFlag(flags: AskFlags, profile: CalibrationProfile): number {
  const risk = numberFlag(flags, 'risk', DEFAULT_TARGET_RISK);
  const offered = targetRisks(profile);
  if (!offered.includes(risk)) throw new UsageError(`--risk ${risk}: profile "${profile.name}" has thresholds for ${offered.join(', ')}`);
  return risk;
}

/**
 * Loads the ORM ask scores with: none with `--no-orm`, else `--orm`, else
 * the bundled one when the profile reads the orm signals (else none). A
 * note on stderr says when the profile does not read the model given.
 *
 * @example
 * const scorer = await askScorer(flags, profile); // null: no ORM
 */
export async function askScorer(flags: AskFlags, profile: CalibrationProfile): Promise<OrmScorer | null> {
  const { flag } = REWARD_MODEL.control;
  const readsOrm = readsVerifier(profileSignals(profile), REWARD_MODEL);
  const ormFile = flags[`no-${flag}`] ? undefined : (flags[flag] ?? (readsOrm ? BUNDLED_ORM : undefined));
  const scorer = ormFile === undefined ? null : await loadOrmScorer(ormSidecarPath(ormFile));
  if (scorer !== null && !readsOrm) {
    process.stderr.write(
      `note: profile "${profile.name}" does not use the ${REWARD_MODEL.name} signals, so --${flag} does not change P(correct); fit one with it (confide eval --${flag} MODEL --json report.json) and pass --profile report.json\n`,
    );
  }
  return scorer;
}
