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
 * realized risk among answered questions is printed to stderr. The flags
 * and inputs are checked and the profile, risk and ORM read in
 * ask-setup.ts, the questions asked in ask-questions.ts; this file runs
 * them in turn and writes what came of them.
 */
import { riskWording } from '../../core/pipeline/decide.ts';
import { ormVerifier } from '../../engines/orm/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { writeFileAtomic } from '../../node/files.ts';
import { createNodeSqlPool } from '../../node/sql-pool.ts';
import { numberFlag, parseFlags } from '../args.ts';
import { askText } from '../ask-text.ts';
import type { Command } from '../command.ts';
import { ASK_SPEC } from '../specs.ts';
import { askBench, askQuestion, type AskContext, type AskOutcome } from './ask-questions.ts';
import { askScorer, BUNDLED_PROFILE, checkAskFlags, readProfile, riskFlag, type AskFlags, type AskInput } from './ask-setup.ts';

const spec = ASK_SPEC;

/** The summary on stderr: how many answered at which risk and profile, the fit warning, and what the file's labels say of the answers and of the best guesses withheld. */
function writeSummary(outcome: AskOutcome, profile: CalibrationProfile, risk: number, out: string | undefined): void {
  const { lines, warning, labels, bestLabels } = outcome;
  const answered = lines.filter((l) => l.decision === 'answer').length;
  const setting = `at risk ${risk}: ${riskWording(risk)}, on the profile's calibration data; profile "${profile.name}"${out !== undefined ? ` → ${out}` : ''}`;
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
}

/**
 * Writes what came of the questions: one question on a terminal as text;
 * else the JSON lines to `--out` or stdout, and the summary on stderr.
 */
async function writeOutcome(flags: AskFlags, input: AskInput, outcome: AskOutcome, profile: CalibrationProfile, risk: number): Promise<void> {
  const { shown, warning } = outcome;
  // One question on a terminal reads as text; --json, --out and pipes get the JSON lines other tools read.
  if (input.kind === 'db' && shown !== null && flags.out === undefined && !flags.json && process.stdout.isTTY === true) {
    process.stdout.write(askText({ question: input.question, result: shown.result, decision: shown.decision, profile, warning }));
    return;
  }
  const text = outcome.lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  if (flags.out !== undefined) await writeFileAtomic(flags.out, text);
  else process.stdout.write(text);
  writeSummary(outcome, profile, risk, flags.out);
}

export const askCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const input = checkAskFlags(flags);
    const profile = await readProfile(flags.profile ?? BUNDLED_PROFILE);
    const risk = riskFlag(flags, profile);
    const scorer = await askScorer(flags, profile);
    const sqlPool = createNodeSqlPool({ timeoutMs: numberFlag(flags, 'timeout-ms', 5000) });
    const ctx: AskContext = { sqlPool, profile, risk, verifiers: scorer ? [ormVerifier(scorer)] : [] };
    let outcome: AskOutcome;
    try {
      outcome = input.kind === 'db' ? await askQuestion(ctx, input) : await askBench(ctx, input);
    } finally {
      sqlPool.terminate();
      await scorer?.unload();
    }
    await writeOutcome(flags, input, outcome, profile, risk);
    return 0;
  },
};
