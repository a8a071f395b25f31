/**
 * Real systems' pools for fitting and measuring calibration profiles: Spider-A
 * (`../shared/data/real-candidates/spider-dev-A.jsonl`, 484 Spider dev
 * questions on 9 databases, 19 systems' SQL each) executed against
 * `../shared/data/spider` and labeled by execution (spider rule), and the
 * verifier's question–SQL score `orm_sql` on every candidate from a model
 * that never saw the candidate's database.
 *
 * `orm_sql` is the bundled `orm-v2`'s recipe (scripts/orm/train-real.ts: an
 * L2 logistic model over the featurizer's dense question–SQL slots and its
 * agreement slots, trained on Spider-A's candidates with their pools'
 * agreement plus a seeded eighth of BIRD dev's labeled runs and a quarter of
 * mutants of Spider train gold, whose agreement is "not given") fit without
 * the excluded databases, and scored as Ask scores `orm_sql`: agreement not
 * given. Fits are cached by their excluded set, so nested leave-one-database-
 * out (exclude the held-out database and the one being scored) costs one fit
 * per pair. Everything is read at run time; nothing is written to the
 * repository.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { birdTextRows, labeledTextRows, tablesSchemas, textFeatures } from '../orm/bird-data.ts';
import { fitScaledLogistic, SOURCE_SALT, sourceSample, withAgreementNotGiven, type ScaledLogistic, type XY } from '../orm/lodo.ts';
import { denseTextFeatures } from '../orm/text-features.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { viewAgreement } from '../../src/core/orm/agreement.ts';
import { agreementSlots } from '../../src/core/orm/featurize.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { predictLogistic, type LogisticFit } from '../../src/core/stats/index.ts';
import { applyStandardization, type Standardization } from '../../src/core/stats/standardize.ts';
import { loadBenchmark, readCandidateFile } from '../../src/node/bench.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';
import { synthesizeBenchmark } from '../../src/node/synth.ts';

/** Where the data is read from at run time. */
export interface RealData {
  readonly bench: string;
  readonly candidates: string;
  readonly bird: string;
  /**
   * Mutants of Spider train gold, labeled (`confide synth --split train --n 8 --seed 1`, then
   * `confide label`), or undefined to make them here the same way.
   */
  readonly mutants?: string;
}

const shared = (p: string): string => fileURLToPath(new URL(`../../../shared/data/${p}`, import.meta.url));

export const REAL_DATA: RealData = {
  bench: shared('spider'),
  candidates: shared('real-candidates/spider-dev-A.jsonl'),
  bird: shared('real-candidates/bird-dev'),
};

/** True when Spider, the real candidates and BIRD's runs are present. */
export function realDataPresent(data: RealData = REAL_DATA): boolean {
  return existsSync(`${data.bench}/dev.json`) && existsSync(data.candidates) && existsSync(`${data.bird}/candidates.jsonl`);
}

/** Spider-A executed and labeled; questions whose gold failed or with an unknown label are left out. */
export async function labeledSpiderA(data: RealData): Promise<PreparedQuestion[]> {
  const bench = await loadBenchmark(data.bench);
  const sqlPool = createNodeSqlPool({ size: 2 });
  try {
    const run = await prepareRun(await readCandidateFile(data.candidates), bench, { sqlPool, rule: 'spider' });
    return run.prepared.filter((p) => p.goldError === undefined && p.candidates.length > 0 && p.candidates.every((c) => c.correct !== null));
  } finally {
    sqlPool.terminate();
  }
}

/** A labeled candidate of another source as the text verifier reads it. */
export interface TextRow {
  readonly db: string;
  readonly y: number;
  readonly text: number[];
}

/**
 * The mutant rows: read from `data.mutants`, or made here as `confide synth
 * --split train --n 8 --seed 1` and `confide label` make them (the same
 * core code, in process).
 *
 * @example const rows = await mutantRows(REAL_DATA);
 */
export async function mutantRows(data: RealData): Promise<TextRow[]> {
  const schemas = tablesSchemas(`${data.bench}/tables.json`);
  if (data.mutants !== undefined) return labeledTextRows(data.mutants, schemas);
  const bench = await loadBenchmark(data.bench, { split: 'train' });
  const sqlPool = createNodeSqlPool({ size: 2 });
  try {
    const records = await synthesizeBenchmark(bench, sqlPool, { n: 8, seed: 1 });
    const run = await prepareRun(records, bench, { sqlPool, rule: 'spider', labelsOnly: true });
    const cache = new Map<string, SqlFacts>();
    const out: TextRow[] = [];
    for (const p of run.prepared) {
      p.candidates.forEach((c) => {
        if (c.correct === null) return;
        const text = textFeatures(p, c.record.sql, schemas.get(p.db_id), cache);
        if (text) out.push({ db: p.db_id, y: c.correct ? 1 : 0, text });
      });
    }
    return out;
  } finally {
    sqlPool.terminate();
  }
}

/** The `orm_sql` verifier of the module comment, fit without chosen databases. */
export interface OrmSqlSource {
  /** `scores[q][c]` for the candidates of `dbs`, each from a model fit without `exclude(db)`. */
  scoresFor(prepared: readonly PreparedQuestion[], exclude: (db: string) => readonly string[]): Promise<Float64Array[]>;
  readonly fits: () => number;
  /** The recipe fit without `excluded` (cached): the model behind the scores. */
  readonly fitted?: (excluded: readonly string[]) => Promise<ScaledLogistic>;
}

