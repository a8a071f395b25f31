/**
 * `npx tsx scripts/verify-set/measure.ts [--confide "node bin/confide.mjs"] [--dir build/verify-set] [--json out.json]`
 *
 * Measures `confide ask` on the verify-mode set (questions.ts, built by
 * build.ts) as a person uses verify mode: every pasted query alone (one
 * query), every pair of a question's queries (two queries), and all of them
 * (4–6 queries), at target risk 0.1 and 0.2. Prints, for each: the share of
 * questions answered, the share wrong among the answers (by the hand labels),
 * and the AUROC of the best guess's P against whether the best guess is
 * right (midrank ties). `--confide` runs another build (e.g. an older
 * checkout's `node …/bin/confide.mjs`) on the same set. For measuring only:
 * nothing is trained or fitted on this set.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVerifySet, SET_DIR } from './build.ts';
import { SET_QUESTIONS, type SetQuestion } from './questions.ts';
import { auroc } from '../../src/core/stats/index.ts';

const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};

/** The records of one pool size: each a question with some of its pasted queries, and their labels. */
function pools(kind: 'one' | 'two' | 'all'): { id: string; q: SetQuestion; picks: number[] }[] {
  return SET_QUESTIONS.flatMap((q) => {
    const n = q.candidates.length;
    if (kind === 'all') return [{ id: q.id, q, picks: q.candidates.map((_, i) => i) }];
    if (kind === 'one') return q.candidates.map((_, i) => ({ id: `${q.id}#${i}`, q, picks: [i] }));
    const out: { id: string; q: SetQuestion; picks: number[] }[] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push({ id: `${q.id}#${i}-${j}`, q, picks: [i, j] });
    return out;
  });
}

interface Line {
  id: string;
  decision: string;
  candidate: number | null;
  best: number | null;
  p_correct: number | null;
}

async function main(): Promise<void> {
  const dir = arg('dir', SET_DIR);
  const [cmd, ...cmdArgs] = arg('confide', 'node bin/confide.mjs').split(' ');
  await buildVerifySet(dir);
  const scratch = mkdtempSync(join(tmpdir(), 'verify-set-'));
  const rows: Record<string, unknown>[] = [];
  process.stdout.write(
    "what was pasted | records | risk 0.1: answered / wrong among answers | risk 0.2: answered / wrong among answers | AUROC of the best guess's P\n",
  );
  for (const kind of ['all', 'one', 'two'] as const) {
    const records = pools(kind);
    const file = join(scratch, `${kind}.jsonl`);
    writeFileSync(
      file,
      records
        .map((r) =>
          JSON.stringify({
            id: r.id,
            db_id: r.q.db,
            question: r.q.question,
            candidates: r.picks.map((i) => ({ sql: r.q.candidates[i]!.sql, source: 'paste' })),
          }),
        )
        .join('\n') + '\n',
    );
    const label = new Map(records.map((r) => [r.id, r.picks.map((i) => r.q.candidates[i]!.correct)] as const));
    const byRisk = [0.1, 0.2].map((risk) => {
      const out = join(scratch, `${kind}-${risk}.jsonl`);
      execFileSync(cmd!, [...cmdArgs, 'ask', '--bench', dir, '--candidates', file, '--risk', String(risk), '--out', out], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const lines = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Line);
      const answered = lines.filter((l) => l.decision === 'answer' && l.candidate !== null);
      const wrong = answered.filter((l) => !label.get(l.id)![l.candidate!]).length;
      const best = lines.filter((l) => l.best !== null);
      const p = Float64Array.from(best, (l) => l.p_correct ?? 0);
      const y = Uint8Array.from(best, (l) => (label.get(l.id)![l.best!] ? 1 : 0));
      return {
        risk,
        records: lines.length,
        answered: answered.length / lines.length,
        wrong: answered.length === 0 ? NaN : wrong / answered.length,
        wrong_n: wrong,
        auroc: auroc(p, y),
      };
    });
    const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(0)}%`);
    const words = kind === 'all' ? '4–6 queries per question' : kind === 'one' ? 'one query' : 'two queries';
    process.stdout.write(
      `${words} | ${records.length} | ${byRisk.map((b) => `${pct(b.answered)} / ${pct(b.wrong)} (${b.wrong_n})`).join(' | ')} | ${byRisk[0]!.auroc.toFixed(2)}\n`,
    );
    rows.push({ kind, records: records.length, by_risk: byRisk });
  }
  const json = process.argv.indexOf('--json');
  if (json > 0) writeFileSync(process.argv[json + 1]!, JSON.stringify({ confide: arg('confide', 'node bin/confide.mjs'), rows }, null, 2) + '\n');
}

await main();
