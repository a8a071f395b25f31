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
 * (core/orm/training/pool-features.ts: execution-cluster share, structure share,
 * result shape, row count, empty result), `text+pool`, and `text+agreement`
 * (text plus the featurizer's own agreement slots, exec/structure/text
 * shares: the pool-aware variant that fits the app's ORM contract). Each variant's
 * out-of-fold scores become the `orm` verifier and run through `evaluate()`
 * grouped by database (AUROC with paired bootstrap CIs, the guarded combiner
 * with and without the verifier, Best-of-N), plus the cluster selector
 * (`cluster_bon`: the execution cluster with the highest mean verifier score,
 * its first member) with a paired bootstrap CI against majority_exec and
 * per-database figures. With `--bird DIR`, the text variant is also trained
 * on Spider-A's other databases plus a seeded share of BIRD dev's real runs
 * (`text+bird@<share>`; BIRD is never scored), the mixed-source training and
 * source weighting. With `--mutants FILE` (mutants of Spider train gold on
 * train databases, labeled by execution), the same with a seeded share of the
 * simulator's candidates (`text+mutants@<share>`, and with `--bird`
 * `text+bird@0.125+mutants@<share>`). Reads the data at run time; writes
 * only the report.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fitScaledLogistic, lodoScores, picks, SOURCE_SALT, sourceSample, withAgreementNotGiven, withOrmScores, type XY } from './lodo.ts';
