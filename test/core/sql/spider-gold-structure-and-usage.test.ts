/**
 * Opt-in sweep over the Spider dev gold queries: needs the Spider folder
 * (default ../shared/data/spider, or CONFIDE_SPIDER_DIR) and skips with a
 * message when it is absent. Nothing from Spider is stored in the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { normalizeSql } from '../../../src/core/sql/normalize.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';

const DIR = process.env.CONFIDE_SPIDER_DIR ?? resolve(__dirname, '../../../../shared/data/spider');
const DEV = join(DIR, 'dev.json');

it('every Spider dev gold query gets a structure key and a usage', (ctx) => {
  if (!existsSync(DEV)) ctx.skip(`Spider dev set not found at ${DEV} (set CONFIDE_SPIDER_DIR to run this sweep)`);
  const dev = JSON.parse(readFileSync(DEV, 'utf8')) as { query: string }[];
  let parsed = 0;
  let withUsage = 0;
  let stable = 0;
  for (const { query } of dev) {
    const k = structureKey(query);
    expect(k.key.length, query).toBeGreaterThan(0);
    if (k.parsed) parsed++;
    const u = queryUsage(query);
    if (u !== null && u.tables.length > 0) withUsage++;
    if (structureKey(normalizeSql(query)).key === k.key) stable++;
  }
  console.log(`Spider dev gold: ${dev.length} queries, ${parsed} parsed, ${withUsage} with tables, ${stable} keys unchanged by normalizeSql`);
  expect(parsed).toBe(dev.length);
  expect(withUsage).toBe(dev.length);
  expect(stable).toBe(dev.length);
});
