/**
 * prepareAll over the demo database (sql.js in-process) with one record whose
 * database does not exist, then evaluate() and the report tables.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCandidateFile } from '../../../src/core/bench/candidate-file.ts';
import { evaluate } from '../../../src/core/eval/report.ts';
import { prepareAll, type DbAccess } from '../../../src/core/eval/prepare-all.ts';
import { reportSummary, reportTables } from '../../../src/core/eval/tables.ts';
import { perQuestionCsv } from '../../../src/core/eval/csv.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { DEMO_DB_PATH } from '../../../scripts/build-demo.ts';

const { records } = parseCandidateFile(readFileSync(new URL('../../../public/demo/candidates.jsonl', import.meta.url), 'utf8'));

async function demoAccess(): Promise<DbAccess & { log: string[] }> {
  const runner = await loadSqlRunner();
  const log: string[] = [];
  return {
    log,
    async open(dbId) {
      log.push(`open ${dbId}`);
      if (dbId !== 'demo') return { ok: false, message: `no database "${dbId}"` };
      runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
      const s = runner.schema('demo');
      if (!s.ok) throw new Error(s.error.message);
      return {
        ok: true,
        db: { runMany: async (sqls) => sqls.map((q) => runner.exec('demo', q)), normalizedSql: async (q) => runner.normalizedSql('demo', q), schema: s.schema },
      };
    },
    async close(dbId) {
      log.push(`close ${dbId}`);
    },
  };
}

describe('preparing a candidate file and tabulating its evaluation', () => {
  it('keeps file order, opens each database once, and lists questions without a database', async () => {
    const stray = { ...records[0]!, id: 'x-1', db_id: 'nowhere' };
    const input = [...records.slice(0, 20), stray, ...records.slice(20)];
    const access = await demoAccess();
    const { prepared, skipped } = await prepareAll(input, access);
    expect(prepared.map((p) => p.id)).toEqual(records.map((r) => r.id));
    expect(skipped).toEqual([{ id: 'x-1', db_id: 'nowhere', reason: 'no database "nowhere"' }]);
    expect(access.log.filter((l) => l === 'open demo')).toHaveLength(1);
    expect(access.log.filter((l) => l.startsWith('open'))).toEqual(['open demo', 'open nowhere']);
    expect(access.log).toContain('close demo');
    for (const p of prepared) {
      const record = records.find((r) => r.id === p.id)!;
      expect(p.candidates.map((c) => c.correct)).toEqual(record.candidates.map((c) => c.correct ?? null));
    }

    const report = evaluate(prepared, { bootstrap: 200, seed: 3 });
    const tables = reportTables(report);
    expect(tables.map((t) => t.id)).toEqual([
      'signals',
      'paired',
      'error-correlation',
      'combiner',
      'combiner-guard',
      'reliability',
      'selective',
      'certificate',
      'reliability-score',
      'by-pool-size',
      'selection',
      'accuracy-vs-n',
    ]);
    const signals = tables[0]!;
    expect(signals.rows.map((r) => r[0])).toEqual(Object.keys(report.signals));
    expect(tables.find((t) => t.id === 'reliability')!.rows.reduce((s, r) => s + Number(r[1]), 0)).toBe(report.n_questions);
    expect(reportSummary(report)).toContain(`Questions: ${records.length}`);
    const csv = perQuestionCsv(report).trimEnd().split('\r\n');
    expect(csv).toHaveLength(records.length + 1);
    expect(csv[0]).toBe(['id', 'db_id', 'correct', ...Object.keys(report.signals), 'combined', 'split', 'fold', 'databases'].join(','));
  });
});