/**
 * Builds the rows once (features of every Spider-A candidate, BIRD and mutant samples).
 *
 * @example
 * const orm = ormSqlSource(prepared, data, () => mutantRows(data));
 * const oof = await orm.scoresFor(prepared, (db) => [db]); // leave-one-database-out
 */
export function ormSqlSource(
  prepared: readonly PreparedQuestion[],
  data: RealData,
  mutants: () => Promise<readonly TextRow[]>,
  seed = 1,
  lambda = 10,
  cacheFile?: string,
): OrmSqlSource {
  const cache = new Map<string, SqlFacts>();
  const text = new Map<string, number[]>();
  const key = (q: number, c: number): string => `${q}:${c}`;
  const rows: (XY & { db: string })[] = [];
  prepared.forEach((p, q) => {
    const shares = viewAgreement(p.view);
    p.view.candidates.forEach((cand, c) => {
      const t = denseTextFeatures(
        { question: p.question, sql: cand.sql, ...(p.view.schema ? { schema: p.view.schema } : {}), ...(p.evidence ? { evidence: p.evidence } : {}) },
        cache,
      );
      text.set(key(q, c), t);
      rows.push({ db: p.db_id, x: [...t, ...agreementSlots(shares[c])], y: p.candidates[c]!.correct ? 1 : 0 });
    });
  });
  const dbs = new Set(prepared.map((p) => p.db_id));
  // Fitted verifiers kept on disk by their excluded set (scratch space for repeated measurements, never the repository).
  // Re-read on every miss and merged before every write, so runs sharing the file share their fits.
  type Stored = Record<string, { standardization: Standardization; model: LogisticFit }>;
  const onDisk = (): Stored => (cacheFile !== undefined && existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {});
  const stored: Stored = onDisk();
  let extra: XY[] | null = null;
  const fitted = new Map<string, ScaledLogistic>();
  const model = async (excluded: readonly string[]): Promise<ScaledLogistic> => {
    const k = `${seed}|${lambda}|${[...new Set(excluded)].sort().join('|')}`;
    let v = fitted.get(k);
    if (v === undefined) {
      if (stored[k] === undefined) Object.assign(stored, onDisk());
      const kept = stored[k];
      if (kept !== undefined) {
        v = { ...kept, score: (row) => predictLogistic(kept.model, applyStandardization(kept.standardization, row)) };
      } else {
        if (extra === null) {
          const m = await mutants();
          const overlap = [...new Set(m.map((r) => r.db))].filter((db) => dbs.has(db));
          if (overlap.length > 0)
            throw new RangeError(`mutants: databases also among the candidates' (${overlap.join(', ')}); use mutants of other databases only`);
          extra = withAgreementNotGiven([
            ...sourceSample(birdTextRows(data.bird), 0.125, seed, SOURCE_SALT.bird),
            ...sourceSample(m, 0.25, seed, SOURCE_SALT.mutants),
          ]);
        }
        const out = new Set(excluded);
        // Newton starts from the kept fit that left out the most of the same databases (the same optimum, fewer steps).
        const prefix = `${seed}|${lambda}|`;
        const near = Object.keys(stored)
          .filter((key) => key.startsWith(prefix))
          .map((key) => ({
            key,
            dbs: key
              .slice(prefix.length)
              .split('|')
              .filter((x) => x !== ''),
          }))
          .filter((c) => c.dbs.every((db) => out.has(db)))
          .sort((a, b) => b.dbs.length - a.dbs.length)[0];
        v = fitScaledLogistic([...rows.filter((r) => !out.has(r.db)), ...extra], lambda, near === undefined ? undefined : stored[near.key]);
        stored[k] = { standardization: v.standardization, model: v.model };
        if (cacheFile !== undefined) {
          writeFileSync(`${cacheFile}.${process.pid}`, JSON.stringify({ ...onDisk(), ...stored }));
          renameSync(`${cacheFile}.${process.pid}`, cacheFile);
        }
      }
      fitted.set(k, v);
    }
    return v;
  };
  const notGiven = agreementSlots(undefined);
  return {
    fits: () => fitted.size,
    fitted: model,
    async scoresFor(questions, exclude) {
      const out: Float64Array[] = [];
      for (const p of questions) {
        const q = prepared.indexOf(p);
        if (q < 0) throw new RangeError(`ormSqlSource: question ${p.id} is not one the source was built on`);
        const v = await model(exclude(p.db_id));
        out.push(Float64Array.from(p.view.candidates, (_, c) => v.score([...text.get(key(q, c))!, ...notGiven])));
      }
      return out;
    },
  };
}

/**
 * Questions with `scores.orm_sql` set from `scores` (one array per question, in order).
 *
 * @example withOrmSql(prepared, orm.scoresFor(prepared, (db) => [db]));
 */
export function withOrmSql(prepared: readonly PreparedQuestion[], scores: readonly Float64Array[]): PreparedQuestion[] {
  return prepared.map((p, q) => ({
    ...p,
    view: { ...p.view, candidates: p.view.candidates.map((c, j) => ({ ...c, scores: { ...c.scores, orm_sql: scores[q]![j]! } })) },
  }));
}
