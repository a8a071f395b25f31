/**
 * The databases of a loaded benchmark, opened one at a time in the SQL
 * worker pool for `prepareAll` (src/core/pipeline), under keys of their own so
 * they never clash with the database open in Ask.
 */
import type { Schema } from '../../core/schema.ts';
import type { DbAccess, OpenedDb } from '../../core/eval/index.ts';
import { pooledDb, type SqlPool } from '../../engines/sql/index.ts';
import type { LoadedBench } from './bench-source.ts';

const keyOf = (dbId: string, name?: string): string => (name === undefined ? `bench:${dbId}` : `bench:${dbId}/${name}`);

/**
 * A DbAccess over `pool` for `bench`; a test suite's other databases open one
 * at a time, for labels only (no schema, no fingerprints).
 *
 * @example const { prepared } = await prepareAll(records, benchAccess(sqlPool, bench), { signal });
 */
export function benchAccess(sqlPool: SqlPool, bench: LoadedBench): DbAccess<OpenedDb & { readonly schema: Schema }> {
  return {
    async open(dbId) {
      let bytes: Uint8Array | File | null;
      try {
        bytes = await bench.database(dbId); // a big file on disk comes as its File, read on demand
      } catch (e) {
        return { ok: false, message: `${dbId}: ${e instanceof Error ? e.message : String(e)}` };
      }
      if (bytes === null) return { ok: false, message: `the benchmark has no database "${dbId}"` };
      const opened = await sqlPool.open(keyOf(dbId), bytes, bytes instanceof Uint8Array ? {} : { name: bytes.name });
      if (!opened.ok) return { ok: false, message: `${dbId}: ${opened.error.code}: ${opened.error.message}` };
      const key = keyOf(dbId);
      return {
        ok: true,
        db: { ...pooledDb(sqlPool, key, { fingerprint: true }), schema: opened.schema },
      };
    },
    close: (dbId) => sqlPool.close(keyOf(dbId)),
    suite: (dbId) =>
      bench.suite(dbId).map((name) => ({
        name,
        async open() {
          let bytes: Uint8Array | File | null;
          try {
            bytes = await bench.database(dbId, name);
          } catch (e) {
            return { ok: false as const, message: `${dbId}/${name}: ${e instanceof Error ? e.message : String(e)}` };
          }
          if (bytes === null) return { ok: false as const, message: `the benchmark has no database "${dbId}/${name}"` };
          const key = keyOf(dbId, name);
          const opened = await sqlPool.open(key, bytes, { schema: false, ...(bytes instanceof Uint8Array ? {} : { name: bytes.name }) });
          if (!opened.ok) return { ok: false as const, code: opened.error.code, message: `${dbId}/${name}: ${opened.error.code}: ${opened.error.message}` };
          return { ok: true as const, db: pooledDb(sqlPool, key, { fingerprint: false }) };
        },
        close: () => sqlPool.close(keyOf(dbId, name)),
      })),
  };
}

/**
 * Schemas of a benchmark's databases, each read once (opening it briefly), for prompts.
 *
 * @example const schemaFor = schemaReader(sqlPool, bench); await schemaFor('concert_singer');
 */
export function schemaReader(sqlPool: SqlPool, bench: LoadedBench): (dbId: string) => Promise<Schema> {
  const cache = new Map<string, Schema>();
  const access = benchAccess(sqlPool, bench);
  return async (dbId) => {
    const known = cache.get(dbId);
    if (known) return known;
    const r = await access.open(dbId);
    if (!r.ok) throw new Error(r.message);
    await access.close(dbId);
    cache.set(dbId, r.db.schema);
    return r.db.schema;
  };
}
