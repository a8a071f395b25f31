/**
 * Trains the ORM from files: a labeled candidate file (JSON Lines of
 * QuestionRecord with `correct` per candidate) and the benchmark folder that
 * holds its databases (Spider `database/<id>/<id>.sqlite`, BIRD
 * `train_databases/…` or `dev_databases/…`). Reads the schemas with sql.js,
 * featurizes, fits with `fitMlp` (validation by database, early stopping),
 * and writes the int8 ONNX model and its sidecar with `writeOrm`.
 * This is the entry point of `npm run orm:train`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fitMlp, type FitOptions } from '../../core/orm/training/fit.ts';
import { DEFAULT_FEATURIZER, type FeaturizerConfig } from '../../core/orm/layout.ts';
import type { OrmSidecar } from '../../core/orm/sidecar.ts';
import { buildExamples } from '../../core/orm/training/examples.ts';
import { loadLabeledData } from './load.ts';
import { writeOrm } from './write.ts';

export interface TrainOrmOptions {
  readonly candidates: string;
  readonly bench: string;
  readonly out: string;
  readonly name?: string;
  readonly agreement?: boolean;
  readonly seed?: number;
  readonly maxEpochs?: number;
  readonly keepErrors?: boolean;
  readonly featurizer?: Partial<Pick<FeaturizerConfig, 'dim' | 'hashSeed'>>;
  readonly fit?: Omit<FitOptions, 'seed' | 'dim' | 'onProgress' | 'maxEpochs'>;
  readonly onProgress?: (p: { progress: number; text: string }) => void;
}

/**
 * Runs the whole training and returns the written sidecar and file paths.
 *
 * @example
 * await trainOrmFromFiles({ candidates: 'runs/train.jsonl', bench: '../shared/data/spider', out: 'public/models' });
 */
export async function trainOrmFromFiles(o: TrainOrmOptions): Promise<{ sidecar: OrmSidecar; modelPath: string; sidecarPath: string }> {
  const t0 = performance.now();
  const say = (text: string, progress = 0): void => o.onProgress?.({ progress, text });
  const featurizer: FeaturizerConfig = { ...DEFAULT_FEATURIZER, ...o.featurizer, agreement: o.agreement ?? false };
  const { records, schemas, unlocated, failed } = await loadLabeledData(o.candidates, o.bench);
  say(
    `${records.length} questions over ${schemas.size} databases${unlocated.length ? ` (${unlocated.length} not found: ${unlocated.slice(0, 5).join(', ')})` : ''}`,
  );
  const built = buildExamples(records, schemas, featurizer, { keepErrors: o.keepErrors ?? false, ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
  const { stats } = built;
  // One database (a user's own): validation by held-out questions, since there is no second database to hold out.
  const oneDatabase = new Set(built.examples.map((e) => e.group)).size < 2;
  const examples = oneDatabase ? built.examples.map((e) => ({ ...e, group: e.question })) : built.examples;
  if (oneDatabase) say('one database in the file: validation holds out whole questions instead of databases');
  const tFeatures = performance.now();
  say(`${stats.examples} examples (${stats.positives} correct) from ${stats.questions} questions in ${((tFeatures - t0) / 1000).toFixed(1)} s`);
  const seed = o.seed ?? 1;
  const fit = fitMlp(examples, {
    ...o.fit,
    seed,
    dim: featurizer.dim,
    ...(o.maxEpochs ? { maxEpochs: o.maxEpochs } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });
  const seconds = (performance.now() - t0) / 1000;
  return writeOrm({
    out: o.out,
    name: o.name ?? (featurizer.agreement ? 'orm-v1-agreement' : 'orm-v1'),
    fit,
    featurizer,
    examples,
    qualityStatus: 'measured',
    qualityNote: oneDatabase
      ? 'validation = held-out questions of the training file (it has one database, so new-database numbers are unknown); test-set numbers belong in the model card'
      : 'validation = held-out databases of the training file (leave-databases-out); test-set numbers belong in the model card',
    provenance: {
      data: basename(o.candidates),
      dataSha256: createHash('sha256').update(readFileSync(o.candidates)).digest('hex'),
      bench: basename(o.bench),
      examples: stats,
      schemaFailures: Object.fromEntries(failed),
      databasesNotFound: unlocated,
      seed,
      seconds: { featurize: Number(((tFeatures - t0) / 1000).toFixed(1)), total: Number(seconds.toFixed(1)) },
      node: process.version,
    },
  });
}
