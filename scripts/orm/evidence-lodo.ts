/**
 * `npx tsx scripts/orm/evidence-lodo.ts [--mutants MUTANTS.jsonl] [--bootstrap 1000] [--seed 1] [--json out.json]`
 *
 * The single-query verifier, measured leave-one-database-out on Spider-A's
 * real candidates: each candidate scored as one pasted query (`orm_sql`,
 * agreement not given) by a verifier fit without its database. Compares the
 * bundled `orm-v2` recipe (question–SQL features) with the recipe that also
 * reads the evidence of what the query returns (core/evidence), with a
 * paired bootstrap over questions (candidates resampled with their
 * question), and ablates the evidence by group. Also the evidence's cost per
 * candidate (probes asked, probes run after the per-database cache, time).
 */
import { writeFileSync } from 'node:fs';
import { evidenceRecipe, EVIDENCE_GROUPS, ORM_V3_RECIPE, type EvidenceRecipe } from './evidence-recipe.ts';
import { preparedEvidence } from './evidence-rows.ts';
import { labeledSpiderA, mutantRows, ormSqlSource, REAL_DATA, realDataPresent } from '../profile/real-pools.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { pairedAuroc } from './paired.ts';
import { auroc } from '../../src/core/stats/index.ts';

const spec: CommandSpec = {
  name: 'orm:evidence-lodo',
  summary: 'measure the evidence-reading single-query verifier on Spider-A, leave-one-database-out',
  flags: {
    mutants: { type: 'string', help: 'labeled mutants of Spider train gold (default: made here)' },
    bootstrap: { type: 'string', default: '1000', help: 'bootstrap resamples (questions)' },
    seed: { type: 'string', default: '1', help: 'seed' },
    variants: { type: 'string', help: 'comma-separated recipe names to measure (default: all)' },
    json: { type: 'string', help: 'write the figures here' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('orm:evidence-lodo: ../shared/data is not here; nothing to measure\n');
    return 2;
  }
  const t0 = performance.now();
  const seed = Number(flags.seed);
  const B = Number(flags.bootstrap);
  const data = { ...REAL_DATA, ...(flags.mutants === undefined ? {} : { mutants: String(flags.mutants) }) };
  const prepared = await labeledSpiderA(data);
  const ev = await preparedEvidence(prepared, data.bench);
  const n = ev.candidates;
  process.stderr.write(
    `${prepared.length} questions, ${n} candidates; evidence ${(ev.ms / 1000).toFixed(1)} s (${(ev.ms / n).toFixed(2)} ms per candidate), ${ev.probesAsked} probes asked (${(ev.probesAsked / n).toFixed(2)} per candidate), ${ev.probesRun} run after the per-database cache\n`,
  );
  const y = Uint8Array.from(prepared.flatMap((p) => p.candidates.map((c) => (c.correct ? 1 : 0))));
  const question = Int32Array.from(prepared.flatMap((p, q) => p.candidates.map(() => q)));
  const base = ormSqlSource(prepared, data, () => mutantRows(data), seed);
  const baseline = Float64Array.from((await base.scoresFor(prepared, (db) => [db])).flatMap((s) => [...s]));
  process.stderr.write(`baseline (orm-v2 recipe) orm_sql AUROC ${auroc(baseline, y).toFixed(4)}; ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  const wanted = flags.variants === undefined ? undefined : new Set(String(flags.variants).split(','));
  const recipes: EvidenceRecipe[] = [
    ORM_V3_RECIPE,
    ...EVIDENCE_GROUPS.map((g) => ({ ...ORM_V3_RECIPE, name: `orm-v3 without ${g}`, groups: EVIDENCE_GROUPS.filter((x) => x !== g) })),
    { ...ORM_V3_RECIPE, name: 'trees, no evidence', groups: [] },
    { name: 'logistic with evidence', groups: [...EVIDENCE_GROUPS], extra: true },
  ].filter((r) => wanted === undefined || wanted.has(r.name));
  const results: Record<string, unknown>[] = [];
  for (const r of recipes) {
    const source = evidenceRecipe(prepared, ev.evidence, data, () => mutantRows(data), seed, r);
    const s = Float64Array.from((await source.scoresFor(prepared, (db) => [db])).flatMap((x) => [...x]));
    const p = pairedAuroc(s, baseline, y, question, B, seed + 1);
    results.push({ recipe: r.name, auroc: p.a, ci: p.ciA, minus_baseline: p.diff, diff_ci: p.ci });
    process.stdout.write(
      `${r.name}: AUROC ${p.a.toFixed(4)} [${p.ciA.map((x) => x.toFixed(3)).join(', ')}]; − orm-v2 recipe ${p.diff >= 0 ? '+' : ''}${p.diff.toFixed(4)} [${p.ci.map((x) => x.toFixed(3)).join(', ')}]; ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
  }
  const cost = { ms_per_candidate: ev.ms / n, probes_asked_per_candidate: ev.probesAsked / n, probes_run: ev.probesRun, candidates: n };
  if (flags.json !== undefined)
    writeFileSync(String(flags.json), JSON.stringify({ seed, bootstrap: B, baseline_auroc: auroc(baseline, y), cost, results }, null, 2) + '\n');
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
