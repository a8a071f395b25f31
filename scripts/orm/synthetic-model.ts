/**
 * Trains a toy ORM (the placeholder shipped before the real model): synthetic
 * questions over invented toy databases (src/core/orm/training/synthetic.ts), the
 * default featurizer, seed 1, in seconds. Writes `<outDir>/orm-toy.onnx` and
 * `orm-toy.json` (never over the shipped `orm-v1`) with quality marked "not
 * yet measured" (its validation numbers are on synthetic data). Useful to
 * exercise the whole path without benchmark data.
 *
 * Run: `npx tsx scripts/orm/synthetic-model.ts [outDir]` (default: the system temp folder)
 */
import { tmpdir } from 'node:os';
import { fitMlp } from '../../src/core/orm/training/fit.ts';
import { DEFAULT_FEATURIZER } from '../../src/core/orm/layout.ts';
import { mulberry32 } from '../../src/core/stats/mulberry32.ts';
import { buildExamples } from '../../src/core/orm/training/examples.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../src/core/orm/training/synthetic.ts';
import { writeOrm } from '../../src/node/orm/write.ts';

const out = process.argv[2] ?? tmpdir();
const seed = 1;
const t0 = performance.now();
const records = syntheticRecords(mulberry32(seed), 150);
const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const { examples, stats } = buildExamples(records, schemas, DEFAULT_FEATURIZER);
const fit = fitMlp(examples, { seed, dim: DEFAULT_FEATURIZER.dim, maxEpochs: 12, onProgress: (p) => console.error(p.text) });
const { modelPath, sidecar } = writeOrm({
  out,
  name: 'orm-toy',
  fit,
  featurizer: DEFAULT_FEATURIZER,
  examples,
  qualityStatus: 'not yet measured',
  qualityNote:
    'placeholder trained on synthetic toy data (src/core/orm/training/synthetic.ts); the validation numbers are on held-out toy databases and say nothing about real questions',
  provenance: { data: 'synthetic: syntheticRecords(mulberry32(1), 150)', examples: stats, seed, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) },
});
console.error(`wrote ${modelPath} (${sidecar.architecture.bytes} bytes)`);
console.log(JSON.stringify(sidecar.quality, null, 2));
