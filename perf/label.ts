/**
 * Labeling a 19-candidate Spider dev pool through the product path
 * (`prepareRun` with the Node worker pool, as `confide label` does) versus a
 * single-threaded native labeler written here: better-sqlite3 12 executes the
 * gold and every candidate, and the same Spider rule (`labelCandidate`)
 * compares them. The pool is `../shared/data/real-candidates/spider-dev-A.jsonl`
 * (484 questions × 19 real systems) when present, else 19 simulated
 * candidates per question (`synthesizeBenchmark`). The two are timed
 * alternately; medians and their ratio (product / native) are reported, with
 * how many labels the two agree on.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { QuestionRecord } from '../src/core/bench/types.ts';
import { labeledRecord } from '../src/core/eval/prepare.ts';
import type { ExecOutcome } from '../src/core/exec/types.ts';
import { labelCandidate, labelText } from '../src/core/results/index.ts';
import { quotedName, tokenizeSql } from '../src/core/sql/tokenize.ts';
import { toCell } from '../src/engines/sql/worker/values.ts';
import { loadBenchmark, readCandidateFile, type LoadedBenchmark } from '../src/node/bench.ts';
import { prepareRun } from '../src/node/prepare.ts';
import { createNodeSqlPool } from '../src/node/sql-pool.ts';
import { synthesizeBenchmark } from '../src/node/synth.ts';

export interface LabelBench {
  readonly source: string;
  readonly questions: number;
  readonly candidates: number;
  readonly productSeconds: number;
  readonly nativeSeconds: number;
  readonly ratio: number;
  readonly poolSize: number;
  /** Candidates both labelers labeled, and how many of those labels agree. */
  readonly compared: number;
  readonly agree: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** better-sqlite3 is built without "…" strings (SQLITE_DQS=0): the native side retries with "…" written '…'. */
function doubleToSingle(sql: string): string {
  return tokenizeSql(sql)
    .map((t) => (t.kind === 'dq' ? `'${quotedName(t.text).replaceAll("'", "''")}'` : t.text))
    .join('');
}

function nativeRun(conn: Database.Database, sql: string): ExecOutcome {
  const t0 = performance.now();
  for (const text of sql.includes('"') ? [sql, doubleToSingle(sql)] : [sql]) {
    try {
      const stmt = conn.prepare(text);
      if (!stmt.reader) break;
      const rows = (stmt.raw(true).all() as unknown[][]).map((r) => r.map((v) => toCell(v instanceof Buffer ? new Uint8Array(v) : (v as never))));
      return { ok: true, columns: stmt.columns().map((c) => c.name), rows, cut: false, ms: performance.now() - t0 };
    } catch {
      /* try the portable form, then give up */
    }
  }
  return { ok: false, error: { code: 'SYNTAX', message: 'native execution failed' }, ms: performance.now() - t0 };
}

/** The native labeler: one connection per database, every candidate labeled under the Spider rule. */
function labelNative(records: readonly QuestionRecord[], bench: LoadedBenchmark): (boolean | null)[][] {
  const conns = new Map<string, Database.Database>();
  const out = records.map((r) => {
    let conn = conns.get(r.db_id);
    if (conn === undefined) {
      conn = new Database(bench.dbPath(r.db_id), { readonly: true, fileMustExist: true });
      conns.set(r.db_id, conn);
    }
    // The texts the rule runs (under spider, DISTINCT removed from both), as confide label runs them.
    const goldText = labelText('spider', r.gold as string, 'gold');
    if (goldText === null) return r.candidates.map(() => null);
    const gold = nativeRun(conn, goldText.sql);
    return r.candidates.map((c) => {
      const text = labelText('spider', c.sql, 'prediction');
      if (text === null) return false;
      const l = labelCandidate(gold, nativeRun(conn, text.sql), { rule: 'spider', ordered: goldText.ordered });
      return l.goldError !== undefined ? null : l.correct;
    });
  });
  for (const c of conns.values()) c.close();
  return out;
}

export async function benchLabel(spiderDir: string, realCandidates: string, passes = 3): Promise<LabelBench> {
  const bench = await loadBenchmark(spiderDir, { split: 'dev' });
  const sqlPool = createNodeSqlPool({});
  try {
    const real = existsSync(realCandidates);
    const all = real ? await readCandidateFile(realCandidates) : await synthesizeBenchmark(bench, sqlPool, { n: 19, seed: 1 });
    const records = all.filter((r) => r.gold !== undefined && existsSync(bench.dbPath(r.db_id)));
    const runProduct = async (): Promise<{ s: number; labels: (boolean | null)[][] }> => {
      const t0 = performance.now();
      const run = await prepareRun(records, bench, { sqlPool, rule: 'spider', labelsOnly: true });
      const labeled = run.records.map((r, i) => labeledRecord(r, run.prepared[i]!));
      const s = (performance.now() - t0) / 1000;
      return { s, labels: labeled.map((r) => r.candidates.map((c) => c.correct ?? null)) };
    };
    const runNative = (): { s: number; labels: (boolean | null)[][] } => {
      const t0 = performance.now();
      const labels = labelNative(records, bench);
      return { s: (performance.now() - t0) / 1000, labels };
    };
    let product = await runProduct(); // warm-up: worker start, sql.js compile, loader
    let native = runNative();
    const ps: number[] = [];
    const ns: number[] = [];
    for (let i = 0; i < passes; i++) {
      native = runNative();
      ns.push(native.s);
      product = await runProduct();
      ps.push(product.s);
    }
    let compared = 0;
    let agree = 0;
    product.labels.forEach((row, i) =>
      row.forEach((p, j) => {
        const n = native.labels[i]?.[j] ?? null;
        if (p === null || n === null) return;
        compared++;
        if (p === n) agree++;
      }),
    );
    const productSeconds = median(ps);
    const nativeSeconds = median(ns);
    return {
      source: real ? realCandidates : 'simulated (synth, n = 19)',
      questions: records.length,
      candidates: records.reduce((a, r) => a + r.candidates.length, 0),
      productSeconds,
      nativeSeconds,
      ratio: productSeconds / nativeSeconds,
      poolSize: sqlPool.stats().size,
      compared,
      agree,
    };
  } finally {
    sqlPool.terminate();
  }
}
