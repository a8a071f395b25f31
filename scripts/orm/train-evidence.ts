/**
 * `npx tsx scripts/orm/train-evidence.ts [--out public/models] [--name orm-v3] [--mutants MUTANTS.jsonl]`
 *
 * Builds the shipped verifier `orm-v3`: the recipe of evidence-recipe.ts
 * (ORM_V3_RECIPE: boosted trees over the featurizer's dense question–SQL
 * slots and the evidence of what the query returns, core/evidence) trained
 * on Spider-A's real candidates, labeled here by execution, with the
 * evidence gathered through a Node SQL pool. It first measures the recipe
 * leave-one-database-out (each database scored by a model fit on the other
 * 8), then fits it on all 9 databases and writes the model under the ORM
 * contract: one TreeEnsembleRegressor plus Sigmoid over the featurizer
 * vector (agreement off, evidence on), checked against the fit through
 * onnxruntime-web on every candidate. Deterministic.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { evidenceRecipe, fitRecipe, ORM_V3_RECIPE, TREE_SLOTS } from './evidence-recipe.ts';
import { preparedEvidence } from './evidence-rows.ts';
import { labeledSpiderA, mutantRows, REAL_DATA, realDataPresent } from '../profile/real-pools.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { treesToOnnx } from '../../src/node/orm/onnx-trees.ts';
import { DEFAULT_FEATURIZER } from '../../src/core/orm/layout.ts';
import { featurizeBatch, type OrmItem } from '../../src/core/orm/featurize.ts';
import { auroc } from '../../src/core/stats/index.ts';
import { createOrmScorer } from '../../src/node/orm/score.ts';
import { writeOrmFiles } from '../../src/node/orm/write.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const spec: CommandSpec = {
  name: 'orm:train-evidence',
  summary: 'build orm-v3, the verifier that reads what the query returns',
  flags: {
    out: { type: 'string', default: 'public/models', help: 'folder to write <name>.onnx and <name>.json into' },
    name: { type: 'string', default: 'orm-v3', help: 'model name' },
    mutants: { type: 'string', help: 'labeled mutants (only read when the recipe adds other sources)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const r4 = (x: number): number => Number(x.toFixed(4));

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('orm:train-evidence: ../shared/data is not here; nothing to train on\n');
    return 2;
  }
  const t0 = performance.now();
  const seed = Number(flags.seed);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  const prepared = await labeledSpiderA(data);
  const ev = await preparedEvidence(prepared, data.bench);
  const recipe = ORM_V3_RECIPE;
  const source = evidenceRecipe(prepared, ev.evidence, data, () => mutantRows(data), seed, recipe);
  const y = Uint8Array.from(prepared.flatMap((p) => p.candidates.map((c) => (c.correct ? 1 : 0))));
  const dbOf = prepared.flatMap((p) => p.candidates.map(() => p.db_id));
  const oof = Float64Array.from((await source.scoresFor(prepared, (db) => [db])).flatMap((s) => [...s]));
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
    design: `leave-one-database-out on the ${dbs.length} Spider-A databases: each scored by a model fit on the other ${dbs.length - 1}`,
    candidate_auroc: r4(auroc(oof, y)),
    per_database: perDb,
  };
  process.stderr.write(
    `leave-one-database-out: candidate AUROC ${validation.candidate_auroc} (per database ${Math.min(...perDb.map((d) => d.candidate_auroc))}–${Math.max(...perDb.map((d) => d.candidate_auroc))}); ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );

  const fit = fitRecipe(
    source.rows.map((r) => ({ x: r.x, y: r.y })),
    recipe,
  );
  const featurizer = { ...DEFAULT_FEATURIZER, agreement: false, evidence: true };
  const bytes = treesToOnnx(fit.trees!, featurizer.dim, TREE_SLOTS, { metadata: { 'confide.featurizer': JSON.stringify(featurizer) } });
  const boost = recipe.boost ?? {};
  const written = writeOrmFiles({
    out: String(flags.out),
    name: String(flags.name),
    model: { bytes, sizes: [featurizer.dim, 1], ensemble: { trees: boost.trees ?? 200, depth: boost.depth ?? 3 } },
    featurizer,
    weights: 'float32',
    training: {
      recipe:
        "gradient-boosted trees (logistic loss, second-order gain, depth-limited, float32 splits) on the featurizer's dense question–SQL slots and the evidence slots (what the query returns, read against the question and the database: core/evidence); agreement not read, so orm and orm_sql are one score",
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
          labels: "execution equivalence against the Spider gold (confide label's rule)",
        },
      },
      evidence: { probes_asked_per_candidate: r4(ev.probesAsked / ev.candidates), probes_run: ev.probesRun, ms_per_candidate: r4(ev.ms / ev.candidates) },
      node: process.version,
    },
    quality: {
      status: 'measured',
      note: 'validation = this recipe, leave-one-database-out on Spider-A; the shipped trees are fit on all 9 databases (model card)',
      validation,
    },
  });
  // The exported graph must score like the fit: every Spider-A candidate through onnxruntime-web.
  const items: OrmItem[] = prepared.flatMap((p, q) =>
    p.view.candidates.map((c, i) => ({
      question: p.question,
      sql: c.sql,
      ...(p.view.schema ? { schema: p.view.schema } : {}),
      ...(ev.evidence[q]?.[i] ? { result: ev.evidence[q]![i]!.features } : {}),
    })),
  );
  const scorer = await createOrmScorer(readFileSync(written.modelPath), written.sidecar, written.modelPath);
  let maxDiff = 0;
  try {
    const onnx = scoresOrThrow(await scorer.scoreFeatures(featurizeBatch(items, featurizer), items.length));
    source.rows.forEach((r, i) => (maxDiff = Math.max(maxDiff, Math.abs(onnx[i]! - fit.score(r.x)))));
  } finally {
    await scorer.unload();
  }
  if (!(maxDiff < 1e-4)) throw new Error(`the exported model differs from the fit by ${maxDiff}`);
  process.stderr.write(
    `wrote ${written.modelPath} (${written.sidecar.architecture.bytes} bytes, sha256 ${written.sidecar.architecture.sha256}) and ${written.sidecarPath}; ONNX vs fit max |Δ| ${maxDiff.toExponential(2)}; ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
