/**
 * `npx tsx scripts/profile/result-support.ts [--sizes 2,3,5,8,19] [--seed 1] [--bootstrap 2000] [--json out.json]`
 *
 * How should results be grouped for a decision? Measured on real systems'
 * pools (Spider-A, read at run time: real-pools.ts), each cut to k
 * candidates (seeded, as lodo-pools.ts cuts them), with the answer the
 * majority rule gives (the first member of the largest group; every
 * default-profile band from 3 up weighs execution agreement alone) and its
 * label on the published rule (spider, exact numbers: never the grouping):
 *
 * - `exact`: groups of exactly equal results (the fingerprint before
 *   float-noise grouping);
 * - `noise`: numbers read to 10 significant digits (what Ask and evaluations
 *   group by now: results/float-noise.ts);
 * - `merged`: noise groups joined when one backs the other (results/support.ts:
 *   rounds it to 2+ decimals, or holds its rows plus explanatory columns),
 *   the answer the largest noise group inside the largest joined group;
 * - `support_sc` (a signal, not a grouping): the share of candidates whose
 *   result equals or backs, or is backed by, the `noise` answer's result;
 *   its AUROC against `execution_sc` on the same answers, and the two
 *   combined by L2 logistic regression cross-fit leave-one-database-out
 *   (λ = 1) against `execution_sc` alone, with paired 95% bootstrap intervals
 *   over questions.
 *
 * Accuracy differences between groupings are paired over the same cut pools
 * (bootstrap over questions). Nothing is written to the repository.
 */
import { writeFileSync } from 'node:fs';
import { labeledSpiderA, REAL_DATA, realDataPresent } from './real-pools.ts';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { subsampleIndices } from '../../src/core/eval/subsample.ts';
import { resultFingerprint } from '../../src/core/results/fingerprint.ts';
import { backs, supportKeys, type SupportView } from '../../src/core/results/support.ts';
import { clusterBy, largestClusterHead } from '../../src/core/signals/clusters.ts';
import { auroc, createRng, crossfitLogistic, pairedBootstrap, percentileInterval, resampleCounts } from '../../src/core/stats/index.ts';

