/**
 * `npx tsx scripts/orm/bird-lodo.ts --dir ../shared/data/real-candidates/bird-dev [--out report.json] [--seed 1] [--bootstrap 1000] [--lambda 10]`
 *
 * The real-candidate text verifier on BIRD dev, leave-one-database-out: 42
 * published runs per question with their authors' execution labels
 * (`candidates.jsonl`; no BIRD database exists here, so no execution or value
 * features). For each of the 11 databases an L2 logistic verifier over the
 * ORM featurizer's dense question–SQL features (schema from
 * `dev_tables.json`, evidence included) is fit on the other 10 and scores the
 * held-out one. Reported: candidate AUROC per fold; Best-of-N of `first`,
 * `modal` (largest cluster of normalized SQL text), `verifier_bon` (highest
 * score), `cluster_bon` (the text cluster with the highest mean score) and
 * `oracle`, with paired bootstrap CIs against `modal`; AUROC of the modal
 * answer for `string_sc` (modal cluster share), the verifier, and the
 * guarded combination of the two (cross-fit by database). Reads the data at
 * run time; writes only the report.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairedMeanDiff } from './paired.ts';
import { MAX_SQL, birdSchemas, textFeatures } from './bird-data.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { normalizeSql } from '../../src/core/sql/normalize.ts';
import { auroc, createRng, crossfitGuarded, fitLogistic, pairedBootstrap, predictLogistic } from '../../src/core/stats/index.ts';
import { applyStandardization, fitStandardization, standardizeRows } from '../../src/core/stats/standardize.ts';

const spec: CommandSpec = {
  name: 'orm:bird-lodo',
  summary: 'leave-one-database-out text verifier on BIRD dev real runs',
  flags: {
    dir: { type: 'string', required: true, help: 'the bird-dev folder (candidates.jsonl, dev_tables.json)' },
    out: { type: 'string', help: 'write the report (JSON) here' },
    seed: { type: 'string', default: '1', help: 'seed of every random step' },
    bootstrap: { type: 'string', default: '1000', help: 'bootstrap resamples' },
    lambda: { type: 'string', default: '10', help: 'ridge strength (standardized features)' },
    rows: { type: 'string', help: 'also write the question-level rows (db_id, string_sc, verifier, modal right) as JSON lines here' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

async function main(flags: ParsedFlags): Promise<number> {
  const seed = numberFlag(flags, 'seed', 1);
  const B = numberFlag(flags, 'bootstrap', 1000);
  const lambda = numberFlag(flags, 'lambda', 10);
  const dir = String(flags.dir);
  const t0 = performance.now();
  const records = parseCandidateFile(readFileSync(join(dir, 'candidates.jsonl'), 'utf8'), 'candidates.jsonl').records;
  const schemas = birdSchemas(dir);
  const cache = new Map<string, SqlFacts>();
  // rows[q][c]: features (null when too long), labels[q][c].
  const feats: (number[] | null)[][] = [];
  const labels: number[][] = [];
  records.forEach((r, q) => {
    if (q % 200 === 0) console.error(`featurizing question ${q} of ${records.length}`);
    const schema = schemas.get(r.db_id);
    feats.push(r.candidates.map((c) => textFeatures(r, c.sql, schema, cache)));
    labels.push(r.candidates.map((c) => (c.correct ? 1 : 0)));
  });
  const tFeat = (performance.now() - t0) / 1000;
  console.error(`${records.length} questions featurized in ${tFeat.toFixed(1)} s`);

  const dbs = [...new Set(records.map((r) => r.db_id))];
  const score: number[][] = records.map((r) => r.candidates.map(() => -Infinity));
  for (const db of dbs) {
    const x: number[][] = [];
    const y: number[] = [];
    records.forEach((r, q) => {
      if (r.db_id === db) return;
      feats[q]!.forEach((f, c) => {
        if (f) {
          x.push(f);
          y.push(labels[q]![c]!);
        }
      });
    });
    const t = fitStandardization(x);
    const m = fitLogistic(standardizeRows(t, x), y, { lambda });
    records.forEach((r, q) => {
      if (r.db_id !== db) return;
      feats[q]!.forEach((f, c) => {
        if (f) score[q]![c] = predictLogistic(m, applyStandardization(t, f));
      });
    });
    console.error(`fold ${db} done`);
  }

  // Selection and question-level signals.
  const pick = { first: [] as number[], modal: [] as number[], verifier_bon: [] as number[], cluster_bon: [] as number[], oracle: [] as number[] };
  const stringSc: number[] = [];
  const verifierModal: number[] = [];
  const modalRight: number[] = [];
  records.forEach((r, q) => {
    const keys = r.candidates.map((c) => normalizeSql(c.sql));
    const clusters = new Map<string, number[]>();
    keys.forEach((k, c) => clusters.set(k, [...(clusters.get(k) ?? []), c]));
    let modal: number[] = [];
    for (const members of clusters.values()) if (members.length > modal.length) modal = members;
    const s = score[q]!;
    let best = 0;
    s.forEach((v, c) => {
      if (v > s[best]!) best = c;
    });
    let bestCluster: number[] = modal;
    let bestMean = -Infinity;
    for (const members of clusters.values()) {
      const mean = members.reduce((a, c) => a + (Number.isFinite(s[c]!) ? s[c]! : 0), 0) / members.length;
      if (mean > bestMean) [bestCluster, bestMean] = [members, mean];
    }
    const y = labels[q]!;
    pick.first.push(y[0]!);
    pick.modal.push(y[modal[0]!]!);
    pick.verifier_bon.push(y[best]!);
    pick.cluster_bon.push(y[bestCluster[0]!]!);
    pick.oracle.push(y.some((v) => v === 1) ? 1 : 0);
    stringSc.push(modal.length / r.candidates.length);
    verifierModal.push(Number.isFinite(s[modal[0]!]!) ? s[modal[0]!]! : 0);
    modalRight.push(y[modal[0]!]!);
  });
  const mean = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0) / a.length;
  const group = records.map((r) => r.db_id);
  if (typeof flags.rows === 'string') {
    writeFileSync(
      flags.rows,
      records.map((r, i) => JSON.stringify({ db_id: r.db_id, string_sc: stringSc[i], verifier: verifierModal[i], right: modalRight[i] })).join('\n') + '\n',
    );
  }
  const combined = crossfitGuarded(
    stringSc.map((v, i) => [v, verifierModal[i]!]),
    modalRight,
    createRng(seed),
    { group },
  );
  const boot = pairedBootstrap({ string_sc: stringSc, verifier: verifierModal, combined: combined.oof }, modalRight, createRng(seed + 1), { B });
  const candScores: number[] = [];
  const candLabels: number[] = [];
  score.forEach((s, q) =>
    s.forEach((v, c) => {
      if (Number.isFinite(v)) {
        candScores.push(v);
        candLabels.push(labels[q]![c]!);
      }
    }),
  );
  const perDb = dbs.map((db) => {
    const idx = records.map((r, i) => (r.db_id === db ? i : -1)).filter((i) => i >= 0);
    const cs: number[] = [];
    const cl: number[] = [];
    for (const q of idx)
      score[q]!.forEach((v, c) => {
        if (Number.isFinite(v)) {
          cs.push(v);
          cl.push(labels[q]![c]!);
        }
      });
    const acc = (xs: number[]): number => idx.reduce((a, i) => a + xs[i]!, 0) / idx.length;
    return {
      db,
      questions: idx.length,
      candidate_auroc: auroc(cs, cl),
      modal: acc(pick.modal),
      verifier_bon: acc(pick.verifier_bon),
      cluster_bon: acc(pick.cluster_bon),
      oracle: acc(pick.oracle),
    };
  });
  const report = {
    questions: records.length,
    candidates: candScores.length,
    too_long: records.reduce((a, r) => a + r.candidates.filter((c) => c.sql.length > MAX_SQL).length, 0),
    lambda,
    seed,
    bootstrap: B,
    seconds: { featurize: Number(tFeat.toFixed(1)), total: Number(((performance.now() - t0) / 1000).toFixed(1)) },
    candidate_auroc: auroc(candScores, candLabels),
    selection: Object.fromEntries(Object.entries(pick).map(([k, v]) => [k, mean(v)])),
    verifier_bon_vs_modal: pairedMeanDiff(pick.verifier_bon, pick.modal, B, seed + 2),
    cluster_bon_vs_modal: pairedMeanDiff(pick.cluster_bon, pick.modal, B, seed + 3),
    modal_answer: {
      accuracy: mean(modalRight),
      string_sc: boot.signals.string_sc,
      verifier: boot.signals.verifier,
      combined: boot.signals.combined,
      combined_minus_string_sc: boot.paired('combined', 'string_sc'),
      verifier_minus_string_sc: boot.paired('verifier', 'string_sc'),
      guard: { final: combined.finalChoice, folds: combined.choices.map((c) => c.kind) },
    },
    per_db: perDb,
  };
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (typeof flags.out === 'string') writeFileSync(flags.out, text);
  else process.stdout.write(text);
  console.error(`candidate AUROC ${report.candidate_auroc.toFixed(3)}; selection ${JSON.stringify(report.selection)}`);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
