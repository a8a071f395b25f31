/**
 * open_1gb_s and open_1gb_peak_mb: a 1 GiB SQLite database (written here by
 * scripts/big-database.ts: 1 M rows of 1 KiB, an index on grp) opened through
 * the product path in Node (createNodeSqlPool with 2 workers, openDbFile,
 * then a GROUP BY over every row and a point lookup), each pass in a fresh
 * child process so its peak RSS (getrusage maxrss: main thread and workers
 * together) is its own. Medians of the passes; the peak is the largest.
 * open_1gb_s is openDbFile's time (header, schema, samples, estimated
 * counts) on a started pool; the pool's start-up is reported beside it.
 * Before files were read on demand: 24.7 s and 4.2 GB (`confide schema` on a
 * 1.03 GB file), 18.3 s and 5.5 GB through the pool.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBigDatabase } from '../scripts/big-database.ts';
import { createNodeSqlPool, openDbFile } from '../src/node/sql-pool.ts';

/** One pass's figures, as the child prints them. */
interface Pass {
  /** From creating the pool to its first answer (workers load sql.js; under tsx they also compile TypeScript). */
  readonly startSeconds: number;
  readonly openSeconds: number;
  readonly querySeconds: number;
  readonly peakMb: number;
  readonly tables: number;
  readonly groups: number;
}

export interface OpenBench {
  readonly megabytes: number;
  readonly rows: number;
  readonly startSeconds: number;
  readonly openSeconds: number;
  readonly querySeconds: number;
  readonly peakMb: number;
  readonly passes: readonly Pass[];
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Child mode: open `path`, query it, print one Pass as JSON. */
async function pass(path: string): Promise<void> {
  const t00 = performance.now();
  const sqlPool = createNodeSqlPool({ size: 2 });
  try {
    await sqlPool.open('ping', new Uint8Array(0)); // the first answer: a worker has started (NOT_SQLITE, as expected)
    const startSeconds = (performance.now() - t00) / 1000;
    const t0 = performance.now();
    const opened = await openDbFile(sqlPool, 'big', path);
    const openSeconds = (performance.now() - t0) / 1000;
    if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
    const t1 = performance.now();
    const [grouped, one] = await sqlPool.runMany('big', ['SELECT grp, count(*) FROM item GROUP BY grp', 'SELECT name FROM item WHERE id = 777777'], {
      timeoutMs: 120_000,
    });
    const querySeconds = (performance.now() - t1) / 1000;
    if (!grouped!.ok || !one!.ok) throw new Error(`query failed: ${JSON.stringify([grouped, one])}`);
    const peakMb = process.resourceUsage().maxRSS / 1024; // KiB → MiB
    const out: Pass = { startSeconds, openSeconds, querySeconds, peakMb, tables: opened.schema.tables.length, groups: grouped!.rows.length };
    process.stdout.write(JSON.stringify(out) + '\n');
  } finally {
    sqlPool.terminate();
  }
}

/**
 * Writes the database, runs `passes` child passes, deletes the database.
 *
 * @example
 * const r = await benchOpen1Gb(3); // { openSeconds: 0.4, peakMb: 190, … }
 */
export async function benchOpen1Gb(passes = 3, megabytes = 1024): Promise<OpenBench> {
  const dir = mkdtempSync(join(tmpdir(), 'confide-open-'));
  try {
    const big = writeBigDatabase(join(dir, 'big.sqlite'), megabytes);
    const self = fileURLToPath(import.meta.url);
    const runs: Pass[] = [];
    for (let i = 0; i < passes; i += 1) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', self, big.path], { encoding: 'utf8', maxBuffer: 1 << 20 });
      runs.push(JSON.parse(out.trim().split('\n').at(-1)!) as Pass);
    }
    return {
      megabytes: big.bytes / 2 ** 20,
      rows: big.rows,
      startSeconds: median(runs.map((r) => r.startSeconds)),
      openSeconds: median(runs.map((r) => r.openSeconds)),
      querySeconds: median(runs.map((r) => r.querySeconds)),
      peakMb: Math.max(...runs.map((r) => r.peakMb)),
      passes: runs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] !== undefined) {
  await pass(process.argv[2]);
  process.exit(0);
}
