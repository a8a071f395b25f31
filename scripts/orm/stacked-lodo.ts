/**
 * `npx tsx scripts/orm/stacked-lodo.ts [--mutants MUTANTS.jsonl] [--bootstrap 1000] [--seed 1] [--variants a,b] [--boost '{"depth":4}' …] [--cache FILE] [--json out.json]`
 *
 * The stacked single-query verifier (stacked-recipe.ts), measured
 * leave-one-database-out on Spider-A's real candidates: each candidate
 * scored as one pasted query by trees fit without its database, whose
 * `orm_sql` input is nested-cross-fitted. Against `orm_sql` alone (the
 * `orm-v2` recipe fit without the candidate's database) with a paired
 * bootstrap over questions, per database, and an ablation: each evidence
 * group dropped, the evidence dropped, the stacked input dropped (`orm-v3`),
 * each paired against the full recipe. `--boost JSON` (repeatable) adds the
 * recipe with those tree options (trees, depth, rate, l2, minHessian, bins)
 * in place of orm-v4's, named by them, paired like the others. Choosing
 * among such variants on these same folds flatters the chosen one a little:
 * say so beside its figure. `--scores FILE` keeps every recipe's
 * scores and reuses those already there on the next run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { EVIDENCE_GROUPS } from './evidence-recipe.ts';
import { preparedEvidence } from './evidence-rows.ts';
import { pairedAuroc } from './paired.ts';
import { ORM_V4_RECIPE, stackedRecipe, type StackedRecipe } from './stacked-recipe.ts';
import { labeledSpiderA, mutantRows, ormSqlSource, REAL_DATA, realDataPresent, type TextRow } from '../profile/real-pools.ts';
import { ormSqlStackedSource } from '../profile/recipe-sources.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { auroc } from '../../src/core/stats/index.ts';

const spec: CommandSpec = {
  name: 'orm:stacked-lodo',
  summary: 'measure the stacked single-query verifier on Spider-A, leave-one-database-out, with its ablation',
  flags: {
    mutants: { type: 'string', help: 'labeled mutants of Spider train gold (default: made here)' },
    bootstrap: { type: 'string', default: '1000', help: 'bootstrap resamples (questions)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    variants: { type: 'string', help: 'comma-separated recipe names to measure (default: all)' },
    boost: {
      type: 'string',
      multiple: true,
      help: "a JSON object of tree options (trees, depth, rate, l2, minHessian, bins) over orm-v4's: adds that recipe (repeatable)",
    },
    cache: { type: 'string', help: 'keep the fitted orm-v2 recipes in this file (scratch space, outside the repository)' },
    json: { type: 'string', help: 'write the figures here' },
    scores: { type: 'string', help: "also write every recipe's out-of-fold scores, the labels and the questions here (to pair runs later)" },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

const f3 = (x: number): string => x.toFixed(3);
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('orm:stacked-lodo: ../shared/data is not here; nothing to measure\n');
    return 2;
  }
  const t0 = performance.now();
  const secs = (): string => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
  const seed = Number(flags.seed);
  const B = Number(flags.bootstrap);
  const cache = flags.cache === undefined ? undefined : String(flags.cache);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  const prepared = await labeledSpiderA(data);
  const ev = await preparedEvidence(prepared, data.bench);
  const n = ev.candidates;
  process.stderr.write(
    `${prepared.length} questions, ${n} candidates; evidence ${(ev.ms / n).toFixed(2)} ms and ${(ev.probesAsked / n).toFixed(2)} probes per candidate; ${secs()}\n`,
  );
  const y = Uint8Array.from(prepared.flatMap((p) => p.candidates.map((c) => (c.correct ? 1 : 0))));
  const question = Int32Array.from(prepared.flatMap((p, q) => p.candidates.map(() => q)));
  const dbOf = prepared.flatMap((p) => p.candidates.map(() => p.db_id));
  const dbs = [...new Set(dbOf)];
  const perDb = (s: Float64Array): Record<string, number> =>
    Object.fromEntries(
      dbs.map((db) => {
        const idx = dbOf.flatMap((d, i) => (d === db ? [i] : []));
        return [
          db,
          Number(
            auroc(
              Float64Array.from(idx, (i) => s[i]!),
              Uint8Array.from(idx, (i) => y[i]!),
            ).toFixed(4),
          ),
        ];
      }),
    );
  let made: Promise<readonly TextRow[]> | null = null;
  const mutants = (): Promise<readonly TextRow[]> => (made ??= mutantRows(data));
  const flat = (xs: readonly Float64Array[]): Float64Array => Float64Array.from(xs.flatMap((x) => [...x]));
  const baseline = flat(await ormSqlSource(prepared, data, mutants, seed, 10, cache).scoresFor(prepared, (db) => [db]));
  process.stderr.write(`orm_sql (orm-v2 recipe) AUROC ${auroc(baseline, y).toFixed(4)}; ${secs()}\n`);
  const wanted = flags.variants === undefined ? undefined : new Set(String(flags.variants).split(','));
  const recipes: StackedRecipe[] = [
    ORM_V4_RECIPE,
    ...EVIDENCE_GROUPS.map((g) => ({ ...ORM_V4_RECIPE, name: `without ${g}`, groups: EVIDENCE_GROUPS.filter((x) => x !== g) })),
    { ...ORM_V4_RECIPE, name: 'without evidence', groups: [] },
    { ...ORM_V4_RECIPE, name: 'without orm_sql (orm-v3)', stack: false },
  ]
    .filter((r) => wanted === undefined || wanted.has(r.name))
    .concat(
      ((flags.boost as string[] | undefined) ?? []).map((b): StackedRecipe => {
        const boost = JSON.parse(b) as Record<string, number>;
        return { ...ORM_V4_RECIPE, name: `orm-v4 ${JSON.stringify(boost)}`, boost: { ...ORM_V4_RECIPE.boost, ...boost } };
      }),
    );
  const results: Record<string, unknown>[] = [{ recipe: 'orm_sql (orm-v2 recipe)', auroc: auroc(baseline, y), per_database: perDb(baseline) }];
  let full: Float64Array | null = null;
  // Scores a previous run kept (--scores) are reused, recipe by recipe, so a long ablation can be finished in parts.
  const before =
    flags.scores !== undefined && existsSync(String(flags.scores))
      ? (JSON.parse(readFileSync(String(flags.scores), 'utf8')) as { scores: Record<string, number[]> }).scores
      : {};
  const kept: Record<string, number[]> = { ...before, 'orm_sql (orm-v2 recipe)': [...baseline] };
  for (const r of recipes) {
    const tr = performance.now();
    // The shipped recipe through the profile's source: with --cache, the scores lodo-pools and profile:fit kept are reused.
    const reused = kept[r.name]?.length === n ? Float64Array.from(kept[r.name]!) : null;
    const source =
      reused !== null
        ? null
        : r === ORM_V4_RECIPE
          ? await ormSqlStackedSource(prepared, data, mutants, seed, cache, ev)
          : stackedRecipe(prepared, ev.evidence, data, mutants, seed, r, cache);
    const s = reused ?? flat(await source!.scoresFor(prepared, (db) => [db]));
    const vsBase = pairedAuroc(s, baseline, y, question, B, seed + 1);
    const vsFull = full === null ? null : pairedAuroc(s, full, y, question, B, seed + 1);
    if (r === ORM_V4_RECIPE) full = s;
    kept[r.name] = [...s];
    if (flags.scores !== undefined) writeFileSync(String(flags.scores), JSON.stringify({ y: [...y], question: [...question], scores: kept }) + '\n');
    results.push({
      recipe: r.name,
      auroc: vsBase.a,
      ci: vsBase.ciA,
      minus_orm_sql: vsBase.diff,
      minus_orm_sql_ci: vsBase.ci,
      ...(vsFull ? { minus_full: vsFull.diff, minus_full_ci: vsFull.ci } : {}),
      per_database: perDb(s),
      seconds: (performance.now() - tr) / 1000,
    });
    process.stdout.write(
      `${r.name}: AUROC ${vsBase.a.toFixed(4)} [${vsBase.ciA.map(f3).join(', ')}]; − orm_sql ${signed(vsBase.diff)} [${vsBase.ci.map(f3).join(', ')}]${vsFull ? `; − full ${signed(vsFull.diff)} [${vsFull.ci.map(f3).join(', ')}]` : ''}; per database ${Object.entries(
        perDb(s),
      )
        .map(([d, a]) => `${d} ${a.toFixed(2)}`)
        .join(', ')}; ${secs()}\n`,
    );
  }
  const cost = { evidence_ms_per_candidate: ev.ms / n, probes_asked_per_candidate: ev.probesAsked / n, probes_run: ev.probesRun, candidates: n };
  if (flags.json !== undefined) writeFileSync(String(flags.json), JSON.stringify({ seed, bootstrap: B, cost, results }, null, 2) + '\n');
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
