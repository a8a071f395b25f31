/**
 * `npx tsx scripts/orm/real-lodo.ts --bench ../shared/data/spider --candidates FILE [--out report.json] [--seed 1] [--bootstrap 1000]`
 *
 * Measures verifiers trained on real systems' mistakes, leave-one-database-out:
 * the candidate file (real systems' SQL, e.g. `spider-dev-A.jsonl`) is
 * executed and labeled against the benchmark; for each database, a
 * per-candidate L2 logistic verifier is fit on the candidates of every other
 * database and scores the held-out one, so no question or database is ever in
 * both. Variants (features): `text` (the ORM featurizer's dense question–SQL
 * cues, structure and schema linking, core/orm/featurize.ts), `pool`
 * (core/orm/pool-features.ts: execution-cluster share, structure share,
 * result shape, row count, empty result) and `text+pool`. Each variant's
 * out-of-fold scores become the `orm` verifier and run through `evaluate()`
 * grouped by database (AUROC with paired bootstrap CIs, the guarded combiner
 * with and without the verifier, Best-of-N), plus the cluster selector
 * (`cluster_bon`: the execution cluster with the highest mean verifier score,
 * its first member) with a paired bootstrap CI against majority_exec and
 * per-database figures. Reads the data at run time; writes only the report.
 */
import { writeFileSync } from 'node:fs';
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { evaluate } from '../../src/core/eval/report.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { featurize } from '../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, DENSE_COUNT } from '../../src/core/orm/layout.ts';
import { POOL_FEATURES, poolFeatures } from '../../src/core/orm/pool-features.ts';
import { majorityExec, oracle, selectionAccuracy, verifierBon, type Strategy } from '../../src/core/select/index.ts';
import { buildClusters } from '../../src/core/signals/clusters.ts';
import type { QuestionView } from '../../src/core/signals/types.ts';
import { auroc, createRng, fitLogistic, percentileInterval, predictLogistic } from '../../src/core/stats/index.ts';
import { applyStandardization, fitStandardization, standardizeRows } from '../../src/core/stats/standardize.ts';
import { loadBenchmark, readCandidateFile } from '../../src/node/bench.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sqlPool.ts';

