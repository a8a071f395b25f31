/** `confide synth` then `confide eval --json --per-question` on the demo benchmark. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('confide eval', () => {
  it('prints the tables and writes the report and per-question lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'confide-eval-'));
    const cands = join(dir, 'c.jsonl');
    const s = await runCli(['synth', '--bench', 'public/demo', '--n', '6', '--seed', '2', '--out', cands]);
    expect(s.code, s.stderr).toBe(0);
    const json = join(dir, 'r.json');
    const per = join(dir, 'q.jsonl');
    const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', cands, '--bootstrap', '200', '--json', json, '--per-question', per]);
    expect(r.code, r.stderr).toBe(0);
    for (const heading of [
      'AUROC per signal',
      'Paired AUROC differences',
      'Cross-fit logistic combiner',
      'Selective prediction',
      'Distribution-free certificate',
      'Best-of-N selection accuracy',
      'Accuracy vs N',
    ]) {
      expect(r.stdout).toContain(heading);
    }
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.n_questions).toBe(40);
    expect(report.bootstrap.B).toBe(200);
    const lines = readFileSync(per, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(40);
    expect(Object.keys(lines[0])).toEqual(['id', 'db_id', 'correct', 'signals', 'combined', 'split', 'fold', 'databases']);
    // The halves are the selective table's: ⌊n/2⌋ calibration questions; the folds are the combiner's.
    expect(lines.filter((q) => q.split === 'calibration')).toHaveLength(20);
    expect(new Set(lines.map((q) => q.fold))).toEqual(new Set([0, 1]));
    expect(report.reliability_score.n_test).toBe(20);
    expect(r.stdout).toContain('Reliability score RS(c)');
  });

  it('bounds the resamples and the folds before any work', async () => {
    for (const [flag, value, words] of [
      ['--bootstrap', '1e9', '--bootstrap must be a whole number of resamples from 1 to 100,000, got 1e9'],
      ['--bootstrap', '2.5', 'got 2.5'],
      ['--folds', '0', '--folds must be a whole number, at least 2, got 0'],
    ]) {
      const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', 'public/demo/candidates.jsonl', flag!, value!]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(words);
      expect(r.stderr).not.toContain('executing');
    }
  });

  it('rejects an unknown --group with the usage text', async () => {
    const r = await runCli(['eval', '--bench', 'public/demo', '--candidates', 'x.jsonl', '--group', 'table']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--group must be db_id');
  });
});
