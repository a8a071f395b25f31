/**
 * The evidence-reading verifier's recipe (`orm-v3`), for measuring it and
 * for cross-fitting `orm_sql` by database: an L2 logistic model over the
 * featurizer's dense question–SQL slots, the agreement slots and the
 * evidence of what the query returns (core/evidence, EVIDENCE_FEATURES), on
 * z-scored features, trained on real systems' candidates with their pools'
 * agreement and their evidence, plus (with `extra`) the `orm-v2` recipe's
 * seeded eighth of BIRD dev's labeled runs and quarter of mutants of Spider
 * train gold, whose evidence and agreement are "not given" (no database
 * here for BIRD; the mutants' databases are not probed). Schema-linking
 * slots can be penalized harder (`linkPenalty`: their ridge λ multiplied),
 * since with 8 training databases they learn database quirks.
 *
 * Scored as Ask scores `orm_sql`: the evidence given, agreement not given.
 */
import { birdTextRows } from './bird-data.ts';
import { SOURCE_SALT, sourceSample, type XY } from './lodo.ts';
import { denseTextFeatures, TEXT_DIM } from './text-features.ts';
import type { TextRow } from '../profile/real-pools.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { EVIDENCE_FEATURES, type CandidateEvidence, type EvidenceFeature } from '../../src/core/evidence/index.ts';
import { viewAgreement } from '../../src/core/orm/agreement.ts';
import { agreementSlots } from '../../src/core/orm/featurize.ts';
import { STRUCTURE_FEATURES } from '../../src/core/orm/layout.ts';
import { CUES } from '../../src/core/orm/cues.ts';
import { LINK_FEATURES } from '../../src/core/orm/link.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';
import { boostedLogit, fitBoostedTrees, type BoostedTrees, type BoostOptions } from '../../src/core/orm/training/boost.ts';
import { DENSE_COUNT } from '../../src/core/orm/layout.ts';
import { fitLogistic, predictLogistic } from '../../src/core/stats/index.ts';
import { applyStandardization, fitStandardization, standardizeRows, type Standardization } from '../../src/core/stats/standardize.ts';
import type { LogisticFit } from '../../src/core/stats/index.ts';

/** The evidence's groups, for ablations. */
export const EVIDENCE_GROUPS = ['execution', 'intent', 'smells', 'probes'] as const;
export type EvidenceGroup = (typeof EVIDENCE_GROUPS)[number];

const GROUP_OF: Readonly<Record<EvidenceFeature, EvidenceGroup | null>> = {
  given: null,
  fails: 'execution',
  empty: 'execution',
  one_number: 'execution',
  zero_or_null: 'execution',
  log_rows: 'execution',
  rows_vs_largest: 'execution',
  duplicate_share: 'execution',
  null_share: 'execution',
  log_columns: 'execution',
  ids_only: 'execution',
  count_not_one_number: 'intent',
  list_ids_only: 'intent',
  each_one_row: 'intent',
  superlative_many_rows: 'intent',
  percent_out_of_range: 'intent',
  fraction_integer_division: 'intent',
  zero_count: 'intent',
  empty_list: 'intent',
  left_join: 'smells',
  not_in_subquery: 'smells',
  ungrouped_selected: 'smells',
  group_by_non_key: 'smells',
  having_without_group: 'smells',
  limit_without_order: 'smells',
  integer_division: 'smells',
  literal_case_mismatch: 'probes',
  literal_absent: 'probes',
  count_is_table_size: 'probes',
  not_in_nulls: 'probes',
  limit_cuts_tie: 'probes',
  join_repeats_rows: 'probes',
  group_by_name_shared: 'probes',
};

