/**
 * Test helper: the Ask pipeline over the demo database and the bundled replay
 * file, on Node (sql.js runner in-process), with the bundled default profile.
 * Browser tests use it to know which demo questions the app should answer.
 */
import { readFileSync } from 'node:fs';
import { parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { checkProfile } from '../../src/core/profile-check.ts';
import { ormVerifier } from '../../src/engines/orm/index.ts';
import { askRegistry, decide, runAsk, type AskResult, type Decision, type Verifier } from '../../src/core/pipeline/index.ts';
import { profileSignals, type CalibrationProfile } from '../../src/core/profile.ts';
import { loadOrmScorer } from '../../src/node/orm/score.ts';
import { createReplayGenerator } from '../../src/engines/llm/replay.ts';
import { loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';

export const CANDIDATES_PATH = new URL('../../public/demo/candidates.jsonl', import.meta.url);
export const PROFILE_PATH = new URL('../../public/profiles/default.json', import.meta.url);

export function defaultProfile(): CalibrationProfile {
  const r = checkProfile(JSON.parse(readFileSync(PROFILE_PATH, 'utf8')));
  if (!r.ok) throw new Error(r.error.message);
  return r.profile;
}

export interface DemoAsk {
  readonly question: string;
  readonly result: AskResult;
  readonly decision: Decision;
}

export const BUNDLED_ORM_SIDECAR = new URL('../../public/models/orm-v2.json', import.meta.url);

/**
 * Every demo question asked through the pipeline, decided at `risk` (default
 * profile unless given), scored by the bundled ORM as Ask scores by default
 * when the profile reads it (`orm: false` leaves it out).
 */
export async function askAllDemo(risk: number, profile: CalibrationProfile = defaultProfile(), options: { orm?: boolean } = {}): Promise<DemoAsk[]> {
  const useOrm = options.orm ?? profileSignals(profile).some((s) => s === 'orm' || s === 'orm_sql');
  const scorer = useOrm ? await loadOrmScorer(BUNDLED_ORM_SIDECAR.pathname) : null;
  const verifiers: Verifier[] = scorer === null ? [] : [ormVerifier(scorer)];
  try {
    return await askAll(risk, profile, verifiers);
  } finally {
    await scorer?.unload();
  }
}

async function askAll(risk: number, profile: CalibrationProfile, verifiers: readonly Verifier[]): Promise<DemoAsk[]> {
  const runner = await loadSqlRunner();
  const opened = runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
  if (!opened.ok) throw new Error(opened.error.message);
  const schema = runner.schema('demo');
  if (!schema.ok) throw new Error(schema.error.message);
  const { records } = parseCandidateFile(readFileSync(CANDIDATES_PATH, 'utf8'));
  const generator = createReplayGenerator(records);
  const out: DemoAsk[] = [];
  for (const r of records) {
    const asked = await runAsk(
      { question: r.question, schema: schema.schema, dbId: 'demo' },
      {
        generator,
        runMany: async (sqls) => sqls.map((s) => runner.exec('demo', s)),
        normalizedSql: async (s) => runner.normalizedSql('demo', s),
        verifiers,
        registry: askRegistry(
          profile,
          verifiers.map((v) => v.name),
        ),
        profile,
      },
    );
    if (!asked.ok) throw new Error(asked.error.message);
    out.push({ question: r.question, result: asked.result, decision: decide(asked.result, profile, risk) });
  }
  return out;
}

/**
 * One question over any database's bytes, with the given SQL as its
 * candidates (verify mode), through the pipeline as Ask runs it, scored by
 * the bundled ORM when the profile reads it.
 */
export async function askOwn(bytes: Uint8Array, question: string, sqls: readonly string[], profile: CalibrationProfile = defaultProfile()): Promise<AskResult> {
  const runner = await loadSqlRunner();
  const opened = runner.open('own', bytes, 'full');
  if (!opened.ok) throw new Error(opened.error.message);
  const schema = runner.schema('own');
  if (!schema.ok) throw new Error(schema.error.message);
  const scorer = profileSignals(profile).some((s) => s === 'orm' || s === 'orm_sql') ? await loadOrmScorer(BUNDLED_ORM_SIDECAR.pathname) : null;
  const verifiers: Verifier[] = scorer === null ? [] : [ormVerifier(scorer)];
  try {
    const candidates = sqls.map((sql) => ({ sql, source: 'pasted' }));
    const asked = await runAsk(
      { question, schema: schema.schema },
      {
        generator: { sample: async () => candidates },
        runMany: async (list) => list.map((s) => runner.exec('own', s)),
        normalizedSql: async (s) => runner.normalizedSql('own', s),
        verifiers,
        registry: askRegistry(
          profile,
          verifiers.map((v) => v.name),
        ),
        profile,
      },
    );
    if (!asked.ok) throw new Error(asked.error.message);
    return asked.result;
  } finally {
    await scorer?.unload();
  }
}
