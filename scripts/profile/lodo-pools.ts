/**
 * `npx tsx scripts/profile/lodo-pools.ts [--mutants MUTANTS.jsonl] [--sizes 1,2,3,5,8,19] [--risks 0.1,0.2] [--seed 1] [--verifier orm-v4] [--train-scores nested|lodo] [--cache FILE] [--json out.json]`
 *
 * Measures the default profile's recipe on real systems' pools,
 * leave-one-database-out: for each of Spider-A's 9 databases, a profile is
 * fit exactly as `npm run profile:fit` fits the bundled one (evaluate() with
 * leave-one-database-out cross-fitting and bands by pool size) on the other
 * 8 databases, with `orm_sql` on every training candidate from a verifier that
 * saw neither the held-out database nor the candidate's own (real-pools.ts);
 * then every question of the held-out database, its pool cut to k candidates
 * (seeded), goes through `confide ask`'s own path (runAsk, then decide at
 * each risk; the held-out candidates' `orm_sql` from a verifier that never
 * saw their database), and its best guess is checked against its label.
 *
 * Printed per k and risk: coverage, realized risk among answered (with the
 * number wrong), how many best guesses reaching the threshold were withheld as
 * ties (P within noise of another result's: core/pipeline/ties.ts) and how
 * many of those were right, ECE of the best guesses' P(correct) (10
 * equal-width bins), best-guess accuracy, and how many distinct P values
 * there were.
 */
import { writeFileSync } from 'node:fs';
import { labeledSpiderA, mutantRows, ormSqlSource, REAL_DATA, realDataPresent, withOrmSql, type TextRow } from './real-pools.ts';
import { ormSqlEvidenceSource, ormSqlStackedSource } from './recipe-sources.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { evaluate } from '../../src/core/eval/report.ts';
import { PROFILE_THRESHOLD_AIM, PROFILE_VERIFIER } from '../fit-default-profile.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { subsamplePrepared } from '../../src/core/eval/subsample.ts';
import type { ExecOutcome } from '../../src/core/exec/types.ts';
import { fixedCandidates } from '../../src/core/pipeline/candidate-text.ts';
import { decide } from '../../src/core/pipeline/decide.ts';
import { runAsk } from '../../src/core/pipeline/ask.ts';
import type { CalibrationProfile } from '../../src/core/profile.ts';
import { askRegistry } from '../../src/core/pipeline/ask-registry.ts';
import { calibration, createRng } from '../../src/core/stats/index.ts';
import { loadBenchmark } from '../../src/node/bench.ts';
import { createNodeSqlPool, openDbFile } from '../../src/node/sql-pool.ts';

