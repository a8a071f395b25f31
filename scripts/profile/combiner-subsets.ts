/**
 * `npx tsx scripts/profile/combiner-subsets.ts [--mutants MUTANTS.jsonl] [--subsets 200] [--sizes 50,100,200] [--seed 1] [--json out.json]`
 *
 * Does the guarded combiner lose to its own anchor at classroom size? Random
 * question subsets of real pools, each evaluated as `confide eval` does by
 * default (the guarded combiner cross-fit in 2 folds by question): the
 * combined score's out-of-fold AUROC against the raw AUROC of the signal it
 * anchored on, with the evidence rule (stats/guard-evidence.ts) and without
 * it (the rule before it), on the same subsets and folds.
 *
 * Pools (all read at run time from ../shared):
 * - `spider-a`: Spider-A's 19 systems per question, every signal of
 *   `confide eval` plus `orm_sql` cross-fitted by database (real-pools.ts);
 * - `spider-a-12`: the same questions with 12 of their 19 candidates
 *   (seeded), the size of one model's reply of 12 samples;
 * - `bird`: BIRD dev's 42 runs per question: no databases, so the signals a
 *   pool can give without execution: text and structure agreement, schema
 *   relevance, and a text verifier fit leave-one-database-out on BIRD's
 *   labels (as scripts/orm/bird-lodo.ts);
 * - `bird:<model>`: one model's runs only (the pools of one model that
 *   BIRD's runs hold: 5–10 runs each).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { birdSchemas, textFeatures } from '../orm/bird-data.ts';
import { fitScaledLogistic } from '../orm/lodo.ts';
import { labeledSpiderA, mutantRows, ormSqlSource, REAL_DATA, realDataPresent, withOrmSql } from './real-pools.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import type { QuestionRecord } from '../../src/core/bench/types.ts';
import { featureRows, signalMatrix } from '../../src/core/eval/matrix.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { subsamplePrepared } from '../../src/core/eval/subsample.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { computeSignals, registryWithVerifiers } from '../../src/core/signals/index.ts';
import type { QuestionView } from '../../src/core/signals/types.ts';
import { auroc, createRng, crossfitGuarded } from '../../src/core/stats/index.ts';

const spec: CommandSpec = {
  name: 'profile:combiner-subsets',
  summary: 'the guarded combiner against its anchor on random question subsets of real pools',
  flags: {
    mutants: { type: 'string', help: 'labeled mutants of Spider train gold (default: made here)' },
    subsets: { type: 'string', default: '200', help: 'random subsets per size' },
    sizes: { type: 'string', default: '50,100,200', help: 'questions per subset' },
    seed: { type: 'string', default: '1', help: 'seed' },
    json: { type: 'string', help: 'write the figures here' },
    cache: { type: 'string', help: 'keep the fitted verifiers in this file, to reuse on the next run (scratch space, outside the repository)' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

/** Question-level rows of one pool kind: features, the modal answer's label. */
interface Rows {
  readonly name: string;
  readonly x: Float64Array[];
  readonly y: Uint8Array;
}

function spiderRows(name: string, prepared: readonly PreparedQuestion[]): Rows {
  const m = signalMatrix(prepared);
  return { name, x: featureRows(m), y: m.y };
}

/** BIRD as views without execution (every candidate "not run": execution signals are constant and dropped). */
function birdRows(dir: string, seed: number): Rows[] {
  const records = parseCandidateFile(readFileSync(join(dir, 'candidates.jsonl'), 'utf8'), 'candidates.jsonl').records;
  const schemas = birdSchemas(dir);
  const cache = new Map<string, SqlFacts>();
  const feats = records.map((r) => r.candidates.map((c) => textFeatures(r, c.sql, schemas.get(r.db_id), cache)));
  const score = records.map((r) => new Float64Array(r.candidates.length).fill(0));
  for (const db of new Set(records.map((r) => r.db_id))) {
    const train: { x: number[]; y: number }[] = [];
    records.forEach((r, q) => {
      if (r.db_id !== db)
        r.candidates.forEach((c, j) => {
          const f = feats[q]![j];
          if (f) train.push({ x: f, y: c.correct ? 1 : 0 });
        });
    });
    const v = fitScaledLogistic(train, 10);
    records.forEach((r, q) => {
      if (r.db_id === db)
        r.candidates.forEach((_, j) => {
          const f = feats[q]![j];
          score[q]![j] = f ? v.score(f) : 0;
        });
    });
  }
  const registry = registryWithVerifiers(['orm_sql']);
  const families = new Map<string, (source: string) => boolean>([
    ['bird', () => true],
    ['bird:Qwen2.5-Coder-7B-Instruct', (s) => s.includes('/Qwen2.5-Coder-7B-Instruct/')],
    ['bird:Qwen2-72B-Instruct', (s) => s.includes('/Qwen2-72B-Instruct/')],
    ['bird:Qwen-plus', (s) => s.includes('/Qwen/plus/')],
    ['bird:gpt-4o', (s) => s.includes('/gpt-4o/')],
    ['bird:DeepSeek-R1', (s) => s.includes('/DeepSeek-R1')],
  ]);
  void seed;
  return [...families].map(([name, keep]) => {
    const x: Float64Array[] = [];
    const y: number[] = [];
    const names = registry.list().map((s) => s.name);
    records.forEach((r: QuestionRecord, q) => {
      const idx = r.candidates.map((c, j) => (keep(c.source ?? '') ? j : -1)).filter((j) => j >= 0);
      const view: QuestionView = {
        question: r.question,
        ...(r.evidence ? { evidence: r.evidence } : {}),
        ...(schemas.get(r.db_id) ? { schema: schemas.get(r.db_id)! } : {}),
        candidates: idx.map((j) => ({ sql: r.candidates[j]!.sql, exec: { ok: false, code: 'SQLITE_ERROR' as const }, scores: { orm_sql: score[q]![j]! } })),
      } as QuestionView;
      const { values, clusters } = computeSignals(view, registry);
      x.push(Float64Array.from(names, (n) => values[n] ?? NaN));
      y.push(r.candidates[idx[clusters.modal]!]!.correct ? 1 : 0);
    });
    return { name: `${name} (${records[0]!.candidates.filter((c) => keep(c.source ?? '')).length} candidates)`, x, y: Uint8Array.from(y) };
  });
}

