/**
 * A database open in the SQL pool, as preparing a candidate file reads it
 * (core/eval's OpenedDb): the one adapter behind the browser's Evaluate and
 * the CLI's runs.
 */
import type { OpenedDb } from '../../../core/eval/prepare-all.ts';
import type { ExecOptions } from '../../../core/exec/types.ts';
import type { SqlPool } from './pool-types.ts';

/**
 * The database open in `pool` under `key`: every runMany carries `runOptions`
 * (fingerprint in the worker, a time limit…) with the call's signal and, when
 * asked, `normalize`; normalizedSql asks the pool for one statement's text.
 *
 * @example
 * const db = { ...pooledDb(sqlPool, 'bench:concert_singer', { fingerprint: true }), schema: opened.schema };
 */
export function pooledDb(sqlPool: SqlPool, key: string, runOptions: ExecOptions): OpenedDb {
  return {
    runMany: (sqls, signal, normalize) =>
      sqlPool.runMany(key, sqls, { ...runOptions, ...(signal ? { signal } : {}), ...(normalize === true ? { normalize } : {}) }),
    normalizedSql: (sql) => sqlPool.normalizedSql(key, sql),
  };
}
