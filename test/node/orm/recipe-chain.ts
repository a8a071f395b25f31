/**
 * Steps 2 and 3 of the own-generator ORM recipe, as a user runs them on an
 * exported labelled candidate file: `confide curate --candidates <export>`
 * (gold and mutants added, re-labelled by execution), then `npm run
 * orm:train` (scripts/orm/train.ts, the real trainer) writing `<name>.onnx`
 * and `<name>.json`. Shared by the Node recipe test and the browser test that
 * loads the result in the app.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../../cli/run-cli.ts';

const ROOT = join(import.meta.dirname, '../../..');
/** The demo benchmark the project builds itself (public/demo, database from scripts/build-demo.ts). */
export const DEMO_BENCH = join(ROOT, 'public/demo');

export interface TrainedOrm {
  readonly curated: string;
  readonly model: string;
  readonly sidecar: string;
}

/**
 * Curates `exported` over `bench` and trains a small model named `name` into `dir/models`.
 *
 * @example const { model, sidecar } = await curateAndTrain(exportPath, tmp, 'my-orm');
 */
export async function curateAndTrain(exported: string, dir: string, name: string, bench = DEMO_BENCH): Promise<TrainedOrm> {
  const curated = join(dir, 'curated.jsonl');
  const cur = await runCli(['curate', '--bench', bench, '--split', 'dev', '--candidates', exported, '--mutations', '2', '--out', curated]);
  if (cur.code !== 0) throw new Error(`confide curate failed (${cur.code}): ${cur.stderr}`);
  const out = join(dir, 'models');
  await promisify(execFile)(
    'npx',
    ['tsx', 'scripts/orm/train.ts', '--candidates', curated, '--bench', bench, '--out', out, '--name', name, '--epochs', '2', '--seed', '3'],
    { cwd: ROOT },
  );
  return { curated, model: join(out, `${name}.onnx`), sidecar: join(out, `${name}.json`) };
}
