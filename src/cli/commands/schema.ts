/**
 * `confide schema --db FILE.sqlite`: the schema (tables, then views, marked
 * so) as text on a terminal (schema-listing.ts), as JSON with `--json` or
 * when stdout is a pipe or a file. A `-wal` beside the file is read with it
 * (one note on stderr says what it added).
 */
import { basename } from 'node:path';
import { walWords } from '../../engines/sql/index.ts';
import { parseFlags } from '../args.ts';
import { checkInput } from '../../node/input-file.ts';
import { createNodeSqlPool, openDbFile } from '../../node/sql-pool.ts';
import type { Command } from '../command.ts';
import { schemaListing } from '../schema-listing.ts';
import { SCHEMA_SPEC } from '../specs.ts';

const spec = SCHEMA_SPEC;

export const schemaCommand: Command = {
  spec,
  async run(argv) {
    const flags = parseFlags(spec, argv);
    const path = flags.db;
    checkInput({ flag: '--db', path });
    const sqlPool = createNodeSqlPool({ size: 1 });
    try {
      const opened = await openDbFile(sqlPool, 'db', path); // a big file is read on demand, never loaded whole
      if (!opened.ok) {
        process.stderr.write(`confide schema: ${path}: ${opened.error.code}: ${opened.error.message}\n`);
        return 1;
      }
      const note = walWords(basename(path), opened.wal);
      if (note !== null) process.stderr.write(`note: ${note}\n`);
      const json = flags.json === true || process.stdout.isTTY !== true;
      process.stdout.write(json ? JSON.stringify(opened.schema, null, 2) + '\n' : schemaListing(opened.schema, basename(path)));
      return 0;
    } finally {
      sqlPool.terminate();
    }
  },
};
