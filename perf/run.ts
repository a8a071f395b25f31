/**
 * `npm run bench [-- --json FILE] [-- --only NAME,…]`: every benchmark, side by
 * side in one run, printed as a table; with --json, every figure written to
 * FILE. In-process figures (exec, open, label, bootstrap, eval, orm,
 * orm-browser, first-screen) time the code inside this process or the built page; `process` times whole
 * `confide` processes against a reference (perf/process.ts). Spider-based
 * figures need ../shared/data/spider (or CONFIDE_SPIDER_DIR) and are reported
 * as skipped without it. Machines here are shared and noisy: each figure is a
 * median over repeated passes.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ensureBetterSqlite3 } from '../scripts/ensure-better-sqlite3.mjs';

const { values } = parseArgs({ options: { json: { type: 'string' }, only: { type: 'string' } } });
const only = values.only?.split(',');
const want = (name: string): boolean => only === undefined || only.includes(name);
const spider = process.env.CONFIDE_SPIDER_DIR ?? fileURLToPath(new URL('../../shared/data/spider', import.meta.url));
const haveSpider = existsSync(`${spider}/dev.json`);
const realCandidates = process.env.CONFIDE_REAL_CANDIDATES ?? fileURLToPath(new URL('../../shared/data/real-candidates/spider-dev-A.jsonl', import.meta.url));

// The in-process references and fixtures use native SQLite, which `npm ci` leaves out: installed here when missing.
if (['exec', 'open', 'label'].some(want)) ensureBetterSqlite3();

const figures: Record<string, unknown> = {
  machine: { cores: availableParallelism(), loadavg_1m: loadavg()[0], node: process.version, date: new Date().toISOString() },
};
const rows: [string, string, string][] = [];
const skip = (name: string, why: string): void => void rows.push([name, 'skipped', why]);

/** Timed passes of each side of the exec bench (a multiple of its 3 sides, whose order rotates): a pass takes about 0.2 s, and a shared machine's load swings between passes. */
const EXEC_PASSES = 12;

