/**
 * Fits Confide's default calibration profile, `public/profiles/default.json`,
 * on the project's own data: the 40 demo questions (`public/demo/dev.json`)
 * with the replay candidates of `public/demo/candidates.jsonl` (made by the
 * mutation generator, see scripts/build-demo-candidates.ts), executed against
 * the demo database and labelled by execution equivalence (spider rule). The
 * profile is `evaluate()`'s fitted profile (the same code as `confide eval`
 * and the Evaluate screen): the cross-fit combiner's final model and the
 * threshold for each target risk, with its provenance (data, generator,
 * cross-fit ECE and AUROC).
 *
 * Run: `npx tsx scripts/fit-default-profile.ts` (after build-demo-candidates).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCandidateFile } from '../src/core/bench/candidate-file.ts';
import { prepareQuestion } from '../src/core/eval/prepare.ts';
import { evaluate } from '../src/core/eval/report.ts';
import type { CalibrationProfile } from '../src/core/profile.ts';
import { loadSqlRunner } from '../src/engines/sql/load.ts';
import { DEMO_CANDIDATES_PATH, DEMO_CANDIDATES_SEED, DEMO_N } from './build-demo-candidates.ts';
import { buildDemo, DEMO_DB_PATH } from './build-demo.ts';

export const DEFAULT_PROFILE_PATH = fileURLToPath(new URL('../public/profiles/default.json', import.meta.url));
/** The seed of every random step of the fit (folds, bootstrap, half split). */
export const PROFILE_SEED = 1;

/**
 * Fits the profile. `created` is written into the provenance as given.
 *
 * @example const profile = await fitDefaultProfile('2025-11-29');
 */
export async function fitDefaultProfile(created: string): Promise<CalibrationProfile> {
  await buildDemo();
  const runner = await loadSqlRunner();
  const opened = runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
  if (!opened.ok) throw new Error(`demo database: ${opened.error.message}`);
  const schema = runner.schema('demo');
  if (!schema.ok) throw new Error(`demo schema: ${schema.error.message}`);
  const { records } = parseCandidateFile(readFileSync(DEMO_CANDIDATES_PATH, 'utf8'), 'candidates.jsonl');
  const prepared = [];
  for (const record of records) {
    prepared.push(
      await prepareQuestion(record, {
        runMany: async (sqls) => sqls.map((s) => runner.exec('demo', s)),
        normalizedSql: async (s) => runner.normalizedSql('demo', s),
        schema: schema.schema,
      }),
    );
  }
  const report = evaluate(prepared, {
    bootstrap: 1000,
    seed: PROFILE_SEED,
    profileName: 'Default (demo data)',
    provenance: {
      data: `demo bookshop database, ${records.length} questions (public/demo/dev.json)`,
      generator: `Confide's mutation generator over the gold queries (scripts/build-demo-candidates.ts, seed ${DEMO_CANDIDATES_SEED}, N = ${DEMO_N}); no language model`,
      created,
      notes: 'Fit on invented demo data with mutation candidates: a starting point only. Fit a profile on your own evaluation run for real use.',
    },
  });
  return report.profile;
}

async function main(): Promise<void> {
  const profile = await fitDefaultProfile(new Date().toISOString().slice(0, 10));
  writeFileSync(DEFAULT_PROFILE_PATH, `${JSON.stringify(profile, null, 2)}\n`);
  const p = profile.provenance;
  process.stdout.write(`wrote ${DEFAULT_PROFILE_PATH}: ${profile.signals.join(', ')}; ECE ${p.ece.toFixed(3)}, AUROC ${p.auroc.toFixed(3)}; thresholds ${profile.thresholds.map((t) => `${t.target_risk}→${t.threshold?.toFixed(3) ?? 'none'}`).join(' ')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
