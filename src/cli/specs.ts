/**
 * The flags of every `confide` subcommand, declared once (help text and
 * parsing both read them), apart from the commands' code: `confide --help`
 * and `confide <command> --help` read these alone and load no command
 * (commands.ts loads a command's code only when it runs). Each is declared
 * `as const satisfies CommandSpec`, so its flags keep their literal types
 * and what parseFlags returns is typed from them (args.ts `ParsedFlags`):
 * `flags.out` is a string where `--out` is required, a misspelt flag name
 * does not compile.
 */
import { DEFAULT_TARGET_RISK } from '../core/pipeline/decide.ts';
import { EQUIVALENCE_RULES } from '../core/results/rules.ts';
import { REWARD_MODEL } from '../core/verifiers/reward-model.ts';
import type { CommandSpec } from './args.ts';
import { askVerifierFlags, evalVerifierFlag } from './verifier-flags.ts';

/** The labeling rules, each with the published evaluator it reproduces. */
const RULE_HELP = `labels as a published evaluator gives them: ${EQUIVALENCE_RULES.map((r) => `${r.rule} (${r.source})`).join(' | ')}`;

/** Flags shared by the commands that execute a candidate file against a benchmark (label, eval, curate). */
export const BENCH_FLAGS = {
  bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
  split: { type: 'string', default: 'dev', help: 'question file <split>.json' },
  candidates: { type: 'string', required: true, help: 'candidate file (JSON Lines)' },
  rule: { type: 'string', default: 'spider', help: RULE_HELP },
  'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
  workers: { type: 'string', help: 'SQL worker threads (default min(4, cores))' },
} as const satisfies CommandSpec['flags'];

/** `confide schema`: its flags. */
export const SCHEMA_SPEC = {
  name: 'schema',
  summary: 'print a SQLite database schema (tables and views, columns, types, keys, row counts, samples): text on a terminal, else JSON',
  flags: {
    db: { type: 'string', required: true, help: 'the SQLite file' },
    json: { type: 'boolean', help: 'JSON even on a terminal (a pipe or a file always gets JSON)' },
  },
} as const satisfies CommandSpec;

/** `confide label`: its flags. */
export const LABEL_SPEC = {
  name: 'label',
  summary: 'label candidates by execution equivalence against gold SQL',
  flags: { ...BENCH_FLAGS, out: { type: 'string', required: true, help: 'labeled candidate file to write' } },
} as const satisfies CommandSpec;

/** `confide eval`: its flags. */
export const EVAL_SPEC = {
  name: 'eval',
  summary: 'AUROC with bootstrap CIs, calibration, selective prediction, certificate and Best-of-N on a candidate file',
  flags: {
    ...BENCH_FLAGS,
    bootstrap: { type: 'string', default: '2000', help: 'bootstrap resamples' },
    seed: { type: 'string', default: '1', help: 'seed of every random step' },
    folds: { type: 'string', default: '2', help: 'cross-fit folds (split by question)' },
    group: { type: 'string', help: 'cross-fit leave-one-group-out by this field (db_id)' },
    json: { type: 'string', help: 'write the full report as JSON' },
    'per-question': { type: 'string', help: 'write one JSON line per question' },
    ...evalVerifierFlag(REWARD_MODEL.control),
  },
} as const satisfies CommandSpec;

/** `confide ask`: its flags. */
export const ASK_SPEC = {
  name: 'ask',
  summary: 'answer or abstain on given SQL candidates: one question (--db) or a whole candidate file (--bench)',
  flags: {
    db: { type: 'string', help: 'SQLite file (one question; with --question)' },
    question: { type: 'string', help: 'the question (with --db)' },
    evidence: { type: 'string', help: 'an optional hint for the question (with --db)' },
    bench: { type: 'string', help: 'benchmark folder (Spider or BIRD layout; with a candidate file)' },
    split: { type: 'string', default: 'dev', help: 'question file <split>.json (with --bench)' },
    candidates: {
      type: 'string',
      required: true,
      help: 'candidates: a file, or - for stdin (with --db: lines, .sql or JSON lines; with --bench: a candidate file)',
    },
    risk: {
      type: 'string',
      help: `target risk: at most this share of the answers given wrong, on the profile's calibration data (one the profile offers; default ${DEFAULT_TARGET_RISK})`,
    },
    profile: { type: 'string', help: 'calibration profile JSON, or a confide eval --json report (its fitted profile); default: the bundled profile' },
    ...askVerifierFlags(REWARD_MODEL.control),
    out: { type: 'string', help: 'decisions file to write (JSON Lines; default stdout)' },
    json: {
      type: 'boolean',
      default: false,
      help: 'JSON lines on stdout even on a terminal (one question on a terminal is otherwise shown as text; pipes and files always get JSON lines)',
    },
    'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
  },
} as const satisfies CommandSpec;

/** `confide synth`: its flags. */
export const SYNTH_SPEC = {
  name: 'synth',
  summary: 'simulate N sampled candidates per question from gold SQL and the mutation generator (no LLM)',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
    split: { type: 'string', default: 'dev', help: 'question file <split>.json' },
    n: { type: 'string', default: '8', help: 'candidates per question' },
    seed: { type: 'string', default: '1', help: 'seed' },
    limit: { type: 'string', help: 'only the first L questions' },
    out: { type: 'string', required: true, help: 'candidate file to write' },
  },
} as const satisfies CommandSpec;

/** `confide curate`: its flags. */
export const CURATE_SPEC = {
  name: 'curate',
  summary: 'curate execution-labeled candidates (gold + mutations + candidate files) for training a verifier',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider or BIRD layout)' },
    split: { type: 'string', default: 'train', help: 'question file <split>.json' },
    mutations: { type: 'string', default: '8', help: 'mutants per gold query' },
    candidates: { type: 'string', help: 'extra candidates (JSON Lines), e.g. LLM samples' },
    out: { type: 'string', required: true, help: 'curated candidate file to write' },
    balance: { type: 'boolean', default: false, help: 'balance correct/incorrect 50/50' },
    'keep-failed': { type: 'boolean', default: false, help: 'keep candidates that fail to execute (flagged with exec_error)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    rule: { type: 'string', default: 'spider', help: RULE_HELP },
    'timeout-ms': { type: 'string', default: '5000', help: 'per-query time limit' },
    report: { type: 'string', help: 'also write the curation report (Markdown) here' },
  },
} as const satisfies CommandSpec;
