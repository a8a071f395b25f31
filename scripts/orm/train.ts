/**
 * `npm run orm:train -- --candidates FILE --bench DIR --out public/models/ [--agreement] [--seed 1] [--epochs N]`
 *
 * Trains the ORM on a labeled candidate file and writes `<name>.onnx` and
 * `<name>.json` into --out (name `orm-v1`, or `orm-v1-agreement` with
 * --agreement). Progress goes to stderr; the sidecar's quality block to stdout.
 */
import { type CommandSpec, type ParsedFlags, numberFlag, runWithFlags } from '../../src/cli/args.ts';
import { trainOrmFromFiles } from '../../src/node/orm/train.ts';

const spec: CommandSpec = {
  name: 'orm:train',
  summary: 'train the outcome reward model on labeled candidates',
  flags: {
    candidates: { type: 'string', required: true, help: 'labeled candidate file (JSON Lines, `correct` per candidate)' },
    bench: { type: 'string', required: true, help: 'benchmark folder holding the databases' },
    out: { type: 'string', default: 'public/models/', help: 'output folder' },
    name: { type: 'string', help: 'model name (file stem)' },
    agreement: { type: 'boolean', default: false, help: 'use agreement features (scores.exec_share, struct_share, string_share)' },
    seed: { type: 'string', default: '1', help: 'seed for the split, the initialization and the shuffles' },
    epochs: { type: 'string', default: '30', help: 'most epochs (early stopping may end sooner)' },
    'keep-errors': { type: 'boolean', default: false, help: 'keep candidates that failed to execute' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

async function main(flags: ParsedFlags): Promise<number> {
  const { sidecar, modelPath, sidecarPath } = await trainOrmFromFiles({
    candidates: String(flags.candidates),
    bench: String(flags.bench),
    out: String(flags.out),
    ...(typeof flags.name === 'string' ? { name: flags.name } : {}),
    agreement: flags.agreement === true,
    seed: numberFlag(flags, 'seed', 1),
    maxEpochs: numberFlag(flags, 'epochs', 30),
    keepErrors: flags['keep-errors'] === true,
    onProgress: (p) => console.error(p.text),
  });
  console.error(`wrote ${modelPath} (${sidecar.architecture.bytes} bytes) and ${sidecarPath}`);
  console.log(JSON.stringify(sidecar.quality, null, 2));
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