import { pairedMeanDiff } from './paired.ts';
import { birdTextRows, labeledTextRows, tablesSchemas } from './bird-data.ts';
import { denseTextFeatures } from './text-features.ts';
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { evaluate } from '../../src/core/eval/report.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { GROUNDING_FEATURES, literalGrounding, valueIndex, type ValueIndex } from '../../src/core/orm/training/grounding.ts';
import { viewAgreement } from '../../src/core/orm/agreement.ts';
import { agreementSlots } from '../../src/core/orm/featurize.ts';
import { POOL_FEATURES, poolFeatures } from '../../src/core/orm/training/pool-features.ts';
import { quoteIdent } from '../../src/core/sql/identifier.ts';
import { loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import { readDb } from '../../src/node/prepare.ts';
import { clusterBon, majorityExec, oracle, selectionAccuracy, verifierBon } from '../../src/core/select/index.ts';
import { buildClusters } from '../../src/core/signals/clusters.ts';
import { auroc } from '../../src/core/stats/index.ts';
import { loadBenchmark, readCandidateFile, type LoadedBenchmark } from '../../src/node/bench.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';

const VARIANTS = ['text', 'text+agreement', 'text+ground', 'pool', 'text+pool', 'text+ground+pool'] as const;

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
    variants: { type: 'string', help: `comma-separated, of ${[...VARIANTS, 'cluster'].join(', ')} (default all)` },
    bird: {
      type: 'string',
      help: "the bird-dev folder: also train the text variant on BIRD dev real runs (text features, the authors' labels), as the variants text+bird@<share>",
    },
    'bird-share': {
      type: 'string',
      default: '0.125,1',
      help: 'with --bird: comma-separated shares of the BIRD candidates added to every training fold (a seeded sample; the source weighting)',
    },
    mutants: {
      type: 'string',
      help: "a labeled candidate file of mutants on other databases (confide synth --split train, then confide label): also train the text variant on it, as text+mutants@<share> (and text+bird@0.125+mutants@<share> with --bird); its schemas come from the benchmark's tables.json",
    },
    'mix-base': {
      type: 'string',
      default: 'text',
      help: 'the variant the --bird and --mutants rows are added to: text, or text+agreement (their agreement slots then say not given)',
    },
    'mutants-share': {
      type: 'string',
      default: '0.25,1',
      help: 'with --mutants: comma-separated shares of the mutant candidates added to every training fold (a seeded sample)',
    },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

interface Row {
  readonly q: number;
  readonly c: number;
  readonly db: string;
  readonly y: number;
  readonly text: number[];
  readonly pool: number[];
  readonly ground: number[];
  /** The featurizer's agreement slots as the app fills them: given (1), exec, structure and text shares. */
  readonly agree: number[];
}

/** Most distinct values read per column for the value index. */
const VALUES_PER_COLUMN = 20000;

/** The value index of every database of `prepared` (sql.js in-process, read-only). */
async function valueIndexes(prepared: readonly PreparedQuestion[], bench: LoadedBenchmark): Promise<Map<string, ValueIndex>> {
  const runner = await loadSqlRunner();
  const out = new Map<string, ValueIndex>();
  for (const db of new Set(prepared.map((p) => p.db_id))) {
    const opened = runner.open(db, await readDb(bench.dbPath(db)), 'full');
    if (!opened.ok) throw new Error(`${db}: ${opened.error.message}`);
    const schema = runner.schema(db);
    if (!schema.ok) throw new Error(`${db}: ${schema.error.message}`);
    const columns: unknown[][] = [];
    for (const t of schema.schema.tables) {
      for (const c of t.columns) {
        const r = runner.exec(db, `SELECT DISTINCT ${quoteIdent(c.name)} FROM ${quoteIdent(t.name)} LIMIT ${VALUES_PER_COLUMN}`, VALUES_PER_COLUMN);
        if (r.ok) columns.push(r.rows.map((row) => row[0]));
      }
    }
    out.set(db, valueIndex(columns));
    runner.close(db);
  }
  return out;
}

function rowsOf(prepared: readonly PreparedQuestion[], indexes: ReadonlyMap<string, ValueIndex>): Row[] {
  const rows: Row[] = [];
  const cache = new Map<string, SqlFacts>();
  prepared.forEach((p, q) => {
    const pool = poolFeatures(p.view);
    const shares = viewAgreement(p.view);
    p.candidates.forEach((cand, c) => {
      if (cand.correct === null) return;
      const text = denseTextFeatures(
        {
          question: p.question,
          sql: p.view.candidates[c]!.sql,
          ...(p.view.schema ? { schema: p.view.schema } : {}),
          ...(p.evidence ? { evidence: p.evidence } : {}),
        },
        cache,
      );
      const ground = literalGrounding(p.view.candidates[c]!.sql, indexes.get(p.db_id)!);
      rows.push({ q, c, db: p.db_id, y: cand.correct ? 1 : 0, text, pool: pool[c]!, ground, agree: agreementSlots(shares[c]!) });
    });
  });
  return rows;
}

type Variant = (typeof VARIANTS)[number];
function featuresOf(r: Row, v: Variant): number[] {
  switch (v) {
    case 'text':
      return r.text;
    case 'text+agreement':
      return [...r.text, ...r.agree];
    case 'text+ground':
      return [...r.text, ...r.ground];
    case 'pool':
      return r.pool;
    case 'text+pool':
      return [...r.text, ...r.pool];
    case 'text+ground+pool':
      return [...r.text, ...r.ground, ...r.pool];
  }
}

/** Out-of-fold scores of variant `v` (lodo.ts): databases in `exclude` are never trained on; `extra` rows join every training fold. */
function variantScores(rows: readonly Row[], v: Variant, lambda: number, exclude: ReadonlySet<string> = new Set(), extra: readonly XY[] = []): Float64Array {
  return lodoScores(
    rows.map((r) => ({ db: r.db, x: featuresOf(r, v), y: r.y })),
    lambda,
    exclude,
    extra,
  );
}

/** Cluster-level features (see CLUSTER_FEATURES) from per-candidate rows and scores. */
const CLUSTER_FEATURES = [
  'exec_share',
  'top_cluster',
  'gap_to_top',
  'clusters_per_n',
  'empty',
  'log_rows',
  'error_share',
  'mean_score',
  'max_score',
  'mean_grounded',
  'distinct_sql_share',
] as const;

interface ClusterExample {
  readonly q: number;
  readonly db: string;
  readonly members: readonly number[];
  readonly y: number;
  readonly x: number[];
}

function clusterExamples(prepared: readonly PreparedQuestion[], rows: readonly Row[], score: Float64Array): ClusterExample[] {
  const at = new Map<string, number>();
  rows.forEach((r, i) => at.set(`${r.q}:${r.c}`, i));
  const out: ClusterExample[] = [];
  prepared.forEach((p, q) => {
    const n = p.view.candidates.length;
    for (const members of buildClusters(p.view).executions.members) {
      const idx = members.map((c) => at.get(`${q}:${c}`)!);
      const head = rows[idx[0]!]!;
      const s = idx.map((i) => score[i]!);
      const pf = head.pool;
      out.push({
        q,
        db: p.db_id,
        members,
        y: head.y,
        x: [
          pf[1]!,
          pf[4]!,
          pf[5]!,
          pf[6]!,
          pf[7]!,
          pf[8]!,
          pf[9]!,
          s.reduce((a, b) => a + b, 0) / s.length,
          Math.max(...s),
          idx.reduce((a, i) => a + rows[i]!.ground[1]!, 0) / idx.length,
          new Set(members.map((c) => p.view.candidates[c]!.sql)).size / n,
        ],
      });
    }
  });
  return out;
}

/**
 * The cluster verifier, nested leave-one-database-out: for held-out database d,
 * the per-candidate text+ground scores of every row come from models that saw
 * neither d nor the row's own database; a logistic model over cluster features
 * is fit on the other databases' clusters and scores d's. Returns, per row,
 * the probability that its execution cluster is correct (0 for a candidate
 * that failed to execute).
 */
function clusterScores(prepared: readonly PreparedQuestion[], rows: readonly Row[], lambda: number): Float64Array {
  const out = new Float64Array(rows.length);
  const at = new Map<string, number>();
  rows.forEach((r, i) => at.set(`${r.q}:${r.c}`, i));
  for (const d of new Set(rows.map((r) => r.db))) {
    const score = variantScores(rows, 'text+ground', lambda, new Set([d]));
    const ex = clusterExamples(prepared, rows, score);
    const train = ex.filter((e) => e.db !== d);
    const verifier = fitScaledLogistic(train, 1);
    for (const e of ex) {
      if (e.db !== d) continue;
      const p = verifier.score(e.x);
      for (const c of e.members) out[at.get(`${e.q}:${c}`)!] = p;
    }
  }
  return out;
}

const clusterBonOrm = clusterBon('orm');

async function main(flags: ParsedFlags): Promise<number> {
  const seed = numberFlag(flags, 'seed', 1);
  const B = numberFlag(flags, 'bootstrap', 1000);
  const lambda = numberFlag(flags, 'lambda', 10);
  const t0 = performance.now();
  const bench = await loadBenchmark(String(flags.bench));
  const records = await readCandidateFile(String(flags.candidates));
  const sqlPool = createNodeSqlPool({ size: numberFlag(flags, 'workers', 2) });
  let run;
  try {
    run = await prepareRun(records, bench, { sqlPool });
  } finally {
    sqlPool.terminate();
  }
  const prepared = run.prepared.filter((p) => p.goldError === undefined && p.candidates.length > 0 && p.candidates.every((c) => c.correct !== null));
  const indexes = await valueIndexes(prepared, bench);
  const rows = rowsOf(prepared, indexes);
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
    grounding_features: GROUNDING_FEATURES,
    cluster_features: CLUSTER_FEATURES,
    without_verifier: {
      execution_sc: base.signals.execution_sc,
      combined: { auroc: base.combiner.auroc, ci: base.combiner.ci, ece: base.combiner.ece, vs_best: base.combiner.vs_best, guard: base.combiner.guard },
      selection: base.selection,
    },
    variants: {} as Record<string, unknown>,
  };
  const wanted = typeof flags.variants === 'string' ? flags.variants.split(',') : [...VARIANTS, 'cluster'];
  const unknown = wanted.filter((v) => v !== 'cluster' && !(VARIANTS as readonly string[]).includes(v));
  if (unknown.length > 0) throw new RangeError(`--variants: unknown ${unknown.join(', ')}; choose from ${[...VARIANTS, 'cluster'].join(', ')}`);
  // Mixed sources: the text variant trained on Spider-A's other databases plus a seeded share of BIRD's real runs.
  const birdShares = typeof flags.bird === 'string' ? String(flags['bird-share']).split(',').map(Number) : [];
  if (birdShares.some((x) => !(x > 0 && x <= 1))) throw new RangeError(`--bird-share: shares in (0, 1], got ${String(flags['bird-share'])}`);
  const bird = typeof flags.bird === 'string' ? birdTextRows(flags.bird) : [];
  if (bird.length > 0) console.error(`${bird.length} BIRD candidates featurized (${((performance.now() - t0) / 1000).toFixed(1)} s so far)`);
  const birdSample = (share: number): XY[] => sourceSample(bird, share, seed, SOURCE_SALT.bird);
  // And mutants of other databases' gold (the simulator), alone or with an eighth of BIRD.
  const mutantShares = typeof flags.mutants === 'string' ? String(flags['mutants-share']).split(',').map(Number) : [];
  if (mutantShares.some((x) => !(x > 0 && x <= 1))) throw new RangeError(`--mutants-share: shares in (0, 1], got ${String(flags['mutants-share'])}`);
  const mutants = typeof flags.mutants === 'string' ? labeledTextRows(flags.mutants, tablesSchemas(join(String(flags.bench), 'tables.json'))) : [];
  const shared = [...new Set(mutants.map((m) => m.db))].filter((db) => dbs.includes(db));
  if (shared.length > 0) throw new RangeError(`--mutants: databases also in the validation (${shared.join(', ')}); use mutants of other databases only`);
  if (mutants.length > 0)
    console.error(
      `${mutants.length} mutant candidates on ${new Set(mutants.map((m) => m.db)).size} other databases featurized (${((performance.now() - t0) / 1000).toFixed(1)} s so far)`,
    );
  const mutantSample = (share: number): XY[] => sourceSample(mutants, share, seed, SOURCE_SALT.mutants);
  /**
   * The mixed-source variants: the text verifier (or, with --mix-base text+agreement, the text+agreement one:
   * the other sources have no pool here, so their agreement slots say "not given", as the featurizer writes them)
   * with extra training rows from other sources.
   */
  const mixBase = String(flags['mix-base']);
  if (mixBase !== 'text' && mixBase !== 'text+agreement') throw new RangeError(`--mix-base: text or text+agreement, got ${mixBase}`);
  const asBase = (rows: XY[]): XY[] => (mixBase === 'text' ? rows : withAgreementNotGiven(rows));
  const mixed: { name: string; extra: () => XY[] }[] = [
    ...birdShares.map((b) => ({ name: `${mixBase}+bird@${b}`, extra: () => asBase(birdSample(b)) })),
    ...mutantShares.map((m) => ({ name: `${mixBase}+mutants@${m}`, extra: () => asBase(mutantSample(m)) })),
    ...(bird.length > 0
      ? mutantShares.map((m) => ({ name: `${mixBase}+bird@0.125+mutants@${m}`, extra: () => asBase([...birdSample(0.125), ...mutantSample(m)]) }))
      : []),
  ];
  for (const { name: v, extra } of [...wanted.map((name) => ({ name, extra: null })), ...mixed]) {
    const t = performance.now();
    const score =
      v === 'cluster'
        ? clusterScores(prepared, rows, lambda)
        : extra !== null
          ? variantScores(rows, mixBase, lambda, new Set(), extra())
          : variantScores(rows, v as Variant, lambda);
    const scored = withOrmScores(prepared, rows, score);
    const r = evaluate(scored, { group: 'db_id', bootstrap: B, seed });
    const sv = scored.map((p) => p.view);
    const cluster = picks(sv, labels, clusterBonOrm);
    const vb = picks(sv, labels, verifierBon('orm'));
    const perCandidate = auroc(
      score,
      rows.map((x) => x.y),
    );
    const perDb = dbs.map((db) => {
      const idx = prepared.map((p, i) => (p.db_id === db ? i : -1)).filter((i) => i >= 0);
      const rIdx = rows.map((x, i) => (x.db === db ? i : -1)).filter((i) => i >= 0);
      const acc = (xs: number[]): number => idx.reduce((a, i) => a + xs[i]!, 0) / idx.length;
      return {
        db,
        questions: idx.length,
        candidate_auroc: auroc(
          rIdx.map((i) => score[i]!),
          rIdx.map((i) => rows[i]!.y),
        ),
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
      combined_minus_without_verifier: r.combiner.auroc - base.combiner.auroc,
      selection: {
        ...r.selection,
        [clusterBonOrm.name]: cluster.reduce((a, b) => a + b, 0) / cluster.length,
        oracle: selectionAccuracy(views, labels, oracle),
      },
      cluster_vs_majority: pairedMeanDiff(cluster, majority, B, seed + 7),
      verifier_bon_vs_majority: pairedMeanDiff(vb, majority, B, seed + 8),
      per_db: perDb,
    };
    (report.variants as Record<string, unknown>)[v] = entry;
    console.error(
      `${v}: candidate AUROC ${perCandidate.toFixed(3)}, modal-answer AUROC ${r.signals.orm?.auroc.toFixed(3)}, combined ${r.combiner.auroc.toFixed(3)} (${r.combiner.guard.kind}), verifier_bon ${r.selection['verifier_bon:orm']?.toFixed(3)}, cluster_bon ${entry.selection[clusterBonOrm.name]?.toFixed(3)}, majority_exec ${r.selection.majority_exec?.toFixed(3)}`,
    );
  }
  report.seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (typeof flags.out === 'string') writeFileSync(flags.out, text);
  else process.stdout.write(text);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
