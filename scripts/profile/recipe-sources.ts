/**
 * `orm_sql` sources of the evidence-reading recipes (`orm-v3`, `orm-v4`), fit
 * without chosen databases on the real pools of real-pools.ts. Apart from
 * real-pools.ts, which the recipes read their data types from, so that no
 * two script modules import each other.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { evidenceRecipe, ORM_V3_RECIPE, type EvidenceRecipe } from '../orm/evidence-recipe.ts';
import { preparedEvidence, type EvidenceRun } from '../orm/evidence-rows.ts';
import { ORM_V4_RECIPE, stackedRecipe, type StackedRecipe } from '../orm/stacked-recipe.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import type { OrmSqlSource, RealData, TextRow } from './real-pools.ts';

/**
 * `orm_sql` of the evidence-reading recipe (`orm-v3`; scripts/orm/evidence-recipe.ts),
 * fit without chosen databases: the evidence of every candidate is gathered first
 * (probes through a Node SQL pool against `data.bench`).
 *
 * @example
 * const orm = await ormSqlEvidenceSource(prepared, REAL_DATA, () => mutantRows(REAL_DATA));
 * const oof = await orm.scoresFor(prepared, (db) => [db]);
 */
export async function ormSqlEvidenceSource(
  prepared: readonly PreparedQuestion[],
  data: RealData,
  mutants: () => Promise<readonly TextRow[]>,
  seed = 1,
  recipe: EvidenceRecipe = ORM_V3_RECIPE,
): Promise<OrmSqlSource> {
  const ev = await preparedEvidence(prepared, data.bench);
  const source = evidenceRecipe(prepared, ev.evidence, data, mutants, seed, recipe);
  let fits = 0;
  return {
    fits: () => fits,
    async scoresFor(questions, exclude) {
      fits++;
      return source.scoresFor(questions, exclude);
    },
  };
}

/**
 * `orm_sql` of the stacked recipe (`orm-v4`; scripts/orm/stacked-recipe.ts),
 * fit without chosen databases, its `orm-v2` input nested-cross-fitted: the
 * evidence of every candidate is gathered first (probes through a Node SQL
 * pool against `data.bench`); `cacheFile` keeps the `orm-v2` fits, and the
 * stacked scores beside it (one file per recipe).
 *
 * @example
 * const orm = await ormSqlStackedSource(prepared, REAL_DATA, () => mutantRows(REAL_DATA));
 * const oof = await orm.scoresFor(prepared, (db) => [db]);
 */
export async function ormSqlStackedSource(
  prepared: readonly PreparedQuestion[],
  data: RealData,
  mutants: () => Promise<readonly TextRow[]>,
  seed = 1,
  cacheFile?: string,
  gathered?: EvidenceRun,
  recipe: StackedRecipe = ORM_V4_RECIPE,
): Promise<OrmSqlSource> {
  const ev = gathered ?? (await preparedEvidence(prepared, data.bench));
  const source = stackedRecipe(prepared, ev.evidence, data, mutants, seed, recipe, cacheFile);
  // With a cache file, the stacked scores are kept too (by excluded set and question), so a rerun refits nothing.
  const scoreFile = cacheFile === undefined ? undefined : `${cacheFile}.stacked.${recipe.name}.json`;
  const kept: Record<string, number[]> = scoreFile !== undefined && existsSync(scoreFile) ? JSON.parse(readFileSync(scoreFile, 'utf8')) : {};
  let fits = 0;
  return {
    fits: () => fits,
    async scoresFor(questions, exclude) {
      fits++;
      const out: Float64Array[] = [];
      let fresh = false;
      for (const p of questions) {
        const k = `${seed}|${[...new Set(exclude(p.db_id))].sort().join('|')}|${p.id}`;
        if (kept[k] === undefined) {
          kept[k] = [...(await source.scoresFor([p], exclude))[0]!];
          fresh = true;
        }
        out.push(Float64Array.from(kept[k]!));
      }
      if (fresh && scoreFile !== undefined) writeFileSync(scoreFile, JSON.stringify(kept));
      return out;
    },
  };
}
