/**
 * Results are fingerprinted where they are produced when the caller asks
 * (`fingerprint: true`, as the Ask pipeline and the evaluation do): the runner
 * (in the SQL worker) attaches the default rule's fingerprint, the pool hands
 * it over unchanged, and the pipeline uses it instead of hashing the rows again
 * on the page's main thread. Plain queries (the console) skip the work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterFingerprint } from '../../../src/core/eval/prepare.ts';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { executeCandidates } from '../../../src/core/pipeline/execute.ts';
import { resultFingerprint } from '../../../src/core/results/fingerprint.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { fixtureBytes } from './fixture.ts';

let sqlPool: SqlPool;
beforeAll(async () => {
  sqlPool = createNodeSqlPool({ size: 1 });
  expect(await sqlPool.open('db', await fixtureBytes())).toMatchObject({ ok: true });
});
afterAll(() => sqlPool?.terminate());

describe('fingerprints made where the rows are', () => {
  it('the runner attaches the default rule fingerprint of each success when asked, and none to a failure', async () => {
    const runner = await loadSqlRunner();
    runner.open('db', await fixtureBytes());
    expect('fingerprint' in runner.exec('db', 'SELECT id FROM book')).toBe(false); // not asked: no work
    const out = runner.exec('db', 'SELECT id, title FROM book ORDER BY id', undefined, true);
    if (!out.ok) throw new Error(out.error.message);
    const { fingerprint, ...rest } = out;
    expect(fingerprint).toBe(resultFingerprint(rest));
    expect(fingerprint).toBe(resultFingerprint({ columns: ['title', 'id'], rows: [...rest.rows].reverse().map((r) => [r[1]!, r[0]!]) }));
    const bad = runner.exec('db', 'SELECT nope FROM book', undefined, true);
    expect(bad.ok).toBe(false);
    expect('fingerprint' in bad).toBe(false);
  });

  it('comes back through the worker pool, and the pipeline and evaluation use it as it is', async () => {
    const [plain] = await sqlPool.runMany('db', ['SELECT id FROM book']);
    expect(plain?.ok && plain.fingerprint).toBeUndefined();
    const [one] = [await sqlPool.run('db', 'SELECT id FROM book', { fingerprint: true })];
    expect(one?.ok && one.fingerprint).toBe(resultFingerprint({ columns: ['id'], rows: [[1], [2], [3], [4]] }));
    const [out] = await sqlPool.runMany('db', ['SELECT id FROM book'], { fingerprint: true });
    if (!out?.ok) throw new Error('query failed');
    expect(out.fingerprint).toBe(resultFingerprint(out));
    // A producer's fingerprint is taken as given: no second hash of the rows.
    const marked: ExecOutcome = { ...out, fingerprint: 'from-the-worker' };
    let asked: boolean | undefined;
    const runs = await executeCandidates([{ sql: 'SELECT id FROM book', source: 't' }], {
      runMany: async (_s, o) => {
        asked = o.fingerprint;
        return [marked];
      },
    });
    expect(asked).toBe(true);
    expect(runs[0]!.fingerprint).toBe('from-the-worker');
    expect(clusterFingerprint(marked, 'spider')).toBe('from-the-worker');
    // Another rule, or an outcome without one, is hashed here.
    expect(clusterFingerprint(marked, 'bird')).toBe(resultFingerprint(out, { rule: 'bird' }));
    const { fingerprint: _dropped, ...bare } = out;
    const again = await executeCandidates([{ sql: 'SELECT id FROM book', source: 't' }], { runMany: async () => [bare] });
    expect(again[0]!.fingerprint).toBe(resultFingerprint(out));
  });
});