interface SubsetFigures {
  kind: string;
  size: number;
  subsets: number;
  within_001: { evidence: number; before: number };
  worst: { evidence: number; before: number };
  median: { evidence: number; before: number };
  kept_combination: { evidence: number; before: number };
}

function measure(rows: Rows, size: number, subsets: number, seed: number): SubsetFigures {
  const n = rows.y.length;
  const rng = createRng(seed);
  const diffs = { evidence: [] as number[], before: [] as number[] };
  const combined = { evidence: 0, before: 0 };
  let done = 0;
  for (let s = 0; s < subsets; s++) {
    const idx = rng.sample(
      Array.from({ length: n }, (_, i) => i),
      Math.min(size, n),
    );
    const x = idx.map((i) => rows.x[i]!);
    const y = Uint8Array.from(idx, (i) => rows.y[i]!);
    const pos = y.reduce((a, b) => a + b, 0);
    if (pos === 0 || pos === y.length) continue;
    done++;
    for (const rule of ['evidence', 'before'] as const) {
      const cf = crossfitGuarded(x, y, createRng(seed * 1000 + s), { k: 2, evidence: rule === 'evidence' });
      const a = cf.finalChoice.anchor;
      if (a === null) {
        diffs[rule].push(0);
        continue;
      }
      const anchor = auroc(
        x.map((r) => r[a]!),
        y,
      );
      const anchorAuroc = Math.max(anchor, 1 - anchor); // the fit learns the anchor's sign
      diffs[rule].push(auroc(cf.oof, y) - anchorAuroc);
      if (cf.choices.some((c) => c.kind === 'combined')) combined[rule]++;
    }
  }
  const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const share = (xs: number[]): number => xs.filter((d) => d >= -0.01).length / xs.length;
  return {
    kind: rows.name,
    size,
    subsets: done,
    within_001: { evidence: share(diffs.evidence), before: share(diffs.before) },
    worst: { evidence: Math.min(...diffs.evidence), before: Math.min(...diffs.before) },
    median: { evidence: q(diffs.evidence, 0.5), before: q(diffs.before, 0.5) },
    kept_combination: { evidence: combined.evidence / done, before: combined.before / done },
  };
}

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('profile:combiner-subsets: ../shared/data is not here; nothing to measure\n');
    return 2;
  }
  const seed = Number(flags.seed);
  const subsets = Number(flags.subsets);
  const sizes = String(flags.sizes).split(',').map(Number);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  const prepared = await labeledSpiderA(data);
  const orm = ormSqlSource(prepared, data, () => mutantRows(data), seed, 10, flags.cache === undefined ? undefined : String(flags.cache));
  const scored = withOrmSql(prepared, await orm.scoresFor(prepared, (db) => [db]));
  const cut = createRng(seed + 12);
  const kinds: Rows[] = [
    spiderRows('spider-a (19 systems)', scored),
    spiderRows(
      'spider-a-12 (12 of 19)',
      scored.map((p) => subsamplePrepared(p, 12, cut)),
    ),
    ...birdRows(data.bird, seed),
  ];
  const out: SubsetFigures[] = [];
  process.stdout.write(
    'pools | questions per subset | subsets | within 0.01 of the anchor: evidence / before | worst | median | folds keeping a combination\n',
  );
  for (const k of kinds) {
    for (const size of sizes) {
      const f = measure(k, size, subsets, seed);
      out.push(f);
      const p = (x: number): string => `${(100 * x).toFixed(1)}%`;
      process.stdout.write(
        `${f.kind} | ${size} | ${f.subsets} | ${p(f.within_001.evidence)} / ${p(f.within_001.before)} | ${f.worst.evidence.toFixed(3)} / ${f.worst.before.toFixed(3)} | ${f.median.evidence.toFixed(3)} / ${f.median.before.toFixed(3)} | ${p(f.kept_combination.evidence)} / ${p(f.kept_combination.before)}\n`,
      );
    }
  }
  if (flags.json !== undefined) writeFileSync(String(flags.json), JSON.stringify({ seed, subsets, sizes, figures: out }, null, 2) + '\n');
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