const spec: CommandSpec = {
  name: 'profile:lodo-pools',
  summary: 'measure the default profile recipe on Spider-A, leave-one-database-out, at several pool sizes',
  flags: {
    mutants: {
      type: 'string',
      help: 'labeled mutants of Spider train gold (confide synth --split train --n 8 --seed 1, then confide label); default: made here the same way',
    },
    sizes: { type: 'string', default: '1,2,3,5,8,19', help: 'pool sizes to cut to' },
    risks: { type: 'string', default: '0.1,0.2,0.3,0.4', help: 'target risks' },
    seed: { type: 'string', default: '1', help: 'seed of the fits and the cuts' },
    json: { type: 'string', help: 'write the figures here' },
    cache: { type: 'string', help: 'keep the fitted verifiers in this file, to reuse on the next run (scratch space, outside the repository)' },
    aim: { type: 'string', help: "share of each promise the thresholds aim at (default: the default profile's)" },
    rows: {
      type: 'string',
      help: 'also write one line per question and size ({db, k, p, correct, answered: risks, ruled_out: risks at which a finding withheld a best guess that reached its threshold, signals}) here',
    },
    verifier: {
      type: 'string',
      default: PROFILE_VERIFIER,
      help: "the orm_sql recipe: orm-v4 (trees over the evidence of what the query returns and orm-v2's score, nested), orm-v3 (trees over the evidence) or orm-v2 (question and SQL only); default: the default profile's",
    },
    'no-evidence': {
      type: 'boolean',
      default: false,
      help: 'leave out the evidence of what each query returns (by default its probes run on the held-out database, as confide ask runs them, so decisions withhold what it shows to be a mistake)',
    },
    'train-scores': {
      type: 'string',
      default: 'nested',
      help: "nested (each fold's training candidates scored by verifiers that saw neither the held-out database nor their own) or lodo (only not their own; cheaper)",
    },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

/** One question's decision at one pool size; `tied`: risks at which a tie (core/pipeline/ties.ts) withheld a best guess that reached its threshold. */
interface Outcome {
  db: string;
  k: number;
  p: number;
  correct: boolean;
  answered: Map<number, boolean>;
  tied: Set<number>;
  ruledOut: Set<number>;
  signals: Readonly<Record<string, number | null>>;
}

/** Runs probe queries on the held-out database, their answers kept by text (undefined: evidence is not read). */
type ProbeRunner = { run(sqls: readonly string[]): Promise<ExecOutcome[]>; cache: Map<string, ExecOutcome> } | undefined;

/**
 * `confide ask`'s path over already executed candidates: runAsk with a runMany that answers the candidates from
 * the labeled run and, with `probes`, the evidence's probe queries from the database, so the decision sees the
 * findings `confide ask` sees.
 */
async function ask(
  q: PreparedQuestion,
  profile: CalibrationProfile,
  risks: readonly number[],
  probes: ProbeRunner,
): Promise<{
  p: number;
  best: number;
  answered: Map<number, boolean>;
  tied: Set<number>;
  ruledOut: Set<number>;
  signals: Readonly<Record<string, number | null>>;
}> {
  const outcomes = new Map<string, ExecOutcome>();
  q.candidates.forEach((c) => outcomes.set(c.record.sql, c.outcome));
  const normalized = new Map(q.view.candidates.map((c) => [c.sql, c.normalizedSql ?? null] as const));
  const registry = askRegistry(profile, []);
  const sampled = q.view.candidates.map((c) => ({ sql: c.sql, source: 'file', ...(c.scores ? { scores: c.scores } : {}) }));
  const out = await runAsk(
    { question: q.question, ...(q.evidence ? { evidence: q.evidence } : {}), schema: q.view.schema! },
    {
      generator: fixedCandidates(sampled),
      runMany: async (sqls) => (sqls.every((s) => outcomes.has(s)) || probes === undefined ? sqls.map((s) => outcomes.get(s)!) : probes.run(sqls)),
      normalizedSql: async (s) => normalized.get(s) ?? null,
      registry,
      profile,
      evidence: probes !== undefined,
      ...(probes === undefined ? {} : { probeCache: probes.cache }),
    },
  );
  if (!out.ok) throw new Error(`${q.id}: ${out.error.message}`);
  const decisions = risks.map((r) => [r, decide(out.result, profile, r)] as const);
  const answered = new Map(decisions.map(([r, d]) => [r, d.kind === 'answer'] as const));
  const tied = new Set(decisions.filter(([, d]) => d.tied.length > 0 && d.threshold !== null && d.probability >= d.threshold).map(([r]) => r));
  const ruledOut = new Set(
    decisions.filter(([, d]) => d.ruledOut.length > 0 && d.tied.length === 0 && d.threshold !== null && d.probability >= d.threshold).map(([r]) => r),
  );
  return { p: out.result.probability, best: out.result.chosen, answered, tied, ruledOut, signals: out.result.signals };
}

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('profile:lodo-pools: ../shared/data (Spider, real candidates, BIRD runs) is not here; nothing to measure\n');
    return 2;
  }
  const t0 = performance.now();
  const seed = Number(flags.seed);
  const sizes = String(flags.sizes).split(',').map(Number);
  const risks = String(flags.risks).split(',').map(Number);
  const prepared = await labeledSpiderA(REAL_DATA);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  let made: Promise<readonly TextRow[]> | null = null;
  const mutants = (): Promise<readonly TextRow[]> => (made ??= mutantRows(data));
  const cache = flags.cache === undefined ? undefined : String(flags.cache);
  const orm =
    flags.verifier === 'orm-v2'
      ? ormSqlSource(prepared, data, mutants, seed, 10, cache)
      : flags.verifier === 'orm-v4'
        ? await ormSqlStackedSource(prepared, data, mutants, seed, cache)
        : await ormSqlEvidenceSource(prepared, data, mutants, seed);
  const dbs = [...new Set(prepared.map((p) => p.db_id))];
  process.stderr.write(`${prepared.length} questions on ${dbs.length} databases; features ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  const withEvidence = flags['no-evidence'] !== true;
  const bench = withEvidence ? await loadBenchmark(REAL_DATA.bench) : undefined;
  const sqlPool = createNodeSqlPool({ size: 2, timeoutMs: 2000 });
  const outcomes: Outcome[] = [];
  const folds: { db: string; bands: string[] }[] = [];
  for (const d of dbs) {
    const train = prepared.filter((p) => p.db_id !== d);
    const test = prepared.filter((p) => p.db_id === d);
    // Nested (default): the training candidates' orm_sql from verifiers that saw neither d nor their own database.
    // `--train-scores lodo`: from verifiers that never saw their own database only (d's labels reach the fold's
    // training scores through those verifiers; d's own scores never see d): one fit per database instead of per pair.
    const trainScored = withOrmSql(train, await orm.scoresFor(train, (e) => (flags['train-scores'] === 'lodo' ? [e] : [d, e])));
    const testScored = withOrmSql(test, await orm.scoresFor(test, (e) => [e]));
    const profile = evaluate(trainScored, {
      group: 'db_id',
      bootstrap: 200,
      seed,
      profileName: `without ${d}`,
      thresholdAim: flags.aim === undefined ? PROFILE_THRESHOLD_AIM : Number(flags.aim),
    }).profile;
    folds.push({
      db: d,
      bands: profile.bands.map((b) => `${b.min}-${b.max ?? '∞'}: ${b.fit?.combiner} [${b.thresholds.map((t) => t.threshold?.toFixed(2) ?? 'none').join(' ')}]`),
    });
    const opened = withEvidence ? await openDbFile(sqlPool, d, bench!.dbPath(d)) : undefined;
    if (opened !== undefined && !opened.ok) throw new Error(`${d}: ${opened.error.message}`);
    const probes: ProbeRunner = withEvidence ? { run: (sqls) => sqlPool.runMany(d, sqls), cache: new Map() } : undefined;
    for (const k of sizes) {
      const rng = createRng(seed * 7919 + k);
      for (const q of testScored) {
        const cut = subsamplePrepared(q, k, rng);
        const r = await ask(cut, profile, risks, probes);
        outcomes.push({
          db: d,
          k,
          p: r.p,
          correct: r.best >= 0 && cut.candidates[r.best]!.correct === true,
          answered: r.answered,
          tied: r.tied,
          ruledOut: r.ruledOut,
          signals: r.signals,
        });
      }
    }
    if (withEvidence) await sqlPool.close(d);
    process.stderr.write(
      `${d}: ${test.length} questions; ${folds.at(-1)!.bands.join('; ')}; ${orm.fits()} verifier fits; ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
  }
  const table = sizes.map((k) => {
    const at = outcomes.filter((o) => o.k === k);
    const p = Float64Array.from(at, (o) => (Number.isFinite(o.p) ? o.p : 0));
    const y = Uint8Array.from(at, (o) => (o.correct ? 1 : 0));
    return {
      k,
      questions: at.length,
      best_accuracy: y.reduce((a, b) => a + b, 0) / at.length,
      ece: calibration(p, y).ece,
      distinct_p: new Set(at.map((o) => o.p.toFixed(6))).size,
      by_risk: risks.map((r) => {
        const answered = at.filter((o) => o.answered.get(r));
        const wrong = answered.filter((o) => !o.correct).length;
        const tied = at.filter((o) => o.tied.has(r));
        const ruled = at.filter((o) => o.ruledOut.has(r));
        return {
          target_risk: r,
          coverage: answered.length / at.length,
          risk: answered.length === 0 ? NaN : wrong / answered.length,
          answered: answered.length,
          wrong,
          tied_withheld: tied.length,
          tied_withheld_right: tied.filter((o) => o.correct).length,
          mistakes_withheld: ruled.length,
          mistakes_withheld_right: ruled.filter((o) => o.correct).length,
        };
      }),
    };
  });
  const pct = (x: number): string => (Number.isNaN(x) ? 'NaN' : `${(100 * x).toFixed(1)}%`);
  process.stdout.write(
    `k | questions | best-guess accuracy | ECE | distinct P | ${risks.map((r) => `risk ≤ ${r}: coverage / risk (wrong) [withheld as ties: right of them] {withheld as mistakes: right of them}`).join(' | ')}\n`,
  );
  for (const t of table) {
    process.stdout.write(
      `${t.k} | ${t.questions} | ${pct(t.best_accuracy)} | ${t.ece.toFixed(3)} | ${t.distinct_p} | ${t.by_risk.map((b) => `${pct(b.coverage)} / ${pct(b.risk)} (${b.wrong}) [${b.tied_withheld}: ${b.tied_withheld_right}] {${b.mistakes_withheld}: ${b.mistakes_withheld_right}}`).join(' | ')}\n`,
    );
  }
  if (flags.rows !== undefined)
    writeFileSync(
      String(flags.rows),
      outcomes
        .map((o) =>
          JSON.stringify({
            db: o.db,
            k: o.k,
            p: o.p,
            correct: o.correct,
            answered: [...o.answered].filter(([, a]) => a).map(([r]) => r),
            ruled_out: [...o.ruledOut],
            signals: o.signals,
          }),
        )
        .join('\n') + '\n',
    );
  if (flags.json !== undefined) writeFileSync(String(flags.json), JSON.stringify({ seed, sizes, risks, evidence: withEvidence, folds, table }, null, 2) + '\n');
  sqlPool.terminate();
  process.stderr.write(`${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