const spec: CommandSpec = {
  name: 'orm:real-lodo',
  summary: 'leave-one-database-out verifiers trained on real candidates',
  flags: {
    bench: { type: 'string', required: true, help: 'benchmark folder (Spider layout)' },
    candidates: { type: 'string', required: true, help: 'real candidates (JSON Lines)' },
    out: { type: 'string', help: 'write the report (JSON) here' },
    seed: { type: 'string', default: '1', help: 'seed of every random step' },
    bootstrap: { type: 'string', default: '1000', help: 'bootstrap resamples' },
    lambda: { type: 'string', default: '10', help: 'ridge strength of the verifier (standardized features)' },
    workers: { type: 'string', default: '2', help: 'SQL worker threads' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

/** The featurizer's dense slots without the four agreement slots (zero when agreement is off). */
const TEXT_DIM = DENSE_COUNT - 4;

interface Row {
  readonly q: number;
  readonly c: number;
  readonly db: string;
  readonly y: number;
  readonly text: number[];
  readonly pool: number[];
}

function rowsOf(prepared: readonly PreparedQuestion[]): Row[] {
  const rows: Row[] = [];
  const cfg = { ...DEFAULT_FEATURIZER, agreement: false };
  const cache = new Map();
  prepared.forEach((p, q) => {
    const pool = poolFeatures(p.view);
    p.candidates.forEach((cand, c) => {
      if (cand.correct === null) return;
      const f = featurize({ question: p.question, sql: p.view.candidates[c]!.sql, ...(p.view.schema ? { schema: p.view.schema } : {}), ...(p.evidence ? { evidence: p.evidence } : {}) }, cfg, { cache });
      const text = new Array<number>(TEXT_DIM).fill(0);
      for (let k = 0; k < f.indices.length; k++) if (f.indices[k]! < TEXT_DIM) text[f.indices[k]!] = f.values[k]!;
      rows.push({ q, c, db: p.db_id, y: cand.correct ? 1 : 0, text, pool: pool[c]! });
    });
  });
  return rows;
}

type Variant = 'text' | 'pool' | 'text+pool';
const featuresOf = (r: Row, v: Variant): number[] => (v === 'text' ? r.text : v === 'pool' ? r.pool : [...r.text, ...r.pool]);

/** Out-of-fold score per row, leave-one-database-out. */
function lodoScores(rows: readonly Row[], v: Variant, lambda: number): Float64Array {
  const out = new Float64Array(rows.length);
  for (const db of new Set(rows.map((r) => r.db))) {
    const train = rows.filter((r) => r.db !== db);
    const x = train.map((r) => featuresOf(r, v));
    const t = fitStandardization(x);
    const m = fitLogistic(standardizeRows(t, x), train.map((r) => r.y), { lambda });
    rows.forEach((r, i) => {
      if (r.db === db) out[i] = predictLogistic(m, applyStandardization(t, featuresOf(r, v)));
    });
  }
  return out;
}

/** Prepared questions with `scores.orm` set from `score` (candidates without a row get none). */
function withScores(prepared: readonly PreparedQuestion[], rows: readonly Row[], score: Float64Array): PreparedQuestion[] {
  const byKey = new Map<string, number>();
  rows.forEach((r, i) => byKey.set(`${r.q}:${r.c}`, score[i]!));
  return prepared.map((p, q) => ({
    ...p,
    view: {
      ...p.view,
      candidates: p.view.candidates.map((c, j) => {
        const s = byKey.get(`${q}:${j}`);
        return s === undefined ? c : { ...c, scores: { ...c.scores, orm: s } };
      }),
    },
  }));
}

/** cluster_bon: the execution cluster with the highest mean `orm` score; its first member. Failed candidates compete alone. */
const clusterBon: Strategy = {
  name: 'cluster_bon:orm',
  select: (view: QuestionView) => {
    if (view.candidates.length === 0) return -1;
    const cl = buildClusters(view).executions;
    let best = -1;
    let bestScore = -Infinity;
    for (const members of cl.members) {
      const s = members.reduce((a, i) => a + (view.candidates[i]!.scores?.orm ?? 0), 0) / members.length;
      if (s > bestScore) [best, bestScore] = [members[0]!, s];
    }
    return best < 0 ? 0 : best;
  },
};

/** Per-question 0/1 correctness of a strategy's pick. */
function picks(views: readonly QuestionView[], labels: readonly (readonly boolean[])[], s: Strategy): number[] {
  return views.map((v, i) => {
    const j = s.select(v, labels[i]);
    return j !== null && j >= 0 && labels[i]![j] ? 1 : 0;
  });
}

function pairedCi(a: readonly number[], b: readonly number[], B: number, seed: number): { diff: number; ci: [number, number] } {
  const n = a.length;
  const rng = createRng(seed);
  const d = a.map((v, i) => v - b[i]!);
  const diffs = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += d[rng.int(n)]!;
    diffs[r] = s / n;
  }
  return { diff: d.reduce((x, y) => x + y, 0) / n, ci: percentileInterval(diffs, 0.95) };
}

async function main(flags: ParsedFlags): Promise<number> {
  const seed = numberFlag(flags, 'seed', 1);
  const B = numberFlag(flags, 'bootstrap', 1000);
  const lambda = numberFlag(flags, 'lambda', 10);
  const t0 = performance.now();
  const bench = await loadBenchmark(String(flags.bench));
  const records = await readCandidateFile(String(flags.candidates));
  const pool = createNodeSqlPool({ size: numberFlag(flags, 'workers', 2) });
  let run;
  try {
    run = await prepareRun(records, bench, { pool });
  } finally {
    pool.terminate();
  }
  const prepared = run.prepared.filter((p) => p.goldError === undefined && p.candidates.length > 0 && p.candidates.every((c) => c.correct !== null));
  const rows = rowsOf(prepared);
  console.error(`${prepared.length} questions, ${rows.length} candidates featurized in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const base = evaluate(prepared, { group: 'db_id', bootstrap: B, seed });
  const views = prepared.map((p) => p.view);
  const labels = prepared.map((p) => p.candidates.map((c) => c.correct === true));
  const majority = picks(views, labels, majorityExec);
  const dbs = [...new Set(prepared.map((p) => p.db_id))];
  const report: Record<string, unknown> = {
    questions: prepared.length,
    candidates: rows.length,
    lambda,
    seed,
    bootstrap: B,
    pool_features: POOL_FEATURES,
    without_verifier: {
      execution_sc: base.signals.execution_sc,
      combined: { auroc: base.combiner.auroc, ci: base.combiner.ci, ece: base.combiner.ece, vs_best: base.combiner.vs_best, guard: base.combiner.guard },
      selection: base.selection,
    },
    variants: {} as Record<string, unknown>,
  };
  for (const v of ['text', 'pool', 'text+pool'] as const) {
    const t = performance.now();
    const score = lodoScores(rows, v, lambda);
    const scored = withScores(prepared, rows, score);
    const r = evaluate(scored, { group: 'db_id', bootstrap: B, seed });
    const sv = scored.map((p) => p.view);
    const cluster = picks(sv, labels, clusterBon);
    const vb = picks(sv, labels, verifierBon('orm'));
    const perCandidate = auroc(score, rows.map((x) => x.y));
    const perDb = dbs.map((db) => {
      const idx = prepared.map((p, i) => (p.db_id === db ? i : -1)).filter((i) => i >= 0);
      const rIdx = rows.map((x, i) => (x.db === db ? i : -1)).filter((i) => i >= 0);
      const acc = (xs: number[]): number => idx.reduce((a, i) => a + xs[i]!, 0) / idx.length;
      return {
        db,
        questions: idx.length,
        candidate_auroc: auroc(rIdx.map((i) => score[i]!), rIdx.map((i) => rows[i]!.y)),
        majority_exec: acc(majority),
        cluster_bon: acc(cluster),
        verifier_bon: acc(vb),
      };
    });
    const entry = {
      seconds: Number(((performance.now() - t) / 1000).toFixed(1)),
      candidate_auroc: perCandidate,
      orm: r.signals.orm,
      execution_sc: r.signals.execution_sc,
      combined: { auroc: r.combiner.auroc, ci: r.combiner.ci, ece: r.combiner.ece, vs_best: r.combiner.vs_best, guard: r.combiner.guard },
      combined_vs_without: pairedCi([r.combiner.auroc], [base.combiner.auroc], 1, seed).diff,
      selection: { ...r.selection, [clusterBon.name]: cluster.reduce((a, b) => a + b, 0) / cluster.length, oracle: selectionAccuracy(views, labels, oracle) },
      cluster_vs_majority: pairedCi(cluster, majority, B, seed + 7),
      verifier_bon_vs_majority: pairedCi(vb, majority, B, seed + 8),
      per_db: perDb,
    };
    (report.variants as Record<string, unknown>)[v] = entry;
    console.error(`${v}: candidate AUROC ${perCandidate.toFixed(3)}, modal-answer AUROC ${r.signals.orm?.auroc.toFixed(3)}, combined ${r.combiner.auroc.toFixed(3)} (${r.combiner.guard.kind}), verifier_bon ${r.selection['verifier_bon:orm']?.toFixed(3)}, cluster_bon ${entry.selection[clusterBon.name]?.toFixed(3)}, majority_exec ${r.selection.majority_exec?.toFixed(3)}`);
  }
  report.seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (typeof flags.out === 'string') writeFileSync(flags.out, text);
  else process.stdout.write(text);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
