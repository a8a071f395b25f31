/**
 * `npx tsx scripts/orm/train-stacked.ts [--recipe orm-v4|orm-v5] [--out public/models] [--name NAME] [--mutants MUTANTS.jsonl] [--cache FILE]`
 *
 * Builds the stacked verifier `orm-v4` or `orm-v5` (stacked-recipe.ts): boosted trees
 * over the question–SQL slots, the evidence of what the query returns and
 * the `orm-v2` recipe's log-odds, trained on Spider-A's real candidates
 * (labeled here by execution, evidence gathered through a Node SQL pool),
 * each training row's `orm-v2` input from that recipe fit without the row's
 * database. It first measures the recipe leave-one-database-out (nested:
 * stacked-recipe.ts), then fits the trees on all 9 databases and the
 * `orm-v2` recipe on all of them for the graph's own input, and writes one
 * ONNX model: `MatMul` (the linear log-odds, float32), rounded to the fit's
 * grid, appended to the vector, then one TreeEnsembleRegressor and Sigmoid.
 * It checks the graph against the fit through onnxruntime-web on every
 * candidate, and times featurizing and scoring. Deterministic.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { TREE_SLOTS } from './evidence-recipe.ts';
import { preparedEvidence } from './evidence-rows.ts';
import { TEXT_DIM } from './text-features.ts';
import { STACK_GRID, STACKED_RECIPES, stackedRecipe, stackInput } from './stacked-recipe.ts';
import { labeledSpiderA, mutantRows, ormSqlSource, REAL_DATA, realDataPresent, type TextRow } from '../profile/real-pools.ts';
import { ormSqlStackedSource } from '../profile/recipe-sources.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { treesToOnnx } from '../../src/node/orm/onnx-trees.ts';
import { agreementSlots, featurizeBatch, type OrmItem } from '../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER } from '../../src/core/orm/layout.ts';
import { linearOrmParams } from '../../src/core/orm/training/linear.ts';
import { auroc } from '../../src/core/stats/index.ts';
import { createOrmScorer } from '../../src/node/orm/score.ts';
import { writeOrmFiles } from '../../src/node/orm/write.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const spec: CommandSpec = {
  name: 'orm:train-stacked',
  summary: "build orm-v4, the stacked verifier: trees over the evidence of what the query returns and orm-v2's score",
  flags: {
    out: { type: 'string', default: 'public/models', help: 'folder to write <name>.onnx and <name>.json into' },
    recipe: { type: 'string', default: 'orm-v4', help: 'orm-v4 (trees of depth 3) or orm-v5 (stumps)' },
    name: { type: 'string', help: "model name (default: the recipe's)" },
    mutants: { type: 'string', help: 'labeled mutants of Spider train gold (default: made here)' },
    cache: { type: 'string', help: 'keep the fitted orm-v2 recipes in this file (scratch space, outside the repository)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const r4 = (x: number): number => Number(x.toFixed(4));

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('orm:train-stacked: ../shared/data is not here; nothing to train on\n');
    return 2;
  }
  const t0 = performance.now();
  const secs = (): string => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
  const seed = Number(flags.seed);
  const recipe = STACKED_RECIPES[String(flags.recipe)];
  if (recipe === undefined) {
    process.stderr.write(`orm:train-stacked: --recipe is one of ${Object.keys(STACKED_RECIPES).join(', ')}\n`);
    return 2;
  }
  const cache = flags.cache === undefined ? undefined : String(flags.cache);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  let made: Promise<readonly TextRow[]> | null = null;
  const mutants = (): Promise<readonly TextRow[]> => (made ??= mutantRows(data));
  const prepared = await labeledSpiderA(data);
  const ev = await preparedEvidence(prepared, data.bench);
  const source = stackedRecipe(prepared, ev.evidence, data, mutants, seed, recipe, cache);
  const y = Uint8Array.from(prepared.flatMap((p) => p.candidates.map((c) => (c.correct ? 1 : 0))));
  const dbOf = prepared.flatMap((p) => p.candidates.map(() => p.db_id));
  // The same scores the default profile reads (kept in --cache by lodo-pools and profile:fit when given).
  const oof = Float64Array.from(
    (await (await ormSqlStackedSource(prepared, data, mutants, seed, cache, ev, recipe)).scoresFor(prepared, (db) => [db])).flatMap((s) => [...s]),
  );
  const dbs = [...new Set(dbOf)];
  const perDb = dbs.map((db) => {
    const idx = dbOf.flatMap((d, i) => (d === db ? [i] : []));
    return {
      db,
      candidates: idx.length,
      candidate_auroc: r4(
        auroc(
          Float64Array.from(idx, (i) => oof[i]!),
          Uint8Array.from(idx, (i) => y[i]!),
        ),
      ),
    };
  });
  const validation = {
    design: `leave-one-database-out on the ${dbs.length} Spider-A databases: each scored by trees fit on the other ${dbs.length - 1}, whose orm-v2 input was fit without the held-out database and without the training row's own`,
    candidate_auroc: r4(auroc(oof, y)),
    per_database: perDb,
  };
  process.stderr.write(
    `leave-one-database-out: candidate AUROC ${validation.candidate_auroc} (per database ${Math.min(...perDb.map((d) => d.candidate_auroc))}–${Math.max(...perDb.map((d) => d.candidate_auroc))}); ${secs()}\n`,
  );

  const rows = await source.shippingRows();
  const fit = source.fit(rows);
  const inner = await ormSqlSource(prepared, data, mutants, seed, 10, cache).fitted!([]);
  const featurizer = { ...DEFAULT_FEATURIZER, agreement: false, evidence: true };
  const linear = linearOrmParams(inner.model, inner.standardization, featurizer.dim);
  const stacked = { weights: linear.weights[0]!, bias: linear.biases[0]![0]!, grid: STACK_GRID };
  const bytes = treesToOnnx(fit.trees!, featurizer.dim, [...TREE_SLOTS, featurizer.dim], {
    stacked,
    metadata: { 'confide.featurizer': JSON.stringify(featurizer) },
  });
  const boost = recipe.boost ?? {};
  const items: OrmItem[] = prepared.flatMap((p, q) =>
    p.view.candidates.map((c, i) => ({
      question: p.question,
      sql: c.sql,
      ...(p.view.schema ? { schema: p.view.schema } : {}),
      ...(p.evidence ? { evidence: p.evidence } : {}),
      ...(ev.evidence[q]?.[i] ? { result: ev.evidence[q]![i]!.features } : {}),
    })),
  );
  const written = writeOrmFiles({
    out: String(flags.out),
    name: String(flags.name ?? recipe.name),
    model: { bytes, sizes: [featurizer.dim, 1], ensemble: { trees: boost.trees ?? 200, depth: boost.depth ?? 3, stacked_grid: STACK_GRID } },
    featurizer,
    weights: 'float32',
    training: {
      recipe:
        "stacked: gradient-boosted trees (logistic loss, second-order gain, depth-limited, float32 splits) on the featurizer's dense question–SQL slots, the evidence slots (what the query returns, read against the question and the database: core/evidence) and the orm-v2 recipe's log-odds (L2 logistic over the question–SQL slots, agreement not given, trained with BIRD and mutant samples), rounded to 1/256; each training row's log-odds from that recipe fit without the row's database, the graph's own from it fit on every database; agreement not read, so orm and orm_sql are one score",
      boost,
      seed,
      data: {
        candidates: {
          file: basename(data.candidates),
          sha256: sha256(data.candidates),
          questions: prepared.length,
          rows: y.length,
          positives: y.reduce((a, b) => a + b, 0),
          databases: dbs,
          labels: "execution equivalence against the Spider gold (confide label's spider rule)",
        },
        ...(data.mutants ? { mutants: { file: basename(data.mutants), sha256: sha256(data.mutants), share: 0.25 } } : {}),
        bird: { share: 0.125 },
      },
      evidence: { probes_asked_per_candidate: r4(ev.probesAsked / ev.candidates), probes_run: ev.probesRun, ms_per_candidate: r4(ev.ms / ev.candidates) },
      node: process.version,
    },
    quality: {
      status: 'measured',
      note: 'validation = this recipe, leave-one-database-out on Spider-A with the orm-v2 input nested-cross-fitted; the shipped trees are fit on all 9 databases (model card)',
      validation,
    },
  });
  // The exported graph must score like the fit: every Spider-A candidate through onnxruntime-web.
  const scorer = await createOrmScorer(readFileSync(written.modelPath), written.sidecar, written.modelPath);
  let maxDiff = 0;
  let differ = 0;
  let ms = 0;
  try {
    const tf = performance.now();
    const onnx = scoresOrThrow(await scorer.scoreFeatures(featurizeBatch(items, featurizer), items.length));
    ms = performance.now() - tf;
    const notGiven = agreementSlots(undefined);
    rows.forEach((r, i) => {
      const text = r.x.slice(0, TEXT_DIM);
      const x = [...r.x.slice(0, -1), stackInput(inner.score([...text, ...notGiven]))];
      const d = Math.abs(onnx[i]! - fit.score(x));
      maxDiff = Math.max(maxDiff, d);
      if (d > 1e-4) differ++;
    });
  } finally {
    await scorer.unload();
  }
  if (differ > 2) throw new Error(`the exported model differs from the fit on ${differ} candidates (largest ${maxDiff})`);
  process.stderr.write(
    `wrote ${written.modelPath} (${written.sidecar.architecture.bytes} bytes) and ${written.sidecarPath}; ONNX vs fit: ${differ} candidates differ by more than 1e-4 (largest ${maxDiff.toExponential(2)}); featurize and score ${(ms / items.length).toFixed(3)} ms per candidate (batch of ${items.length}); ${secs()}\n`,
  );
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
