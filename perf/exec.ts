/**
 * Executing every Spider dev gold query (with a database) through the sql.js
 * worker pool versus native SQLite (better-sqlite3 12), in one process, the
 * sides measured in turn (the order rotating each round, see `measure`) so
 * background load hits all alike. Each pass opens every database, runs its
 * queries, closes it: the pool copies the bytes into each worker (opened
 * as `confide label` opens them, without reading the schema: SQLite checks
 * the header and parses the schema table, nothing more), native opens the
 * file read-only. Reported: the median total of each over the passes, and their
 * ratio (pool / native). A third side, measured in the same rotation, runs
 * the pool as `confide label` does (prepareAll): the next database opens
 * while the current one's queries run. All three are measured twice: right
 * after one warm-up round (what a short run sees), and again after
 * WARM_PASSES more rounds, once V8 has optimised the workers' JavaScript
 * (what a long run such as labeling 9,000 candidates sees for most of it).
 */
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { loadBenchmark } from '../src/node/bench.ts';
import { createNodeSqlPool } from '../src/node/sql-pool.ts';
import type { BenchQuestion } from '../src/core/bench/types.ts';
import { quotedName, tokenizeSql } from '../src/core/sql/tokenize.ts';

export interface ExecBench {
  readonly queries: number;
  readonly databases: number;
  readonly poolSeconds: number;
  readonly nativeSeconds: number;
  readonly ratio: number;
  /** The pool with the next database opening while the current one runs, as prepareAll does. */
  readonly pipelinedSeconds: number;
  readonly pipelinedRatio: number;
  /** The same three, measured again after WARM_PASSES more rounds through the pool (V8 has optimised the workers by then). */
  readonly warm: {
    readonly poolSeconds: number;
    readonly nativeSeconds: number;
    readonly pipelinedSeconds: number;
    readonly ratio: number;
    readonly pipelinedRatio: number;
  };
  readonly poolSize: number;
  /** Failed queries per pass of each side (averaged over every pass after the warm-up). */
  readonly failures: { pool: number; native: number; pipelined: number };
  /** Queries run with "…" rewritten as '…' on both sides (see `portable`). */
  readonly rewritten: number;
}

/** Untimed rounds between the first measurement and the warm one. */
const WARM_PASSES = 10;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function byDb(questions: readonly BenchQuestion[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const q of questions) m.set(q.db_id, [...(m.get(q.db_id) ?? []), q.gold]);
  return m;
}

/** Every "…" token as a '…' string literal. */
function doubleToSingle(sql: string): string {
  return tokenizeSql(sql)
    .map((t) => (t.kind === 'dq' ? `'${quotedName(t.text).replaceAll("'", "''")}'` : t.text))
    .join('');
}

/**
 * better-sqlite3 builds SQLite without double-quoted string literals
 * (SQLITE_DQS=0), which Spider's gold SQL uses; sql.js keeps SQLite's
 * default. Both sides run the same text: a query native SQLite rejects is
 * replaced, for both, by its form with "…" written as '…' when that form runs.
 */
function portable(groups: Map<string, string[]>, dbPath: (db: string) => string): number {
  let rewritten = 0;
  for (const [db, sqls] of groups) {
    const conn = new Database(dbPath(db), { readonly: true, fileMustExist: true });
    sqls.forEach((sql, i) => {
      try {
        conn.prepare(sql);
      } catch {
        const alt = doubleToSingle(sql);
        try {
          conn.prepare(alt);
          sqls[i] = alt;
          rewritten++;
        } catch {
          /* left as is: counted as a native failure below */
        }
      }
    });
    conn.close();
  }
  return rewritten;
}

