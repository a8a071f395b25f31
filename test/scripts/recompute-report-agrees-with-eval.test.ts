/**
 * `confide eval --json --per-question` recomputed by an independent script,
 * `scripts/recompute-report.py` (numpy and scipy, nothing from Confide): the
 * halves and folds re-drawn from the report's seeds, AUROC, ECE, the bootstrap
 * intervals from the documented stream, the selective table, the certificate
 * and RS(c), on the demo benchmark (and, opt-in, on Spider-A's real
 * candidates). The script must find a disagreement when there is one. Without
 * a python3 that imports numpy and scipy this fails, saying how to get one:
 * it never passes unchecked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/recompute-report.py');
const SPIDER = resolve(import.meta.dirname, '../../../shared/data/spider');
const SPIDER_A = resolve(import.meta.dirname, '../../../shared/data/real-candidates/spider-dev-A.jsonl');
const spiderPresent = existsSync(resolve(SPIDER, 'dev.json')) && existsSync(SPIDER_A);
if (!spiderPresent) console.warn(`recompute-report: Spider-A case skipped, no real candidates at ${SPIDER_A} or no Spider at ${SPIDER}`);

/** Interpreters tried in order: CONFIDE_PYTHON, python3 on PATH, Debian's /usr/bin/python3 (where apt puts python3-numpy). */
const PYTHONS = [process.env.CONFIDE_PYTHON, 'python3', '/usr/bin/python3'].filter((p): p is string => p !== undefined && p !== '');
const python = PYTHONS.find((p) => spawnSync(p, ['-c', 'import numpy, scipy'], { stdio: 'ignore' }).status === 0);

interface Check {
  group: string;
  name: string;
  ok: boolean;
  exact: boolean;
}

function recompute(report: string, perQuestion: string): { status: number | null; stdout: string; checks: Check[] } {
  if (python === undefined) throw new Error('no python3 with numpy and scipy');
  const out = `${report}.checks.json`;
  const r = spawnSync(python, [SCRIPT, '--report', report, '--per-question', perQuestion, '--json', out], { encoding: 'utf8', timeout: 600_000 });
  expect(r.stderr).toBe('');
  return { status: r.status, stdout: r.stdout, checks: existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { checks: Check[] }).checks : [] };
}

async function evalRun(dir: string, argv: readonly string[]): Promise<{ report: string; perQuestion: string }> {
  const report = join(dir, 'report.json');
  const perQuestion = join(dir, 'questions.jsonl');
  const r = await runCli(['eval', ...argv, '--json', report, '--per-question', perQuestion]);
  expect(r.code, r.stderr).toBe(0);
  return { report, perQuestion };
}

const count = (checks: readonly Check[], group: string): number => checks.filter((c) => c.group === group).length;

describe('scripts/recompute-report.py', () => {
  it('has a python3 with numpy and scipy to run on', () => {
    expect(
      python,
      `no Python that imports numpy and scipy (tried ${PYTHONS.join(', ')}): install Debian's python3-numpy and python3-scipy (apt-get install python3-numpy python3-scipy) or set CONFIDE_PYTHON to an interpreter that has them`,
    ).toBeDefined();
  });

  describe('on the demo benchmark', () => {
    let files: { report: string; perQuestion: string };
    beforeAll(async () => {
      files = await evalRun(mkdtempSync(join(tmpdir(), 'confide-recompute-')), ['--bench', 'public/demo', '--candidates', 'public/demo/candidates.jsonl']);
    });

    it('reproduces the selective table, the certificate, RS(c) exactly, the bootstrap intervals, halves and folds', () => {
      const r = recompute(files.report, files.perQuestion);
      expect(r.status, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/all \d+ figures agree/);
      const report = JSON.parse(readFileSync(files.report, 'utf8'));
      const signals = Object.keys(report.signals).length;
      // Every figure of each table was checked, not a sample: 4 targets × (combined + each signal) selective rows …
      expect(count(r.checks, 'selective')).toBeGreaterThanOrEqual(4 * (signals + 1));
      expect(count(r.checks, 'certificate')).toBeGreaterThanOrEqual(1 + report.certificate.targets.length);
      // … RS(c) at 4 targets × 3 costs (value and threshold), the best point, both intervals of every scorer.
      expect(r.checks.filter((c) => c.group === 'reliability' && c.name.endsWith(' RS') && c.exact)).toHaveLength(4 * 3 + 2);
      expect(count(r.checks, 'bootstrap')).toBe(2 * (signals + 1));
      expect(r.checks.map((c) => c.group)).toEqual(expect.arrayContaining(['split', 'folds', 'auroc', 'ece']));
      expect(r.checks.filter((c) => !c.ok)).toEqual([]);
    });

    it('finds a report that disagrees with its per-question lines', () => {
      const report = JSON.parse(readFileSync(files.report, 'utf8'));
      report.reliability_score.entries[4].value += 1e-12;
      report.selective[1].coverage += 0.01;
      report.combiner.ci[0] -= 0.006;
      const tampered = files.report.replace(/\.json$/, '-tampered.json');
      writeFileSync(tampered, JSON.stringify(report));
      const r = recompute(tampered, files.perQuestion);
      expect(r.status).toBe(1);
      expect(r.checks.filter((c) => !c.ok).map((c) => `${c.group}: ${c.name}`)).toEqual([
        'bootstrap: combined CI low',
        'selective: combined target 0.2 coverage',
        `reliability: target 0.2 c=${report.reliability_score.entries[4].c} RS`,
      ]);

      const lines = readFileSync(files.perQuestion, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      lines[0].fold = 1 - lines[0].fold;
      const moved = files.perQuestion.replace(/\.jsonl$/, '-tampered.jsonl');
      writeFileSync(moved, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      const f = recompute(files.report, moved);
      expect(f.status).toBe(1);
      expect(f.checks.filter((c) => !c.ok).map((c) => c.group)).toEqual(['folds']);
    });

    it('refuses per-question lines from another run with a message, not a traceback', () => {
      const short = files.perQuestion.replace(/\.jsonl$/, '-short.jsonl');
      writeFileSync(short, readFileSync(files.perQuestion, 'utf8').split('\n').slice(0, 10).join('\n') + '\n');
      const r = spawnSync(python!, [SCRIPT, '--report', files.report, '--per-question', short], { encoding: 'utf8', timeout: 600_000 });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('the report has 40 questions, the per-question file 10 lines');
      expect(r.stderr).not.toContain('Traceback');
    });
  });

  it.runIf(spiderPresent)('reproduces Spider-A (real candidates, leave-one-database-out)', { timeout: 600_000 }, async () => {
    const files = await evalRun(mkdtempSync(join(tmpdir(), 'confide-recompute-a-')), ['--bench', SPIDER, '--candidates', SPIDER_A, '--group', 'db_id']);
    const r = recompute(files.report, files.perQuestion);
    expect(r.status, r.stdout).toBe(0);
    const report = JSON.parse(readFileSync(files.report, 'utf8'));
    expect(report.n_questions).toBe(484);
    expect(r.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