if (want('exec')) {
  if (!haveSpider) skip('exec_pool_vs_native', `no Spider at ${spider}`);
  else {
    const { benchExec } = await import('./exec.ts');
    const r = await benchExec(spider, EXEC_PASSES);
    figures.exec_pool_vs_native = r.ratio;
    figures.exec = r;
    figures.exec_pipelined_vs_native = r.pipelinedRatio;
    rows.push([
      'exec_pool_vs_native',
      r.ratio.toFixed(2) + 'x',
      `${r.queries} Spider dev gold queries, ${r.databases} dbs, one database after another: pool(${r.poolSize} workers) ${r.poolSeconds.toFixed(3)} s vs better-sqlite3 ${r.nativeSeconds.toFixed(3)} s (medians of ${EXEC_PASSES})`,
    ]);
    rows.push([
      'exec_pipelined_vs_native',
      r.pipelinedRatio.toFixed(2) + 'x',
      `the same, the next database opening while one runs (as confide label does): ${r.pipelinedSeconds.toFixed(3)} s`,
    ]);
    figures.exec_pool_vs_native_warm = r.warm.ratio;
    figures.exec_pipelined_vs_native_warm = r.warm.pipelinedRatio;
    rows.push([
      'exec_pool_vs_native_warm',
      r.warm.ratio.toFixed(2) + 'x',
      `one database after another, after 10 more rounds (the workers' code optimised): ${r.warm.poolSeconds.toFixed(3)} s vs ${r.warm.nativeSeconds.toFixed(3)} s`,
    ]);
    rows.push([
      'exec_pipelined_vs_native_warm',
      r.warm.pipelinedRatio.toFixed(2) + 'x',
      `pipelined, after the same rounds: ${r.warm.pipelinedSeconds.toFixed(3)} s`,
    ]);
  }
}
if (want('open')) {
  const { benchOpen1Gb } = await import('./open.ts');
  const r = await benchOpen1Gb();
  figures.open_1gb_s = r.openSeconds;
  figures.open_1gb_peak_mb = r.peakMb;
  figures.open_1gb = r;
  const note = `${r.megabytes.toFixed(0)} MiB, ${r.rows} rows, 2 workers, opened on demand (openDbFile) with its schema; then GROUP BY over every row ${r.querySeconds.toFixed(2)} s`;
  rows.push([
    'open_1gb_s',
    r.openSeconds.toFixed(2) + ' s',
    `${note} (median of ${r.passes.length} fresh processes, pool start-up before it ${r.startSeconds.toFixed(2)} s; target ≤ 2 s; before: 24.7 s via confide schema)`,
  ]);
  rows.push([
    'open_1gb_peak_mb',
    r.peakMb.toFixed(0) + ' MB',
    'peak RSS of that process, main thread and workers, open and query (largest pass; target ≤ 512; before: 4.2 GB)',
  ]);
}
if (want('label')) {
  if (!haveSpider) skip('label_vs_native', `no Spider at ${spider}`);
  else {
    const { benchLabel } = await import('./label.ts');
    const r = await benchLabel(spider, realCandidates, 3);
    figures.label_vs_native = r.ratio;
    figures.label = r;
    rows.push([
      'label_vs_native',
      r.ratio.toFixed(2) + 'x',
      `labeling ${r.questions} questions × 19 candidates (${r.source}): confide label path, pool(${r.poolSize} workers) ${r.productSeconds.toFixed(2)} s vs one-thread better-sqlite3 labeler ${r.nativeSeconds.toFixed(2)} s, same Spider rule; labels agree on ${r.agree}/${r.compared} (medians of 3; target ≤ 1.5)`,
    ]);
  }
}
if (want('process')) {
  const haveReal = existsSync(realCandidates);
  if (!haveSpider) skip('process_*', `no Spider at ${spider}: the whole-process figures run confide and the reference labeler on it`);
  else {
    const { benchProcesses } = await import('./process.ts');
    const r = benchProcesses(spider, realCandidates);
    figures.process = r;
    const secs = (x: { wallSeconds: number; cpuSeconds: number }): string => `${x.wallSeconds.toFixed(2)} s (CPU ${x.cpuSeconds.toFixed(2)} s)`;
    figures.process_help_vs_node = r.help.ratio;
    rows.push([
      'process_help_vs_node',
      r.help.ratio.toFixed(2) + 'x',
      `node bin/confide.mjs --help ${secs(r.help.confide)} vs node -e '' ${secs(r.help.reference)} (median of ${r.help.pairs} pairs; target ≤ 4)`,
    ]);
    if (!haveReal) skip('process_*_A', `no real candidates at ${realCandidates}`);
    for (const f of r.files) {
      const tag = f.file === realCandidates ? 'A' : 'synth19';
      figures[`process_label_vs_reference_${tag}`] = f.label.ratio;
      rows.push([
        `process_label_vs_reference_${tag}`,
        f.label.ratio.toFixed(2) + 'x',
        `confide label on ${f.file} (${f.candidates} candidates): ${secs(f.label.confide)} vs the one-thread Python sqlite3 labeler (perf/reference/label.py, same Spider rule) ${secs(f.label.reference)}; labels agree on ${f.label.agree}/${f.label.compared} (median of ${f.label.pairs} pairs; target ≤ 1.5)`,
      ]);
      if (f.eval === null) {
        skip(
          `process_eval_orm_vs_reference_${tag}`,
          'python3 on PATH lacks numpy or scipy, which the reference bootstraps with (apt-get install python3-numpy python3-scipy)',
        );
        continue;
      }
      figures[`process_eval_orm_vs_reference_${tag}`] = f.eval.ratio;
      rows.push([
        `process_eval_orm_vs_reference_${tag}`,
        f.eval.ratio.toFixed(2) + 'x',
        `confide eval --orm orm-v2 --bootstrap 1000 on the same file: ${secs(f.eval.confide)} vs the reference labeling and bootstrapping three AUROCs (1,000 resamples) ${secs(f.eval.reference)} (median of ${f.eval.pairs} pairs; target ≤ 3)`,
      ]);
    }
  }
}
if (want('bootstrap')) {
  const { benchBootstrap } = await import('./stats.ts');
  const r = await benchBootstrap();
  figures['bootstrap_2000x1000x8_s'] = r.seconds;
  rows.push(['bootstrap_2000x1000x8_s', r.seconds.toFixed(3) + ' s', 'paired bootstrap B=2000, 1000 questions, 8 signals (median of 5; target < 0.5 s)']);
}
if (want('eval')) {
  if (!haveSpider) skip('eval_spider_dev_s', `no Spider at ${spider}`);
  else {
    const { benchEvalSpider } = await import('./eval-spider.ts');
    const r = await benchEvalSpider(spider);
    figures.eval_spider_dev_s = r.seconds;
    figures.eval = r;
    rows.push([
      'eval_spider_dev_s',
      r.seconds.toFixed(1) + ' s',
      `confide eval on Spider dev: ${r.questions} questions, ${r.candidates} candidates (execution ${r.prepareSeconds.toFixed(1)} s), B=2000`,
    ]);
  }
}
if (want('orm')) {
  const { benchOrmWasm } = await import('./orm.ts');
  const r = await benchOrmWasm();
  figures.orm_candidates_per_s_wasm = r.candidatesPerSecond;
  rows.push(['orm_candidates_per_s_wasm', r.candidatesPerSecond.toFixed(0) + '/s', 'ORM scoring in Node, onnxruntime-web wasm, batches of 32 (median)']);
  if (!haveSpider) skip('orm_featurize_rows_per_s', `no Spider at ${spider}`);
  else {
    const { benchOrmFeaturize } = await import('./orm.ts');
    const f = await benchOrmFeaturize(spider, realCandidates);
    figures.orm_featurize_rows_per_s = f.rowsPerSecond;
    figures.orm_featurize = f;
    rows.push([
      'orm_featurize_rows_per_s',
      f.rowsPerSecond.toFixed(0) + '/s',
      `featurizer on ${f.rows} distinct candidates (${f.source}) with real schemas, as evaluation runs it: into the model's input, the facts made beforehand (the analysis thread's work); ${f.sharedParseRowsPerSecond.toFixed(0)}/s making the facts from a shared parse, ${f.coldRowsPerSecond.toFixed(0)}/s parsing each text too (rows per CPU second, medians of 3; target ≥ 5,000)`,
    ]);
  }
  if (!haveSpider) skip('orm_spider_32_ms', `no Spider at ${spider}`);
  else {
    const { benchOrmSpider32 } = await import('./orm.ts');
    const q = await benchOrmSpider32(spider);
    figures.orm_spider_32_ms = q.medianMs;
    figures.orm_spider_32 = q;
    rows.push([
      'orm_spider_32_ms',
      q.medianMs.toFixed(1) + ' ms',
      `32 distinct candidates of one Spider dev question, fresh parse cache, featurize ${q.featurizeMedianMs.toFixed(1)} ms + model (median of ${q.questions} questions after the first, slowest ${q.maxMs.toFixed(1)} ms; first question ${q.firstMs.toFixed(1)} ms; CPU time ${q.cpuMedianMs.toFixed(1)} ms)`,
    ]);
  }
}
if (want('orm-browser')) {
  const { benchOrmBrowser } = await import('./orm-browser.ts');
  const r = await benchOrmBrowser();
  const a = r.webgpu.adapter;
  const adapter =
    a === null
      ? 'no WebGPU adapter'
      : `${[a.vendor, a.architecture, a.device, a.description].filter((x) => typeof x === 'string' && x !== '').join(' / ')}${a.isFallbackAdapter === true ? ' (fallback adapter)' : ''}`;
  figures.orm_candidates_per_s_browser = r.webgpu.candidatesPerSecond;
  figures.orm_browser_backend = r.webgpu.backend;
  figures.orm_browser_adapter = a;
  figures.orm_candidates_per_s_browser_wasm = r.wasm.candidatesPerSecond;
  rows.push([
    'orm_candidates_per_s_browser',
    r.webgpu.candidatesPerSecond.toFixed(0) + '/s',
    `headless Chromium --enable-unsafe-webgpu, ORM worker on ${r.webgpu.backend} (adapter: ${adapter}), batches of ${r.batch} (median)`,
  ]);
  rows.push([
    'orm_candidates_per_s_browser_wasm',
    r.wasm.candidatesPerSecond.toFixed(0) + '/s',
    `headless Chromium without WebGPU, ORM worker on ${r.wasm.backend}, batches of ${r.batch} (median)`,
  ]);
}

if (want('first-screen')) {
  const { benchFirstScreen } = await import('./first-screen.ts');
  const r = await benchFirstScreen();
  figures.first_screen_chips_ms = r.chipsMs;
  figures.first_screen = r;
  rows.push([
    'first_screen_chips_ms',
    r.chipsMs.toFixed(0) + ' ms',
    `headless Chromium, the built app opened fresh ${r.loads.length} times: the first example chip ${r.chipsMs.toFixed(0)} ms after navigation, the demo database open at ${r.databaseMs.toFixed(0)} ms, every chip labelled at ${r.labelledMs.toFixed(0)} ms (medians; target ≤ 1,500 ms)`,
  ]);
}

const w = [0, 1].map((j) => Math.max(...rows.map((r) => r[j]!.length)));
for (const [a, b, c] of rows) process.stdout.write(`${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c}\n`);
if (values.json) {
  writeFileSync(values.json, JSON.stringify(figures, null, 2) + '\n');
  process.stdout.write(`figures → ${values.json}\n`);
}
process.exit(0);
