/**
 * The signals read the same view whether Ask made it from executed runs or
 * the evaluation from a candidate file's record: one builder
 * (core/signals/view.ts) behind both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { prepareQuestion } from '../../../src/core/eval/prepare.ts';
import { runsView } from '../../../src/core/pipeline/answers.ts';
import { executeCandidates } from '../../../src/core/pipeline/execute.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { candidateExec } from '../../../src/core/signals/view.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

const schema: Schema = { tables: [] };
const record: QuestionRecord = {
  id: 'q1',
  db_id: 'db',
  question: 'Which book is three?',
  evidence: 'three is an id',
  candidates: [
    { sql: 'SELECT title FROM book WHERE id = 3', logprob: -0.2, scores: { orm: 0.9 } },
    { sql: 'SELECT nope FROM book', logprob: -1.5 },
    { sql: 'SELECT count(*) FROM nums' },
  ],
};

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
});

describe('one question view', () => {
  it('is the same, key for key, from Ask runs and from an evaluated record', async () => {
    const runMany = async (sqls: readonly string[]) => sqls.map((s) => runner.exec('db', s));
    const prepared = await prepareQuestion(record, { runMany, schema });
    const sampled = record.candidates.map((c) => ({
      sql: c.sql,
      source: 'file',
      ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
      ...(c.scores === undefined ? {} : { scores: c.scores }),
    }));
    const runs = await executeCandidates(sampled, { runMany });
    const fromRuns = runsView(record.question, record.evidence, schema, runs);
    expect(JSON.stringify(fromRuns)).toBe(JSON.stringify(prepared.view));
    expect(fromRuns.candidates[1]!.exec).toEqual({ ok: false, code: 'NO_SUCH_COLUMN' });
    expect('scores' in fromRuns.candidates[2]!).toBe(false);
  });

  it('makes a deferred fingerprint once, on first read, and never for a failure', () => {
    let made = 0;
    const make = (): string => `fp${++made}`;
    const success = candidateExec(runner.exec('db', 'SELECT 1'), make);
    expect(made).toBe(0);
    expect(success.ok && [success.fingerprint, success.fingerprint, success.rowCount]).toEqual(['fp1', 'fp1', 1]);
    expect(made).toBe(1);
    expect(candidateExec(runner.exec('db', 'SELECT nope'), make)).toEqual({ ok: false, code: 'NO_SUCH_COLUMN' });
    expect(made).toBe(1);
  });
});