export interface EvidenceRecipe {
  readonly name: string;
  /**
   * `logistic` (default): L2 logistic on [text, agreement, evidence], z-scored;
   * `trees`: boosted trees on [text, evidence] (no agreement: `orm` and `orm_sql` are one score).
   */
  readonly model?: 'logistic' | 'trees';
  readonly boost?: BoostOptions;
  /** Evidence groups read (none: the `orm-v2` recipe's features). */
  readonly groups: readonly EvidenceGroup[];
  /** Add the BIRD and mutant samples to every training fold. */
  readonly extra: boolean;
  /** λ multiplier of the schema-linking slots (default 1). */
  readonly linkPenalty?: number;
  readonly lambda?: number;
}

/**
 * The shipped recipe (`orm-v3`, scripts/orm/train-real.ts) and the one the
 * default profile's `orm_sql` is cross-fitted with (scripts/profile/real-pools.ts):
 * every evidence group, the other sources' samples, schema-linking slots
 * penalized ten times harder. Chosen on Spider-A leave-one-database-out
 * (scripts/orm/evidence-lodo.ts; model card).
 */
export const ORM_V3_RECIPE: EvidenceRecipe = {
  name: 'orm-v3',
  model: 'trees',
  groups: [...EVIDENCE_GROUPS],
  extra: false,
  boost: { trees: 200, depth: 3, rate: 0.05, l2: 1, minHessian: 5, bins: 32 },
};

/**
 * The featurizer-vector slot of each column of a trees recipe's rows: the
 * text slots where they are, the evidence after the (unread) agreement slots.
 */
export const TREE_SLOTS: readonly number[] = [...Array.from({ length: TEXT_DIM }, (_, j) => j), ...EVIDENCE_FEATURES.map((_, k) => DENSE_COUNT + k)];

/** Column index of the first link slot in the dense text features. */
export const LINK_START = STRUCTURE_FEATURES.length + 3 * CUES.length;

/** The evidence slots a recipe reads (zeros for a group it leaves out, and for no evidence). */
export function evidenceSlots(e: CandidateEvidence | null | undefined, groups: readonly EvidenceGroup[]): number[] {
  if (e === null || e === undefined) return EVIDENCE_FEATURES.map(() => 0);
  return EVIDENCE_FEATURES.map((name, j) => (GROUP_OF[name] === null || groups.includes(GROUP_OF[name]!) ? e.features[j]! : 0));
}

/** The penalties of a row's columns, in the featurizer's dense order: text (links × linkPenalty), agreement, evidence. */
export function recipePenalties(recipe: EvidenceRecipe): number[] {
  const link = recipe.linkPenalty ?? 1;
  return [
    ...Array.from({ length: TEXT_DIM }, (_, j) => (j >= LINK_START && j < LINK_START + LINK_FEATURES.length ? link : 1)),
    1,
    1,
    1,
    1,
    ...EVIDENCE_FEATURES.map(() => 1),
  ];
}

/** A fitted verifier of the recipe: a logistic model on z-scores, or boosted trees. */
export interface RecipeFit {
  readonly standardization?: Standardization;
  readonly model?: LogisticFit;
  readonly trees?: BoostedTrees;
  score(x: readonly number[]): number;
}

/**
 * Fits the recipe on rows laid out as the featurizer's dense slots: [text, agreement, evidence].
 *
 * @example const v = fitRecipe(rows, recipe); v.score(rows[0].x);
 */
export function fitRecipe(rows: readonly XY[], recipe: EvidenceRecipe): RecipeFit {
  const x = rows.map((r) => r.x);
  if (recipe.model === 'trees') {
    // Identical rows (the same SQL from several systems) are fit once, weighted by their count: the same trees, faster.
    const at = new Map<string, number>();
    const ux: (readonly number[])[] = [];
    const uy: number[] = [];
    const uw: number[] = [];
    rows.forEach((r) => {
      const key = `${r.y}|${r.x.join(',')}`;
      const k = at.get(key);
      if (k === undefined) {
        at.set(key, ux.length);
        ux.push(r.x);
        uy.push(r.y);
        uw.push(1);
      } else uw[k]!++;
    });
    const trees = fitBoostedTrees(ux, uy, { ...(recipe.boost ?? {}), weights: uw });
    return { trees, score: (row) => 1 / (1 + Math.exp(-boostedLogit(trees, row))) };
  }
  const standardization = fitStandardization(x);
  const model = fitLogistic(
    standardizeRows(standardization, x),
    rows.map((r) => r.y),
    { lambda: recipe.lambda ?? 10, penalties: recipePenalties(recipe) },
  );
  return { standardization, model, score: (row) => predictLogistic(model, applyStandardization(standardization, row)) };
}

