/**
 * Replays every string a fuzz or adversarial run once broke on
 * (test/fixtures/regressions/fuzz-found.json) through the same properties the
 * fuzz suites check, and checks the executor's code for each.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Schema } from '../../../src/core/schema.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';
import { codeOf, expandTemplate } from '../corpus.ts';
import { checkCore, checkOutcome } from '../fuzz-checks.ts';

interface Found {
  readonly sql: string;
  readonly expect: readonly string[];
  readonly broke: string;
}

const found = (JSON.parse(readFileSync(new URL('../../fixtures/regressions/fuzz-found.json', import.meta.url), 'utf8')) as { found: Found[] }).found;
let runner: SqlRunner;
let schema: Schema;

beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
  const s = runner.schema('db');
  if (!s.ok) throw new Error(s.error.message);
  schema = s.schema;
});

it.each(found.map((f) => [f.broke, f] as const))('%s', (_, f) => {
  const sql = expandTemplate(f.sql);
  checkCore(sql, schema, runner.normalizedSql('db', sql));
  const out = runner.exec('db', sql);
  checkOutcome(sql, out, 10_000, 5000);
  expect(f.expect).toContain(codeOf(out));
});
