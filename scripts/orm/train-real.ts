/**
 * `npx tsx scripts/orm/train-real.ts --bench ../shared/data/spider --candidates ../shared/data/real-candidates/spider-dev-A.jsonl --bird ../shared/data/real-candidates/bird-dev --mutants mutants.jsonl --out public/models [--name orm-v2] [--features text+agreement] [--seed 1]`
 *
 * Builds the shipped real-mistakes verifier (`orm-v2`): the `text+agreement`
 * verifier of `real-lodo.ts` (an L2 logistic model over the featurizer's
 * dense slots: question–SQL features, and the candidate's agreement with its
 * pool, as the app passes it) trained on real systems' candidates for
 * Spider-A, labeled by execution here, plus a seeded share of BIRD dev's
 * labeled real runs and of mutants of Spider train gold, whose agreement
 * slots say "not given" (no pool: the mix that ranked held-out Spider-A
 * candidates best, model card). It first measures this exact recipe
 * leave-one-database-out on Spider-A (candidate AUROC per database,
 * `verifier_bon` and `cluster_bon` against `majority_exec`), then fits it on
 * every Spider-A database and writes the model under the ORM contract: the
 * standardization folded into one float32 layer over the whole featurizer
 * vector (hashed buckets weigh 0), checked against the fit through
 * onnxruntime-web. Deterministic: the same inputs and seed give the same bytes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { birdTextRows, labeledTextRows, tablesSchemas } from './bird-data.ts';
import { fitScaledLogistic, lodoScores, picks, SOURCE_SALT, sourceSample, withAgreementNotGiven, withOrmScores } from './lodo.ts';
import { denseTextFeatures } from './text-features.ts';
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { viewAgreement } from '../../src/core/orm/agreement.ts';
import { agreementSlots, featurizeBatch } from '../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER } from '../../src/core/orm/layout.ts';
import { linearOrmParams } from '../../src/core/orm/training/linear.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { clusterBon, first, majorityExec, oracle, verifierBon } from '../../src/core/select/index.ts';
import { auroc } from '../../src/core/stats/index.ts';
import { loadBenchmark, readCandidateFile } from '../../src/node/bench.ts';
import { createOrmScorer } from '../../src/node/orm/score.ts';
import { writeOrmFiles } from '../../src/node/orm/write.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const spec: CommandSpec = {
  name: 'orm:train-real',
  summary: "build the real-mistakes text verifier shipped as the app's ORM",
  flags: {
    bench: { type: 'string', required: true, help: "benchmark folder (Spider layout) holding the candidates' and the mutants' databases" },
    candidates: { type: 'string', required: true, help: "real systems' candidates (JSON Lines, e.g. spider-dev-A.jsonl); labeled here by execution" },
    bird: { type: 'string', required: true, help: 'the bird-dev folder (labeled real runs, dev_tables.json)' },
    'bird-share': { type: 'string', default: '0.125', help: 'share of the BIRD candidates in the training data (seeded sample)' },
    mutants: { type: 'string', required: true, help: "labeled mutants of other databases' gold (confide synth --split train, then confide label)" },
    'mutants-share': { type: 'string', default: '0.25', help: 'share of the mutant candidates in the training data (seeded sample)' },
    out: { type: 'string', required: true, help: 'folder to write <name>.onnx and <name>.json into' },
    name: { type: 'string', default: 'orm-v2', help: 'model name' },
    features: {
      type: 'string',
      default: 'text+agreement',
      help: 'text (the dense question–SQL slots) or text+agreement (also the agreement slots: exec, structure and text shares of the candidate\'s pool, which the app passes; the other sources\' rows say "not given")',
    },
    seed: { type: 'string', default: '1', help: 'seed of the source samples' },
    lambda: { type: 'string', default: '10', help: 'ridge strength on the standardized features' },
    workers: { type: 'string', default: '2', help: 'SQL worker threads for labeling' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const r4 = (x: number): number => Number(x.toFixed(4));
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(flags: ParsedFlags): Promise<number> {
  const t0 = performance.now();
  const seed = numberFlag(flags, 'seed', 1);
  const lambda = numberFlag(flags, 'lambda', 10);
  const birdShare = numberFlag(flags, 'bird-share', 0.125);
  const mutantShare = numberFlag(flags, 'mutants-share', 0.25);
  const benchDir = String(flags.bench);
  const bench = await loadBenchmark(benchDir);
  const candidates = String(flags.candidates);
  const birdDir = String(flags.bird);
  const mutantsPath = String(flags.mutants);
  const out = String(flags.out);
  const name = String(flags.name);
  // Outputs never overwrite an input; checked before any work.
  const inputs = [candidates, mutantsPath, join(birdDir, 'candidates.jsonl')].map((p) => resolve(p));
  for (const o of [join(out, `${name}.onnx`), join(out, `${name}.json`)]) {
    if (inputs.includes(resolve(o))) throw new RangeError(`--out: ${o} is one of the inputs; write the model elsewhere`);
  }
  const sqlPool = createNodeSqlPool({ size: numberFlag(flags, 'workers', 2) });
  let run;
  try {
    run = await prepareRun(await readCandidateFile(candidates), bench, { sqlPool });
  } finally {
    sqlPool.terminate();
  }
  const prepared = run.prepared.filter((p) => p.goldError === undefined && p.candidates.length > 0 && p.candidates.every((c) => c.correct !== null));
  const features = String(flags.features);
  if (features !== 'text' && features !== 'text+agreement') throw new RangeError(`--features: text or text+agreement, got ${features}`);
  const agreement = features === 'text+agreement';
  const cache = new Map<string, SqlFacts>();
  const items = prepared.flatMap((p) => {
    const shares = agreement ? viewAgreement(p.view) : undefined;
    return p.view.candidates.map((cand, c) => ({
      question: p.question,
      sql: cand.sql,
      ...(p.view.schema ? { schema: p.view.schema } : {}),
      ...(p.evidence ? { evidence: p.evidence } : {}),
      ...(shares ? { agreement: shares[c]! } : {}),
    }));
  });
  const refs = prepared.flatMap((p, q) => p.view.candidates.map((_, c) => ({ q, c, db: p.db_id, y: p.candidates[c]!.correct ? 1 : 0 })));
  // The agreement slots as the featurizer fills them (agreementSlots).
  const rows = refs.map((r, i) => ({ ...r, x: [...denseTextFeatures(items[i]!, cache), ...(agreement ? agreementSlots(items[i]!.agreement) : [])] }));
  const dbs = [...new Set(rows.map((r) => r.db))];
  const bird = birdTextRows(birdDir);
  const mutants = labeledTextRows(mutantsPath, tablesSchemas(join(benchDir, 'tables.json')));
  const shared = [...new Set(mutants.map((m) => m.db))].filter((db) => dbs.includes(db));
  if (shared.length > 0) throw new RangeError(`--mutants: databases also among the candidates' (${shared.join(', ')}); use mutants of other databases only`);
  const sampled = [...sourceSample(bird, birdShare, seed, SOURCE_SALT.bird), ...sourceSample(mutants, mutantShare, seed, SOURCE_SALT.mutants)];
  const extra = agreement ? withAgreementNotGiven(sampled) : sampled;
  const tFeatures = performance.now();
  console.error(
    `${prepared.length} questions, ${rows.length} candidates on ${dbs.length} databases; ${extra.length} extra training rows (BIRD ${bird.length} × ${birdShare}, mutants ${mutants.length} × ${mutantShare}); ${((tFeatures - t0) / 1000).toFixed(1)} s`,
  );

  // The recipe, measured leave-one-database-out before it is fit on everything.
  const oof = lodoScores(rows, lambda, new Set(), extra);
  const views = withOrmScores(prepared, rows, oof).map((p) => p.view);
  const labels = prepared.map((p) => p.candidates.map((c) => c.correct === true));
  const accuracy = (xs: number[]): number => r4(mean(xs));
  const byDb = dbs.map((db) => {
    const idx = rows.map((r, i) => (r.db === db ? i : -1)).filter((i) => i >= 0);
    return {
      db,
      candidates: idx.length,
      candidate_auroc: r4(
        auroc(
          idx.map((i) => oof[i]!),
          idx.map((i) => rows[i]!.y),
        ),
      ),
    };
  });
  const validation = {
    design: `leave-one-database-out on the ${dbs.length} databases of ${basename(candidates)}: each database scored by a model fit on the others plus the same BIRD and mutant samples`,
    candidate_auroc: r4(
      auroc(
        oof,
        rows.map((r) => r.y),
      ),
    ),
    per_database: byDb,
    selection: {
      'verifier_bon:orm': accuracy(picks(views, labels, verifierBon('orm'))),
      'cluster_bon:orm': accuracy(picks(views, labels, clusterBon('orm'))),
      majority_exec: accuracy(picks(views, labels, majorityExec)),
      first: accuracy(picks(views, labels, first)),
      oracle: accuracy(picks(views, labels, oracle)),
    },
  };
  console.error(
    `leave-one-database-out: candidate AUROC ${validation.candidate_auroc} (per database ${Math.min(...byDb.map((d) => d.candidate_auroc))}–${Math.max(...byDb.map((d) => d.candidate_auroc))}); verifier_bon ${validation.selection['verifier_bon:orm']}, cluster_bon ${validation.selection['cluster_bon:orm']}, majority_exec ${validation.selection.majority_exec}, first ${validation.selection.first}, oracle ${validation.selection.oracle}`,
  );

  const verifier = fitScaledLogistic([...rows, ...extra], lambda);
  const featurizer = { ...DEFAULT_FEATURIZER, agreement };
  const params = linearOrmParams(verifier.model, verifier.standardization, featurizer.dim);

  const training = {
    recipe: agreement
      ? 'L2 logistic regression on the featurizer\'s dense slots: question–SQL features and the agreement slots (given, exec, structure and text shares of the candidate\'s pool; "not given" on the rows of sources without a pool), z-scored on the training rows; standardization folded into the weights'
      : "L2 logistic regression on the featurizer's dense question–SQL slots (agreement slots excluded), z-scored on the training rows; standardization folded into the weights",
    features,
    lambda,
    seed,
    data: {
      candidates: {
        file: basename(candidates),
        sha256: sha256(candidates),
        questions: prepared.length,
        rows: rows.length,
        positives: rows.filter((r) => r.y === 1).length,
        databases: dbs,
        labels: "execution equivalence against the benchmark gold (confide label's rule)",
      },
      bird: {
        folder: basename(birdDir),
        sha256: sha256(join(birdDir, 'candidates.jsonl')),
        rows: bird.length,
        share: birdShare,
        sampled: Math.round(birdShare * bird.length),
        labels: "the BIRD authors' execution labels",
      },
      mutants: {
        file: basename(mutantsPath),
        sha256: sha256(mutantsPath),
        rows: mutants.length,
        share: mutantShare,
        sampled: Math.round(mutantShare * mutants.length),
        databases: new Set(mutants.map((m) => m.db)).size,
      },
    },
    fit: { iterations: verifier.model.iterations, converged: verifier.model.converged },
    node: process.version,
  };
  const quality = {
    status: 'measured' as const,
    note: "validation = this recipe, leave-one-database-out on the candidates' databases; the shipped weights are fit on all of them, so the next independent figure needs databases outside the training data (model card)",
    validation,
  };
  const written = writeOrmFiles({ out, name, params, featurizer, weights: 'float32', training, quality });
  const scorer = await createOrmScorer(readFileSync(written.modelPath), written.sidecar, written.modelPath);
  let maxDiff = 0;
  try {
    const onnx = scoresOrThrow(await scorer.scoreFeatures(featurizeBatch(items, featurizer), items.length));
    // The exported graph must score like the fit: every candidate through onnxruntime-web.
    rows.forEach((r, i) => (maxDiff = Math.max(maxDiff, Math.abs(onnx[i]! - verifier.score(r.x)))));
  } finally {
    await scorer.unload();
  }
  if (!(maxDiff < 1e-4)) throw new Error(`the exported model differs from the fit by ${maxDiff} on a training row`);
  console.error(
    `wrote ${written.modelPath} (${written.sidecar.architecture.bytes} bytes, sha256 ${written.sidecar.architecture.sha256}) and ${written.sidecarPath}; ONNX vs fit max |Δ| ${maxDiff.toExponential(2)}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
