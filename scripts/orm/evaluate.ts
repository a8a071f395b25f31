/**
 * `npx tsx scripts/orm/evaluate.ts --model public/models/orm-v1.json --candidates FILE --bench DIR`
 *
 * Scores a labeled candidate file (e.g. Spider dev candidates) with a shipped
 * ORM and prints the report as JSON: AUROC, Best-of-N selection accuracy, its
 * ceiling, and first-candidate accuracy. The numbers for the model card.
 */
import { type CommandSpec, type ParsedFlags, runWithFlags } from '../../src/cli/args.ts';
import { evaluateOrmOnFiles } from '../../src/node/orm/evaluate-files.ts';

const spec: CommandSpec = {
  name: 'orm:evaluate',
  summary: 'measure an ORM on a labeled candidate file',
  flags: {
    model: { type: 'string', default: 'public/models/orm-v1.json', help: 'the model sidecar (the .onnx it names is read next to it)' },
    candidates: { type: 'string', required: true, help: 'labeled candidate file (JSON Lines, `correct` per candidate)' },
    bench: { type: 'string', required: true, help: 'benchmark folder holding the databases' },
    'keep-errors': { type: 'boolean', default: false, help: 'keep candidates that failed to execute' },
    help: { type: 'boolean', default: false, help: 'show this help' },
  },
};

async function main(flags: ParsedFlags): Promise<number> {
  const report = await evaluateOrmOnFiles({
    sidecarPath: String(flags.model),
    candidates: String(flags.candidates),
    bench: String(flags.bench),
    keepErrors: flags['keep-errors'] === true,
  });
  console.log(JSON.stringify(report, null, 2));
  return 0;
}

process.exitCode = await runWithFlags(spec, process.argv.slice(2), main);