const spec: CommandSpec = {
  name: 'profile:result-support',
  summary: 'grouping results by float noise and support, measured on Spider-A pools cut to several sizes',
  flags: {
    sizes: { type: 'string', default: '2,3,5,8,19', help: 'pool sizes to cut to' },
    seed: { type: 'string', default: '1', help: 'seed of the cuts and the bootstrap' },
    bootstrap: { type: 'string', default: '2000', help: 'bootstrap resamples' },
    json: { type: 'string', help: 'write the figures here' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

/** One candidate as the groupings read it. */
interface Cand {
  exact: string | null;
  noise: string | null;
  view: SupportView | null;
  correct: boolean;
}

function candidatesOf(q: PreparedQuestion): Cand[] {
  return q.candidates.map((c) => {
    if (!c.outcome.ok) return { exact: null, noise: null, view: null, correct: c.correct === true };
    const noise = resultFingerprint(c.outcome);
    return {
      exact: resultFingerprint(c.outcome, { exactNumbers: true }),
      noise,
      view: { fingerprint: noise, keys: supportKeys(c.outcome) },
      correct: c.correct === true,
    };
  });
}

/** The answer and its agreement under each grouping, for one cut pool. */
interface Row {
  db: string;
  exact: [boolean, number];
  noise: [boolean, number];
  merged: [boolean, number];
  support: number;
  joinedBy: Set<string>;
}

function row(db: string, cands: readonly Cand[]): Row {
  const k = cands.length;
  const pick = (keys: (string | null)[]): [boolean, number, number] => {
    const c = clusterBy(keys);
    const head = largestClusterHead(c);
    if (head < 0) return [cands[0]!.correct, 0, -1];
    return [cands[head]!.correct, c.members[c.of[head]!]!.length / k, head];
  };
  const exact = pick(cands.map((c) => c.exact));
  const noise = pick(cands.map((c) => c.noise));
  // Noise groups, joined where one backs the other (union–find over group ids).
  const groups = clusterBy(cands.map((c) => c.noise));
  const parent = groups.members.map((_, g) => g);
  const find = (g: number): number => (parent[g] === g ? g : (parent[g] = find(parent[g]!)));
  const joinedBy = new Set<string>();
  const view = (g: number): SupportView => cands[groups.members[g]![0]!]!.view!;
  for (let a = 0; a < groups.members.length; a++) {
    for (let b = 0; b < groups.members.length; b++) {
      const how = a === b ? null : backs(view(a), view(b));
      if (how === null) continue;
      joinedBy.add(how);
      parent[find(a)] = find(b);
    }
  }
  const size = new Map<number, number>();
  groups.members.forEach((m, g) => size.set(find(g), (size.get(find(g)) ?? 0) + m.length));
  let merged: [boolean, number] = [noise[0], noise[1]];
  if (groups.members.length > 0) {
    // Largest joined group (ties: the one whose first member comes first), then its largest noise group.
    let best = -1;
    for (let g = 0; g < groups.members.length; g++) if (best < 0 || size.get(find(g))! > size.get(find(best))!) best = g;
    const root = find(best);
    let head = -1;
    for (let g = 0; g < groups.members.length; g++) if (find(g) === root && (head < 0 || groups.members[g]!.length > groups.members[head]!.length)) head = g;
    merged = [cands[groups.members[head]![0]!]!.correct, size.get(root)! / k];
  }
  // support_sc of the noise answer: its own group and every group it backs or that backs it.
  let support = noise[1];
  if (noise[2] >= 0) {
    const own = groups.of[noise[2]]!;
    support =
      groups.members.reduce((s, m, g) => s + (g === own || backs(view(g), view(own)) !== null || backs(view(own), view(g)) !== null ? m.length : 0), 0) / k;
  }
  return { db, exact: [exact[0], exact[1]], noise: [noise[0], noise[1]], merged, support, joinedBy };
}

/** The mean of a paired difference of 0/1 outcomes with its 95% bootstrap interval over rows. */
function pairedAccuracy(a: readonly boolean[], b: readonly boolean[], seed: number, B: number): { diff: number; ci: readonly [number, number] } {
  const n = a.length;
  const d = a.map((x, i) => Number(x) - Number(b[i]));
  const rng = createRng(seed);
  const reps: number[] = [];
  const counts = new Uint32Array(n);
  for (let r = 0; r < B; r++) {
    resampleCounts(counts, rng);
    let s = 0;
    for (let i = 0; i < n; i++) s += counts[i]! * d[i]!;
    reps.push(s / n);
  }
  return { diff: d.reduce((x, y) => x + y, 0) / n, ci: percentileInterval(reps, 0.95) };
}

async function main(flags: ParsedFlags): Promise<number> {
  if (!realDataPresent()) {
    process.stderr.write('profile:result-support: ../shared/data (Spider, real candidates) is not here; nothing to measure\n');
    return 2;
  }
  const seed = Number(flags.seed);
  const B = Number(flags.bootstrap);
  const sizes = String(flags.sizes).split(',').map(Number);
  const t0 = performance.now();
  const prepared = await labeledSpiderA(REAL_DATA);
  const all = prepared.map((q) => ({ db: q.db_id, cands: candidatesOf(q) }));
  process.stderr.write(`${prepared.length} questions labeled and keyed in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  const out = [];
  for (const k of sizes) {
    const rng = createRng(seed * 7919 + k);
    const rows = all.map((q) =>
      row(
        q.db,
        subsampleIndices(q.cands.length, k, rng).map((i) => q.cands[i]!),
      ),
    );
    const y = (pick: (r: Row) => boolean): Uint8Array => Uint8Array.from(rows, (r) => (pick(r) ? 1 : 0));
    const acc = (pick: (r: Row) => boolean): number => rows.filter(pick).length / rows.length;
    const au = (score: (r: Row) => number, label: (r: Row) => boolean): number => auroc(Float64Array.from(rows, score), y(label));
    const yNoise = y((r) => r.noise[0]);
    const x = rows.map((r) => [r.noise[1], r.support]);
    const combined = crossfitLogistic(x, yNoise, createRng(seed), { group: rows.map((r) => r.db) }).oof;
    const boot = pairedBootstrap(
      { execution_sc: Float64Array.from(rows, (r) => r.noise[1]), support_sc: Float64Array.from(rows, (r) => r.support), combined },
      yNoise,
      createRng(seed + 1),
      { B },
    );
    const figures = {
      k,
      pools: rows.length,
      changed_by_noise: rows.filter((r) => r.exact[1] !== r.noise[1]).length,
      joined: { rounds: rows.filter((r) => r.joinedBy.has('rounds')).length, explains: rows.filter((r) => r.joinedBy.has('explains')).length },
      accuracy: { exact: acc((r) => r.exact[0]), noise: acc((r) => r.noise[0]), merged: acc((r) => r.merged[0]) },
      accuracy_diff: {
        noise_minus_exact: pairedAccuracy(
          rows.map((r) => r.noise[0]),
          rows.map((r) => r.exact[0]),
          seed + 2,
          B,
        ),
        merged_minus_noise: pairedAccuracy(
          rows.map((r) => r.merged[0]),
          rows.map((r) => r.noise[0]),
          seed + 3,
          B,
        ),
      },
      auroc: {
        exact: au(
          (r) => r.exact[1],
          (r) => r.exact[0],
        ),
        noise: au(
          (r) => r.noise[1],
          (r) => r.noise[0],
        ),
        merged: au(
          (r) => r.merged[1],
          (r) => r.merged[0],
        ),
        support_sc: boot.signals.support_sc!,
        execution_sc: boot.signals.execution_sc!,
        combined: boot.signals.combined!,
      },
      paired: { support_minus_execution: boot.paired('support_sc', 'execution_sc'), combined_minus_execution: boot.paired('combined', 'execution_sc') },
    };
    out.push(figures);
    const f3 = (v: number): string => v.toFixed(3);
    const ci = (c: readonly [number, number]): string => `[${f3(c[0])}, ${f3(c[1])}]`;
    process.stdout.write(
      `k=${k}: ${rows.length} pools; noise changed ${figures.changed_by_noise}; joined by rounding ${figures.joined.rounds}, by explanatory columns ${figures.joined.explains}\n`,
    );
    process.stdout.write(
      `  accuracy of the answer: exact ${f3(figures.accuracy.exact)}, noise ${f3(figures.accuracy.noise)} (${f3(figures.accuracy_diff.noise_minus_exact.diff)} ${ci(figures.accuracy_diff.noise_minus_exact.ci)}), merged ${f3(figures.accuracy.merged)} (${f3(figures.accuracy_diff.merged_minus_noise.diff)} ${ci(figures.accuracy_diff.merged_minus_noise.ci)} vs noise)\n`,
    );
    process.stdout.write(
      `  AUROC of agreement: exact ${f3(figures.auroc.exact)}, noise ${f3(figures.auroc.noise)}, merged ${f3(figures.auroc.merged)}; support_sc ${f3(figures.auroc.support_sc.auroc)} (${f3(figures.paired.support_minus_execution.diff)} ${ci(figures.paired.support_minus_execution.ci)} vs execution_sc), combined LODO ${f3(figures.auroc.combined.auroc)} (${f3(figures.paired.combined_minus_execution.diff)} ${ci(figures.paired.combined_minus_execution.ci)})\n`,
    );
  }
  if (flags.json !== undefined) writeFileSync(String(flags.json), `${JSON.stringify({ seed, sizes, bootstrap: B, figures: out }, null, 2)}\n`);
  process.stderr.write(`${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
