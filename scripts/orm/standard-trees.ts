/**
 * `npx tsx scripts/orm/standard-trees.ts --model IN.onnx --out OUT.onnx`
 *
 * Rewrites a tree verifier whose ensemble is one ai.onnx.ml
 * `TreeEnsembleRegressor` (which the page's onnxruntime-web cannot run) in
 * standard operators (src/node/orm/onnx-tree-ops.ts), writes OUT.onnx and
 * its sidecar OUT.json (IN.json with the new size and digest), and checks
 * that both graphs score alike in Node's onnxruntime, which runs both: on
 * rows whose split inputs sit on, just below and just above every
 * threshold the ensemble tests, the rest of the vector random. The output
 * never replaces the input.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { runWithFlags, type CommandSpec, type ParsedFlags } from '../../src/cli/args.ts';
import { mulberry32 } from '../../src/core/stats/mulberry32.ts';
import { mlEnsemble, standardTrees } from '../../src/node/orm/onnx-trees.ts';
import { createOrmScorer } from '../../src/node/orm/score.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const spec: CommandSpec = {
  name: 'orm:standard-trees',
  summary: "rewrite a tree verifier's TreeEnsembleRegressor in standard ONNX operators, so the page can run it",
  flags: {
    model: { type: 'string', help: 'the .onnx to read (its .json sidecar beside it)' },
    out: { type: 'string', help: 'the .onnx to write (a new path; its .json is written beside it)' },
    rows: { type: 'string', default: '4096', help: 'rows to compare the two graphs on' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

const sidecarOf = (onnx: string): string => onnx.replace(/\.onnx$/i, '.json');
const same = (a: string, b: string): boolean => existsSync(b) && realpathSync(a) === realpathSync(b);

async function main(flags: ParsedFlags): Promise<number> {
  if (flags.model === undefined || flags.out === undefined || !String(flags.out).endsWith('.onnx')) {
    process.stderr.write('orm:standard-trees: give --model IN.onnx and --out OUT.onnx\n');
    return 2;
  }
  const input = resolve(String(flags.model));
  const out = resolve(String(flags.out));
  if (same(input, out) || same(sidecarOf(input), sidecarOf(out)) || (existsSync(out) && !statSync(out).isFile())) {
    process.stderr.write(`orm:standard-trees: ${out} is the input or not a file; write to a new path\n`);
    return 2;
  }
  const bytes = readFileSync(input);
  const sidecar = JSON.parse(readFileSync(sidecarOf(input), 'utf8')) as {
    model: string;
    featurizer: { dim: number };
    architecture: Record<string, unknown> & { ensemble?: Record<string, number> };
  };
  const rewritten = standardTrees(bytes);
  const { ml_opset: _mlOpset, ...ensemble } = sidecar.architecture.ensemble ?? {};
  const next = {
    ...sidecar,
    model: basename(out),
    architecture: { ...sidecar.architecture, ensemble, bytes: rewritten.byteLength, sha256: createHash('sha256').update(rewritten).digest('hex') },
  };

  // Rows that sit on and beside every threshold the trees test.
  const dim = sidecar.featurizer.dim;
  const tests = mlEnsemble(bytes)
    .trees.flat()
    .filter((n) => n.column >= 0 && n.column < dim);
  const rand = mulberry32(1);
  const n = Number(flags.rows);
  const x = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) {
    for (let j = 0; j < dim; j++) if (rand() < 0.01) x[r * dim + j] = rand() * 2 - 1;
    for (const t of tests) {
      const step = Math.max(Math.abs(t.threshold) * 1e-6, 1e-6);
      const pick = rand();
      x[r * dim + t.column] = pick < 0.34 ? t.threshold : pick < 0.67 ? t.threshold - step : t.threshold + step;
    }
  }
  const before = await createOrmScorer(bytes, sidecar, input);
  const after = await createOrmScorer(rewritten, next, out);
  let worst = 0;
  try {
    const a = scoresOrThrow(await before.scoreFeatures(x, n));
    const b = scoresOrThrow(await after.scoreFeatures(x, n));
    for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  } finally {
    await before.unload();
    await after.unload();
  }
  if (worst > 1e-5) {
    process.stderr.write(`orm:standard-trees: the two graphs differ by ${worst} on a row; nothing written\n`);
    return 1;
  }
  writeFileSync(out, rewritten);
  writeFileSync(join(dirname(out), basename(sidecarOf(out))), `${JSON.stringify(next, null, 2)}\n`);
  process.stderr.write(
    `wrote ${out} (${rewritten.byteLength} bytes, was ${bytes.byteLength}) and its sidecar; ${n} rows on and beside ${tests.length} thresholds: largest difference ${worst.toExponential(2)}\n`,
  );
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
