/**
 * Fits Confide's default calibration profile, `public/profiles/default.json`,
 * on real systems' candidates: `../shared/data/real-candidates/spider-dev-A.jsonl`
 * (484 Spider dev questions on 9 databases, the SQL of 19 published
 * text-to-SQL systems each), executed against `../shared/data/spider` and
 * labeled by execution equivalence (spider rule), read at run time and never
 * copied into the repository. The profile is `evaluate()`'s fitted profile
 * (the same code as `confide eval` and the Evaluate screen) with
 * leave-one-database-out cross-fitting: the guarded combiner's final model,
 * the threshold for each target risk (the larger of the calibration-half
 * threshold and 1 − target risk, see below), and its provenance (data,
 * systems, out-of-fold ECE and AUROC, the best single signal and whether the
 * profile beats it).
 *
 * Run: `npm run profile:fit` (needs ../shared; about a minute on two cores).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../src/core/eval/report.ts';
import type { CalibrationProfile } from '../src/core/profile.ts';
import { loadBenchmark, readCandidateFile } from '../src/node/bench.ts';
import { prepareRun } from '../src/node/prepare.ts';
import { createNodeSqlPool } from '../src/node/sql-pool.ts';

export const DEFAULT_PROFILE_PATH = fileURLToPath(new URL('../public/profiles/default.json', import.meta.url));
/** The seed of every random step of the fit (folds, bootstrap, half split). */
export const PROFILE_SEED = 1;

/** Where the real candidates and their databases are read from at run time. */
export interface ProfileData {
  readonly bench: string;
  readonly candidates: string;
}

export const REAL_PROFILE_DATA: ProfileData = {
  bench: fileURLToPath(new URL('../../shared/data/spider', import.meta.url)),
  candidates: fileURLToPath(new URL('../../shared/data/real-candidates/spider-dev-A.jsonl', import.meta.url)),
};

/** True when both the Spider folder and the real candidates are present. */
export function profileDataPresent(data: ProfileData = REAL_PROFILE_DATA): boolean {
  return existsSync(`${data.bench}/dev.json`) && existsSync(data.candidates);
}

/**
 * Fits the profile. `created` is written into the provenance as given.
 * Throws when the data is absent (check {@link profileDataPresent} first).
 *
 * @example const profile = await fitDefaultProfile('2026-12-01');
 */
export async function fitDefaultProfile(created: string, data: ProfileData = REAL_PROFILE_DATA): Promise<CalibrationProfile> {
  if (!profileDataPresent(data)) throw new Error(`fit-default-profile: no real candidates at ${data.candidates} or no Spider at ${data.bench}`);
  const bench = await loadBenchmark(data.bench);
  const records = await readCandidateFile(data.candidates);
  const pool = createNodeSqlPool({ size: 2 });
  let run;
  try {
    run = await prepareRun(records, bench, { pool, rule: 'spider' });
  } finally {
    pool.terminate();
  }
  const dbs = new Set(run.prepared.map((p) => p.db_id));
  const systems = new Set(records.flatMap((r) => r.candidates.map((c) => c.source ?? '')));
  const report = evaluate(run.prepared, {
    bootstrap: 1000,
    seed: PROFILE_SEED,
    group: 'db_id',
    profileName: 'Default (real candidates, Spider dev part A)',
    provenance: {
      data: `Spider dev, ${run.prepared.length} questions on ${dbs.size} databases (real-candidates/spider-dev-A.jsonl), labeled by execution against the Spider databases (spider rule)`,
      generator: `${systems.size} published text-to-SQL systems' SQL, one candidate per system per question (DIN-SQL GPT-4/Codex, C3, TA-SQL, NL2SQL-Bench runs; see the model card and the data's README for sources and licences); no sampling from one model`,
      created,
      notes: 'Cross-fit leave-one-database-out. Pools come from 19 different systems, not from N samples of one model: agreement here is agreement between systems. Refit on your own evaluation run (your generator, your databases) for real use.',
    },
  });
  // The bundled profile is used on databases and generators it was not fit on, so each threshold is
  // also at least 1 − target risk: an answer is given only when its own P(correct) meets the level the
  // risk control promises ("at least 80% likely right"), not only the average over Spider-A's answers.
  const thresholds = report.profile.thresholds.map((t) => ({
    target_risk: t.target_risk,
    threshold: t.threshold === null ? null : Math.max(t.threshold, 1 - t.target_risk),
  }));
  const spiderThresholds = report.profile.thresholds.map((t) => `${t.target_risk}: ${t.threshold === null ? 'none' : t.threshold.toFixed(3)}`).join(', ');
  return {
    ...report.profile,
    thresholds,
    provenance: {
      ...report.profile.provenance,
      notes: `${report.profile.provenance.notes ?? ''} Thresholds are the larger of the calibration-half threshold on these questions (${spiderThresholds}) and 1 − target risk, because ${(report.accuracy_modal * 100).toFixed(1)}% of the modal answers here are right and the calibration-half rule alone would answer every question at 20% risk on any data.`.trim(),
    },
  };
}

async function main(): Promise<void> {
  const profile = await fitDefaultProfile(new Date().toISOString().slice(0, 10));
  writeFileSync(DEFAULT_PROFILE_PATH, `${JSON.stringify(profile, null, 2)}\n`);
  const p = profile.provenance;
  process.stdout.write(
    `wrote ${DEFAULT_PROFILE_PATH}: ${profile.signals.join(', ')}; ECE ${p.ece.toFixed(3)}, AUROC ${p.auroc.toFixed(3)}; ${p.combiner}; ` +
      `best single ${p.best_single?.name} ${p.best_single?.auroc.toFixed(3)} (diff ${p.best_single?.diff.toFixed(3)}); no better than best: ${p.no_better_than_best}; ` +
      `thresholds ${profile.thresholds.map((t) => `${t.target_risk}→${t.threshold?.toFixed(3) ?? 'none'}`).join(' ')}\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
