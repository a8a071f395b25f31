/**
 * Every Spider dev gold query is read in words without error: needs the
 * Spider folder (default ../shared/data/spider, or CONFIDE_SPIDER_DIR) and
 * skips with a message when it is absent. Nothing from Spider is stored in
 * the repository. Beyond "no error", each reading must name every table its
 * query reads (a reading that drops a table hides what the query does), and
 * none may fall back to the parser's own printing of an unknown node.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { describeSql } from '../../../../src/core/sql/describe/index.ts';
import { queryUsage } from '../../../../src/core/sql/usage.ts';

const DIR = process.env.CONFIDE_SPIDER_DIR ?? resolve(__dirname, '../../../../../shared/data/spider');
const DEV = join(DIR, 'dev.json');

it('reads every Spider dev gold query in words, naming each table it reads', (ctx) => {
  if (!existsSync(DEV)) ctx.skip(`Spider dev set not found at ${DEV} (set CONFIDE_SPIDER_DIR to run this sweep)`);
  const dev = JSON.parse(readFileSync(DEV, 'utf8')) as { query: string }[];
  const failures: string[] = [];
  for (const { query } of dev) {
    const r = describeSql(query);
    if (!r.ok) {
      failures.push(`${query}: ${r.error.code} ${r.error.message}`);
      continue;
    }
    if (/an expression|\[object|undefined|null\b/.test(r.text)) failures.push(`${query}: ${r.text}`);
    const words = r.text.toLowerCase();
    for (const table of queryUsage(query)?.tables ?? []) {
      if (!words.includes(table.toLowerCase())) failures.push(`${query}: ${r.text} (no "${table}")`);
    }
  }
  console.log(`Spider dev gold: ${dev.length} queries read in words, ${failures.length} failures`);
  expect(failures).toEqual([]);
});
