/**
 * Evaluate in the page and the CLI's runs reach a pooled database through one
 * adapter: each runMany carries the caller's run options, the call's signal,
 * and `normalize` only when asked.
 */
import { expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { pooledDb } from '../../../src/engines/sql/pool/pooled-db.ts';
import type { SqlPool, SqlRunOptions } from '../../../src/engines/sql/pool/pool-types.ts';

it('runs under its key with the run options, the signal and normalize when asked', async () => {
  const calls: { key: string; sqls: readonly string[]; options: SqlRunOptions | undefined }[] = [];
  const asked: string[] = [];
  const sqlPool = {
    runMany: async (key: string, sqls: readonly string[], options?: SqlRunOptions): Promise<ExecOutcome[]> => {
      calls.push({ key, sqls, options });
      return [];
    },
    normalizedSql: async (key: string, sql: string): Promise<string | null> => {
      asked.push(`${key}:${sql}`);
      return null;
    },
  } as Partial<SqlPool> as SqlPool;
  const db = pooledDb(sqlPool, 'bench:db', { fingerprint: true, timeoutMs: 900 });
  const signal = new AbortController().signal;
  await db.runMany(['SELECT 1']);
  await db.runMany(['SELECT 2'], signal, true);
  await db.runMany(['SELECT 3'], undefined, false);
  await db.normalizedSql('SELECT 4');
  expect(calls).toEqual([
    { key: 'bench:db', sqls: ['SELECT 1'], options: { fingerprint: true, timeoutMs: 900 } },
    { key: 'bench:db', sqls: ['SELECT 2'], options: { fingerprint: true, timeoutMs: 900, signal, normalize: true } },
    { key: 'bench:db', sqls: ['SELECT 3'], options: { fingerprint: true, timeoutMs: 900 } },
  ]);
  expect(asked).toEqual(['bench:db:SELECT 4']);
});
