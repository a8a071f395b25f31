/**
 * `confide eval` on a candidate file whose pools differ in size (one
 * question with 9 or 100 candidates, the rest 8) stopped with "an internal
 * error … fitGuardedCombiner: no rows". Now it reports, says which band
 * stands in for the pools too few questions reached, and `confide ask` with
 * the fitted profile answers a pool of that size.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('confide eval with pools of different sizes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confide-uneven-'));
  const eights = join(dir, 'c8.jsonl');
  beforeAll(async () => {
    const s = await runCli(['synth', '--bench', 'public/demo', '--n', '8', '--seed', '2', '--out', eights]);
    expect(s.code, s.stderr).toBe(0);
  });

  it.each([9, 100])('one question with %i candidates: the report, the band that stands in, and a profile that answers that pool', async (big) => {
    const records = readFileSync(eights, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { question: string; candidates: { sql: string }[] });
    const first = records[0]!;
    first.candidates = Array.from({ length: big }, (_, i) => first.candidates[i % first.candidates.length]!);
    const cands = join(dir, `c${big}.jsonl`);
    writeFileSync(cands, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const json = join(dir, `r${big}.json`);
    const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', cands, '--bootstrap', '50', '--json', json]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('pools of 9 or more queries (1 question reached them), too few for a band of their own, use the 5 or more queries band');
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.pool_size).toMatchObject({ min: 8, max: big });
    expect(report.profile.bands.at(-1)).toMatchObject({ min: 5, max: null, fit: { stands_in_for: [{ min: 9, max: null, questions: 1 }] } });

    const one = join(dir, `q${big}.jsonl`);
    writeFileSync(one, JSON.stringify({ ...first, id: 'q' }) + '\n');
    const out = join(dir, `d${big}.jsonl`);
    const a = await runCli(['ask', '--bench', 'public/demo', '--candidates', one, '--profile', json, '--no-orm', '--out', out]);
    expect(a.code, a.stderr).toBe(0);
    const decision = JSON.parse(readFileSync(out, 'utf8').trim());
    expect(decision.pool).toBe(big);
    expect(Number.isFinite(decision.p_correct)).toBe(true);
  });
});
