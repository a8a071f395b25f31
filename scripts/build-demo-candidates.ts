/**
 * Builds `public/demo/candidates.jsonl`, the candidate file Ask replays for the
 * demo questions when no model runs. It is made by Confide's own mutation
 * generator from the gold queries, never by a language model, and every
 * candidate says so in its `source` (`gold` or `mutation:<kind>`).
 *
 * Recipe (seeded, so the file is the same on every run): for each question of
 * `public/demo/dev.json`, N = 8 candidates. A scenario is drawn per question:
 *   - agreed (55%): 5–8 copies of the gold, the rest distinct mutants;
 *   - split (25%): 2–4 gold copies, one mutant repeated 2–3 times, the rest distinct;
 *   - confidently wrong (5%): 0–2 gold copies, one near-miss repeated 4–5 times;
 *   - scattered (15%): 0–1 gold copy, the rest distinct mutants.
 * The mix follows the agreement structure of real systems' pools cut to 8
 * candidates (Spider-A: the largest result backed by 5 or more of 8 is wrong
 * in about 1 pool in 100, by 3–4 of 8 right about half the time), so the
 * bundled profile, fit on real pools, is judged on pools like them; every
 * scenario still occurs, so the demo shows answers, abstentions and a
 * confident mistake.
 * A gold copy is written as the gold, or (one time in three) as a
 * meaning-preserving rewrite when one exists. The 8 are shuffled. Each
 * candidate is labelled by execution against the gold (spider rule), so the
 * file can also be evaluated. Mutants come from `mutate(gold, schema, {k, rng})`.
 *
 * Run: `npx tsx scripts/build-demo-candidates.ts [--check]` (--check: fail
 * when the committed file differs from a fresh build).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseBenchmark } from '../src/core/bench/benchmark.ts';
import { serializeCandidateFile } from '../src/core/bench/candidate-file.ts';
import type { CandidateRecord, QuestionRecord } from '../src/core/bench/types.ts';
import { mutate, type Mutant } from '../src/core/mutate/index.ts';
import { DEFAULT_RULE, labelCandidate, labelText, type LabelText } from '../src/core/results/index.ts';
import { createRng, type Rng } from '../src/core/stats/rng.ts';
import { loadSqlRunner } from '../src/engines/sql/worker/load.ts';
import { buildDemo, DEMO_DB_PATH } from './build-demo.ts';

export const DEMO_CANDIDATES_PATH = fileURLToPath(new URL('../public/demo/candidates.jsonl', import.meta.url));
const DEV_PATH = fileURLToPath(new URL('../public/demo/dev.json', import.meta.url));
export const DEMO_CANDIDATES_SEED = 20_251_129;
export const DEMO_N = 8;

type Scenario = 'agreed' | 'split' | 'wrong' | 'scattered';

function drawScenario(rng: Rng): Scenario {
  const u = rng.next();
  return u < 0.55 ? 'agreed' : u < 0.8 ? 'split' : u < 0.85 ? 'wrong' : 'scattered';
}

const between = (rng: Rng, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);

/** The candidate SQL texts with their sources for one question (before shuffling). */
function plan(gold: string, nearMiss: readonly Mutant[], preserving: readonly Mutant[], rng: Rng): { sql: string; source: string }[] {
  const scenario = drawScenario(rng);
  const golds =
    scenario === 'agreed' ? between(rng, 5, 8) : scenario === 'split' ? between(rng, 2, 4) : scenario === 'wrong' ? between(rng, 0, 2) : between(rng, 0, 1);
  const out: { sql: string; source: string }[] = [];
  for (let i = 0; i < golds; i++) {
    const rewrite = preserving.length > 0 && rng.int(3) === 0 ? preserving[rng.int(preserving.length)]! : null;
    out.push(rewrite ? { sql: rewrite.sql, source: `mutation:${rewrite.kind}` } : { sql: gold, source: 'gold' });
  }
  const misses = nearMiss.map((m) => ({ sql: m.sql, source: `mutation:${m.kind}` }));
  if (misses.length === 0) while (out.length < DEMO_N) out.push({ sql: gold, source: 'gold' });
  const repeats = scenario === 'split' ? between(rng, 2, 3) : scenario === 'wrong' ? between(rng, 4, 5) : 1;
  let m = 0;
  for (let r = 0; r < repeats && out.length < DEMO_N && misses.length > 0; r++) out.push(misses[0]!);
  m = 1;
  while (out.length < DEMO_N && misses.length > 0) out.push(misses[m++ % misses.length]!);
  return rng.shuffle(out);
}

/**
 * Builds the records (the demo database is built first when missing).
 *
 * @example const records = await buildDemoCandidates(); records[0].candidates.length; // 8
 */
export async function buildDemoCandidates(): Promise<QuestionRecord[]> {
  await buildDemo();
  const runner = await loadSqlRunner();
  const opened = runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
  if (!opened.ok) throw new Error(`demo database: ${opened.error.message}`);
  const schemaOut = runner.schema('demo');
  if (!schemaOut.ok) throw new Error(`demo schema: ${schemaOut.error.message}`);
  const schema = schemaOut.schema;
  const { questions } = parseBenchmark(readFileSync(DEV_PATH, 'utf8'), { file: 'dev.json', split: 'dev' });
  const rng = createRng(DEMO_CANDIDATES_SEED);
  return questions.map((q) => {
    const mutants = mutate(q.gold, schema, { k: 24, rng });
    const plannedSql = plan(
      q.gold,
      mutants.filter((x) => !x.preserving),
      mutants.filter((x) => x.preserving),
      rng,
    );
    // Labels under the default rule run its texts (DISTINCT removed from both); exec_error is the candidate's own.
    const goldText = labelText(DEFAULT_RULE, q.gold, 'gold') as LabelText;
    const goldRun = runner.exec('demo', goldText.sql);
    const candidates: CandidateRecord[] = plannedSql.map((c) => {
      const own = runner.exec('demo', c.sql);
      const text = labelText(DEFAULT_RULE, c.sql, 'prediction');
      const label =
        text === null ? { correct: false } : labelCandidate(goldRun, text.sql === c.sql ? own : runner.exec('demo', text.sql), { ordered: goldText.ordered });
      return { sql: c.sql, source: c.source, correct: label.correct, ...(own.ok ? {} : { exec_error: own.error.code }) };
    });
    return { id: q.id, db_id: q.db_id, question: q.question, gold: q.gold, candidates };
  });
}

async function main(): Promise<void> {
  const text = serializeCandidateFile(await buildDemoCandidates(), 'candidates.jsonl');
  if (process.argv.includes('--check')) {
    const same = readFileSync(DEMO_CANDIDATES_PATH, 'utf8') === text;
    process.stdout.write(same ? 'candidates.jsonl is current\n' : 'candidates.jsonl differs from a fresh build\n');
    process.exitCode = same ? 0 : 1;
    return;
  }
  writeFileSync(DEMO_CANDIDATES_PATH, text);
  process.stdout.write(`wrote ${DEMO_CANDIDATES_PATH}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