/** Rows of another source (no pool, no database): agreement and evidence not given. */
export function notGivenRows(rows: readonly XY[]): XY[] {
  const none = [...agreementSlots(undefined), ...EVIDENCE_FEATURES.map(() => 0)];
  return rows.map((r) => ({ x: [...r.x, ...none], y: r.y }));
}

/**
 * `orm_sql` of the recipe fit without chosen databases, cached by excluded set.
 *
 * @example
 * const src = evidenceRecipe(prepared, evidence, REAL_DATA, () => mutantRows(REAL_DATA), 1, recipe);
 * await src.scoresFor(prepared, (db) => [db]); // leave-one-database-out
 */
export function evidenceRecipe(
  prepared: readonly PreparedQuestion[],
  evidence: readonly (readonly (CandidateEvidence | null)[])[],
  data: { readonly bird: string },
  mutants: () => Promise<readonly TextRow[]>,
  seed: number,
  recipe: EvidenceRecipe,
): {
  scoresFor(questions: readonly PreparedQuestion[], exclude: (db: string) => readonly string[]): Promise<Float64Array[]>;
  rows: readonly (XY & { db: string })[];
} {
  const cache = new Map<string, SqlFacts>();
  const rows: (XY & { db: string })[] = [];
  const alone = new Map<string, number[]>();
  prepared.forEach((p, q) => {
    const shares = viewAgreement(p.view);
    p.view.candidates.forEach((cand, c) => {
      const t = denseTextFeatures(
        { question: p.question, sql: cand.sql, ...(p.view.schema ? { schema: p.view.schema } : {}), ...(p.evidence ? { evidence: p.evidence } : {}) },
        cache,
      );
      const e = evidenceSlots(evidence[q]![c], recipe.groups);
      const trees = recipe.model === 'trees';
      alone.set(`${q}:${c}`, trees ? [...t, ...e] : [...t, ...agreementSlots(undefined), ...e]);
      rows.push({ db: p.db_id, x: trees ? [...t, ...e] : [...t, ...agreementSlots(shares[c]), ...e], y: p.candidates[c]!.correct ? 1 : 0 });
    });
  });
  let extra: XY[] | null = null;
  const fits = new Map<string, RecipeFit>();
  return {
    rows,
    async scoresFor(questions, exclude) {
      if (recipe.extra && extra === null) {
        const m = await mutants();
        const sampled = [...sourceSample(birdTextRows(data.bird), 0.125, seed, SOURCE_SALT.bird), ...sourceSample(m, 0.25, seed, SOURCE_SALT.mutants)];
        extra = recipe.model === 'trees' ? sampled.map((r) => ({ x: [...r.x, ...EVIDENCE_FEATURES.map(() => 0)], y: r.y })) : notGivenRows(sampled);
      }
      const out: Float64Array[] = [];
      for (const p of questions) {
        const q = prepared.indexOf(p);
        if (q < 0) throw new RangeError(`evidenceRecipe: question ${p.id} is not one it was built on`);
        const key = [...new Set(exclude(p.db_id))].sort().join('|');
        let v = fits.get(key);
        if (v === undefined) {
          const out = new Set(exclude(p.db_id));
          v = fitRecipe([...rows.filter((r) => !out.has(r.db)), ...(extra ?? [])], recipe);
          fits.set(key, v);
        }
        out.push(Float64Array.from(p.view.candidates, (_, c) => v!.score(alone.get(`${q}:${c}`)!)));
      }
      return out;
    },
  };
}
