/**
 * Labeling needs execution alone: preparing a question without any source of
 * normalized text (no `normalizedSql` fallback, outcomes without the text, as
 * `confide label` runs) must not parse a single candidate. Parsing every
 * candidate on the main thread is what made labeling 2.5x slower than with
 * labels alone (`label_vs_native` 2.6 against 1.05).
 */
import { beforeAll, expect, it, vi } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { prepareQuestion } from '../../../src/core/eval/prepare.ts';
import * as parse from '../../../src/core/sql/parse.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

vi.mock('../../../src/core/sql/parse.ts', async (original) => {
  const actual = await original<typeof import('../../../src/core/sql/parse.ts')>();
  return { ...actual, parseSql: vi.fn(actual.parseSql) };
});

const SQLS = ['SELECT i FROM nums NOT INDEXED WHERE i = 3', 'SELECT i FROM nums WHERE i = 3', 'SELECT i FROM nums WHERE i = 4'];
const record: QuestionRecord = { id: 'q1', db_id: 'db', question: 'Which is three?', gold: 'SELECT 3', candidates: SQLS.map((sql) => ({ sql })) };

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
});

it('labels without parsing any candidate when nothing could give normalized text', async () => {
  const parseSql = vi.mocked(parse.parseSql);
  parseSql.mockClear();
  const prepared = await prepareQuestion(record, { runMany: async (sqls) => sqls.map((s) => runner.exec('db', s)) });
  expect(prepared.candidates.map((c) => c.correct)).toEqual([true, true, false]);
  expect(parseSql).not.toHaveBeenCalled();
});

it('still parses to find the unparseable candidates when normalized text can be had', async () => {
  const parseSql = vi.mocked(parse.parseSql);
  parseSql.mockClear();
  const prepared = await prepareQuestion(record, {
    runMany: async (sqls) => sqls.map((s) => runner.exec('db', s)),
    normalizedSql: async (s) => runner.normalizedSql('db', s),
  });
  expect(parseSql).toHaveBeenCalled();
  expect(prepared.view.candidates[0]!.normalizedSql).toMatch(/NOT INDEXED/);
});

it('with labels only, makes a success fingerprint only when its view is read, the same one as otherwise', async () => {
  const runMany = async (sqls: readonly string[]) => sqls.map((s) => runner.exec('db', s));
  const lazy = await prepareQuestion(record, { runMany, labelsOnly: true });
  const eager = await prepareQuestion(record, { runMany });
  const exec = lazy.view.candidates[0]!.exec;
  expect(Object.getOwnPropertyDescriptor(exec, 'fingerprint')?.get).toBeTypeOf('function');
  expect(lazy.view.candidates.map((c) => c.exec)).toEqual(eager.view.candidates.map((c) => c.exec));
});
