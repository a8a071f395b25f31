/**
 * The featurizer on real SQL: every Spider dev gold query (read at run time
 * from ../shared/data/spider, or CONFIDE_SPIDER_DIR) featurizes with its real
 * schema, parses, and finds every table it uses in that schema. Skips with a
 * message when the data is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featurize } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { anyDatabasePaths } from '../../../src/core/bench/benchmark.ts';
import { locateDatabase } from '../../../src/node/bench-paths.ts';
import { readSchemas } from '../../../src/node/orm/load.ts';

const DIR = process.env.CONFIDE_SPIDER_DIR ?? resolve(import.meta.dirname, '../../../../shared/data/spider');
const HAVE = existsSync(join(DIR, 'dev.json'));

describe('ORM features of Spider dev gold SQL', () => {
  it.skipIf(!HAVE)(
    `parse and resolve every table against the real schema${HAVE ? '' : ` (skipped: no Spider data at ${DIR})`}`,
    async () => {
      const dev = JSON.parse(readFileSync(join(DIR, 'dev.json'), 'utf8')) as { db_id: string; question: string; query: string }[];
      const paths = new Map<string, string>();
      for (const q of dev) {
        const p = locateDatabase(DIR, q.db_id, anyDatabasePaths(q.db_id));
        if (p) paths.set(q.db_id, p);
      }
      const { schemas, failed } = await readSchemas(paths);
      expect([...failed.keys()]).toEqual([]);
      const names = denseFeatureNames();
      const parseOk = names.indexOf('structure.parse_ok');
      const tablesKnown = names.indexOf('link.tables_known');
      const bad: string[] = [];
      let seen = 0;
      for (const q of dev) {
        const schema = schemas.get(q.db_id);
        if (!schema) continue;
        seen++;
        const f = featurize({ question: q.question, sql: q.query, schema }, DEFAULT_FEATURIZER);
        const value = (slot: number): number => {
          const k = Array.from(f.indices).indexOf(slot);
          return k < 0 ? 0 : f.values[k]!;
        };
        if (value(parseOk) !== 1 || value(tablesKnown) !== 1) bad.push(q.query);
      }
      expect(seen).toBeGreaterThan(900);
      expect(bad).toEqual([]);
    },
    120_000,
  );
});
