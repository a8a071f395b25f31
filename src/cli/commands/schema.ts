/** `confide schema --db FILE.sqlite`: the schema as JSON on stdout. */
import { basename } from 'node:path';
import { walWords } from '../../engines/sql/index.ts';
import { parseFlags } from '../args.ts';
import { checkInput } from '../../node/input-file.ts';
import { createNodeSqlPool, openDbFile } from '../../node/sql-pool.ts';
import type { Command } from '../command.ts';
import { SCHEMA_SPEC } from '../specs.ts';

const spec = SCHEMA_SPEC;

export const schemaCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const path = flags.db as string;
    checkInput({ flag: '--db', path });
    const pool = createNodeSqlPool({ size: 1 });
    try {
      const opened = await openDbFile(pool, 'db', path); // a big file is read on demand, never loaded whole
      if (!opened.ok) {
        process.stderr.write(`confide schema: ${path}: ${opened.error.code}: ${opened.error.message}\n`);
        return 1;
      }
      const note = walWords(basename(path), opened.wal);
      if (note !== null) process.stderr.write(`note: ${note}\n`);
      process.stdout.write(JSON.stringify(opened.schema, null, 2) + '\n');
      return 0;
    } finally {
      pool.terminate();
    }
  },
};
