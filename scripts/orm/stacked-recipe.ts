/**
 * The stacked single-query verifier's recipe (`orm-v4`): boosted trees over
 * the featurizer's dense question–SQL slots, the evidence of what the query
 * returns (core/evidence) and one more input, the `orm-v2` recipe's
 * `orm_sql` as a log-odds rounded to 1/256 (so the float32 graph and the fit
 * take the same branches). That input is **nested-cross-fitted**: for a
 * verifier fit without databases X, a training row of database f carries the
 * `orm-v2` recipe's score fit without f and without X, and a scored row the
 * score fit without X; no row ever carries a score a model gave its own
 * training data. The shipped model reads `orm-v2` fit on every database at
 * run time, its training rows `orm-v2` fit without their own database, the
 * same arrangement one level up.
 */
import { evidenceSlots, fitRecipe, ORM_V3_RECIPE, type EvidenceRecipe, type RecipeFit } from './evidence-recipe.ts';
import type { XY } from './lodo.ts';
import { denseTextFeatures } from './text-features.ts';
import { ormSqlSource, type RealData, type TextRow } from '../profile/real-pools.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import type { CandidateEvidence } from '../../src/core/evidence/index.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';

/** The stacked input's grid: log-odds rounded to 1/STACK_GRID. */
export const STACK_GRID = 256;

/** The log-odds of a probability, rounded to the stacked input's grid (clipped to ±16). */
export function stackInput(p: number): number {
  const q = Math.min(Math.max(p, 1e-7), 1 - 1e-7);
  return Math.round(Math.max(-16, Math.min(16, Math.log(q / (1 - q)))) * STACK_GRID) / STACK_GRID;
}

/** Options of a stacked recipe: the trees' recipe (groups, boost), and whether the orm_sql input is read. */
export interface StackedRecipe extends EvidenceRecipe {
  /** Read the nested-cross-fitted `orm_sql` (default true). */
  readonly stack?: boolean;
}

/** The recipe of the shipped `orm-v4`: orm-v3's trees plus the stacked `orm_sql`. */
export const ORM_V4_RECIPE: StackedRecipe = { ...ORM_V3_RECIPE, name: 'orm-v4', stack: true };

/**
 * `orm-v5`: orm-v4's inputs under stumps (600 trees of depth 1: an additive
 * model of each input), the best of the tree options measured by database
 * on Spider-A (model card: depth 2–5 and more trees ranked held-out
 * databases worse).
 */
export const ORM_V5_RECIPE: StackedRecipe = { ...ORM_V4_RECIPE, name: 'orm-v5', boost: { ...ORM_V4_RECIPE.boost, depth: 1, trees: 600 } };

/** The stacked recipes by name. */
export const STACKED_RECIPES: Readonly<Record<string, StackedRecipe>> = { 'orm-v4': ORM_V4_RECIPE, 'orm-v5': ORM_V5_RECIPE };

/** A cross-fitted source of the stacked score, and the fit on every database for shipping. */
export interface StackedSource {
  scoresFor(questions: readonly PreparedQuestion[], exclude: (db: string) => readonly string[]): Promise<Float64Array[]>;
  /** Rows of every candidate ([text, evidence, stacked input]), in `prepared`'s order, the stacked input fit without their database; for the shipped fit. */
  shippingRows(): Promise<(XY & { db: string })[]>;
  fit(rows: readonly XY[]): RecipeFit;
  readonly innerFits: () => number;
}

/**
 * Builds the rows once; fits are cached by excluded set.
 *
 * @example
 * const src = stackedRecipe(prepared, ev.evidence, REAL_DATA, () => mutantRows(REAL_DATA), 1, ORM_V4_RECIPE);
 * const oof = await src.scoresFor(prepared, (db) => [db]);
 */
export function stackedRecipe(
  prepared: readonly PreparedQuestion[],
  evidence: readonly (readonly (CandidateEvidence | null)[])[],
  data: RealData,
  mutants: () => Promise<readonly TextRow[]>,
  seed: number,
  recipe: StackedRecipe,
  cacheFile?: string,
): StackedSource {
  const inner = ormSqlSource(prepared, data, mutants, seed, 10, cacheFile);
  const facts = new Map<string, SqlFacts>();
  const base = prepared.map((p, q) =>
    p.view.candidates.map((cand, c) => [
      ...denseTextFeatures(
        { question: p.question, sql: cand.sql, ...(p.view.schema ? { schema: p.view.schema } : {}), ...(p.evidence ? { evidence: p.evidence } : {}) },
        facts,
      ),
      ...evidenceSlots(evidence[q]![c], recipe.groups),
    ]),
  );
  const label = prepared.map((p) => p.candidates.map((c) => (c.correct ? 1 : 0)));
  const stack = recipe.stack !== false;
  const dbs = [...new Set(prepared.map((p) => p.db_id))];
  const byDb = new Map(dbs.map((db) => [db, prepared.filter((p) => p.db_id === db)] as const));
  /** Rows of database f's candidates, their stacked input fit without f and `without`. */
  const rowsOf = async (f: string, without: readonly string[]): Promise<(XY & { db: string; q: number })[]> => {
    const qs = byDb.get(f)!;
    const s = stack ? await inner.scoresFor(qs, () => [f, ...without]) : null;
    return qs.flatMap((p, i) => {
      const q = prepared.indexOf(p);
      return base[q]!.map((x, c) => ({ db: f, q, x: stack ? [...x, stackInput(s![i]![c]!)] : x, y: label[q]![c]! }));
    });
  };
  const fits = new Map<string, RecipeFit>();
  return {
    innerFits: () => inner.fits(),
    fit: (rows) => fitRecipe(rows, recipe),
    async shippingRows() {
      const rows: (XY & { db: string; q: number })[] = [];
      for (const f of dbs) rows.push(...(await rowsOf(f, [])));
      // In the order of `prepared`, candidate by candidate (a stable sort keeps each question's order).
      return rows.sort((a, b) => a.q - b.q).map(({ db, x, y }) => ({ db, x, y }));
    },
    async scoresFor(questions, exclude) {
      const out: Float64Array[] = [];
      for (const p of questions) {
        const q = prepared.indexOf(p);
        if (q < 0) throw new RangeError(`stackedRecipe: question ${p.id} is not one it was built on`);
        const without = [...new Set(exclude(p.db_id))].sort();
        const key = without.join('|');
        let v = fits.get(key);
        if (v === undefined) {
          const train: XY[] = [];
          for (const f of dbs) if (!without.includes(f)) train.push(...(await rowsOf(f, without)));
          v = fitRecipe(train, recipe);
          fits.set(key, v);
        }
        const s = stack ? (await inner.scoresFor([p], () => without))[0]! : null;
        const fit = v;
        out.push(Float64Array.from(base[q]!, (x, c) => fit.score(stack ? [...x, stackInput(s![c]!)] : x)));
      }
      return out;
    },
  };
}