export async function benchExec(spiderDir: string, passes = 3): Promise<ExecBench> {
  const bench = await loadBenchmark(spiderDir, { split: 'dev' });
  const groups = byDb(bench.questions);
  const rewritten = portable(groups, bench.dbPath);
  const sqlPool = createNodeSqlPool({});
  const poolSize = sqlPool.stats().size;
  const bytes = new Map<string, Uint8Array>();
  for (const db of groups.keys()) bytes.set(db, new Uint8Array(await readFile(bench.dbPath(db))));
  /** Failed queries, and passes run, of each side since the last reset. */
  const failures = { pool: 0, native: 0, pipelined: 0 };
  const runs = { pool: 0, native: 0, pipelined: 0 };

  const runNative = (): number => {
    const t0 = performance.now();
    for (const [db, sqls] of groups) {
      const conn = new Database(bench.dbPath(db), { readonly: true, fileMustExist: true });
      for (const sql of sqls) {
        try {
          conn.prepare(sql).raw(true).all();
        } catch {
          failures.native++;
        }
      }
      conn.close();
    }
    runs.native++;
    return (performance.now() - t0) / 1000;
  };
  /** One pass through the pool; with `ahead`, the next database opens while the current one runs (as prepareAll does). */
  const runPool = async (ahead: boolean): Promise<number> => {
    const t0 = performance.now();
    const dbs = [...groups];
    // As confide label opens them: no schema read (native reads none either).
    const open = (k: number): Promise<unknown> => sqlPool.open(dbs[k]![0], bytes.get(dbs[k]![0]) as Uint8Array, { schema: false });
    let opening = ahead ? open(0) : null;
    for (let k = 0; k < dbs.length; k++) {
      const [db, sqls] = dbs[k]!;
      await (opening ?? open(k));
      opening = ahead && k + 1 < dbs.length ? open(k + 1) : null;
      const out = await sqlPool.runMany(db, sqls);
      failures[ahead ? 'pipelined' : 'pool'] += out.filter((o) => !o.ok).length;
      await sqlPool.close(db);
    }
    runs[ahead ? 'pipelined' : 'pool']++;
    return (performance.now() - t0) / 1000;
  };

  /**
   * Medians of `passes` rounds of the three sides, in an order that rotates
   * each round (native, pool, pipelined; pool, pipelined, native; pipelined,
   * native, pool), so each side follows each other side equally often: a
   * pool pass right after the native one starts on workers that sat idle
   * for its 50 ms, and measured 13–17 ms slower than one right after
   * another pool pass on this 2-core machine.
   */
  const measure = async (): Promise<{ native: number; pool: number; pipelined: number }> => {
    const times = { native: [] as number[], pool: [] as number[], pipelined: [] as number[] };
    const sides = ['native', 'pool', 'pipelined'] as const;
    for (let i = 0; i < passes; i++) {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(i + k) % sides.length]!;
        times[side].push(side === 'native' ? runNative() : await runPool(side === 'pipelined'));
      }
    }
    return { native: median(times.native), pool: median(times.pool), pipelined: median(times.pipelined) };
  };

  await runPool(false); // warm the workers (sql.js compile, tsx loader) before timing
  await runPool(true);
  runNative();
  for (const side of ['pool', 'native', 'pipelined'] as const) failures[side] = runs[side] = 0;
  const first = await measure();
  // Then the same once V8 has optimised the workers' code: about WARM_PASSES x 2 x 972 more queries through the pool.
  for (let i = 0; i < WARM_PASSES; i++) {
    await runPool(false);
    await runPool(true);
  }
  const warm = await measure();
  sqlPool.terminate();
  const poolSeconds = first.pool;
  const nativeSeconds = first.native;
  return {
    queries: bench.questions.length,
    databases: groups.size,
    poolSeconds,
    nativeSeconds,
    ratio: poolSeconds / nativeSeconds,
    pipelinedSeconds: first.pipelined,
    pipelinedRatio: first.pipelined / nativeSeconds,
    warm: {
      poolSeconds: warm.pool,
      nativeSeconds: warm.native,
      pipelinedSeconds: warm.pipelined,
      ratio: warm.pool / warm.native,
      pipelinedRatio: warm.pipelined / warm.native,
    },
    poolSize,
    failures: { pool: failures.pool / runs.pool, native: failures.native / runs.native, pipelined: failures.pipelined / runs.pipelined },
    rewritten,
  };
}
