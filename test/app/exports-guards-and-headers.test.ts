/**
 * Pure pieces of the UI: result export (CSV, JSON), the table browser's page
 * query, the profile-fit rule, Evaluate's report limits, and the deploy header
 * files built from the same policy as the meta tag.
 */
import { describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/core/eval/types.ts';
import { fitOn } from '../../src/core/profile-fit.ts';
import { buildCsp } from '../../src/app/csp.ts';
import { headerCsp, netlifyHeaders, nginxHeaders } from '../../src/app/deploy-headers.ts';
import { reportLimits, screenCell } from '../../src/app/evaluate/report-limits.ts';
import { resultCsv, resultJson } from '../../src/app/results/files.ts';
import { browseSql, countSql, facetSql, pageSql } from '../../src/app/results/browse-sql.ts';
import { defaultProfile } from './demo-ask.ts';

describe('result export', () => {
  const result = {
    columns: ['name', 'n', 'name'],
    rows: [
      ['a,"b"', 3, null],
      ['=SUM(A1)', -2, { blob: '00ff', bytes: 2 }],
    ],
  } as const;
  it('writes RFC 4180 CSV, NULL empty, formulas defused, numbers as numbers', () => {
    expect(resultCsv(result)).toBe('name,n,name\r\n"a,""b""",3,\r\n\'=SUM(A1),-2,x\'00ff\'\r\n');
  });
  it('writes JSON rows keyed by column, a repeated name numbered', () => {
    expect(JSON.parse(resultJson(result))).toEqual([
      { name: 'a,"b"', n: 3, name_2: null },
      { name: '=SUM(A1)', n: -2, name_2: { blob: '00ff', bytes: 2 } },
    ]);
  });
});

describe('table browser', () => {
  it('quotes names SQLite would not read bare (a keyword, a space, a double quote) and pages by 50', () => {
    expect(pageSql({ table: 'order items', sort: { column: 'unit "price"', direction: 'desc' }, filters: [] }, 2)).toBe(
      'SELECT * FROM "order items" ORDER BY "unit ""price""" DESC LIMIT 50 OFFSET 100',
    );
    expect(pageSql({ table: 'order', sort: null, filters: [] }, 0)).toBe('SELECT * FROM "order" LIMIT 50 OFFSET 0');
  });
  it('filters with IS on the literal SQLite wrote, so NULL matches NULL, in the page, the count, the export and the facets', () => {
    const q = {
      table: 'books',
      sort: { column: 'price', direction: 'asc' as const },
      filters: [
        { column: 'genre', literal: "'Poetry'" },
        { column: 'author id', literal: 'NULL' },
      ],
    };
    const where = `WHERE genre IS 'Poetry' AND "author id" IS NULL`;
    expect(browseSql(q)).toBe(`SELECT * FROM books ${where} ORDER BY price ASC`);
    expect(countSql(q)).toBe(`SELECT count(*) FROM books ${where}`);
    expect(facetSql(q, 'n')).toBe(
      `SELECT n AS value, count(*) AS n, CASE WHEN n IS NULL OR length(CAST(n AS BLOB)) <= 1000 THEN quote(n) END AS literal FROM books ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 11`,
    );
  });
});

describe('profile fit', () => {
  const db = (dbId: string) => ({ key: 'k', name: `${dbId}.sqlite`, dbId, schema: { tables: [] }, bytes: 0, demo: false, onDemand: false });
  it('holds when the provenance names the database id as a word, not otherwise', () => {
    const fitOnDemo = { ...defaultProfile(), provenance: { ...defaultProfile().provenance, data: 'demo bookshop database, 40 questions' } };
    expect(fitOn(fitOnDemo, db('demo'))).toBe(true);
    expect(fitOn(fitOnDemo, db('world_1'))).toBe(false);
    expect(fitOn(fitOnDemo, db('dem'))).toBe(false);
    // The bundled default was fit on real candidates over Spider databases: the demo is other data to it.
    expect(fitOn(defaultProfile(), db('demo'))).toBe(false);
  });
});

describe('Evaluate report limits', () => {
  const report = (correct: boolean[]) =>
    ({ per_question: correct.map((c, i) => ({ id: String(i), db_id: 'd', correct: c, signals: {}, combined: 0.5 })) }) as unknown as EvalReport;
  it('calls a run with one class undefined and says why; a small run is warned about', () => {
    const all = reportLimits(report([true, true, true, true, true, true]));
    expect(all.oneClass).toBe(true);
    expect(all.missingWhy).toContain('All 6 evaluated answers were right');
    expect(all.warnings).toHaveLength(2);
    const mixed = reportLimits(report(Array.from({ length: 40 }, (_, i) => i % 3 !== 0)));
    expect([mixed.oneClass, mixed.small, mixed.missingWhy]).toEqual([false, false, null]);
    expect(reportLimits(report([true, false, true])).small).toBe(true);
  });
  it('never shows NaN as a number on screen', () => {
    expect(screenCell('NaN [NaN, NaN]')).toBe('n/a [n/a, n/a]');
    expect(screenCell('0.812')).toBe('0.812');
  });
});

describe('deploy headers', () => {
  it('carry the meta policy plus frame-ancestors, for Netlify/Cloudflare and nginx', () => {
    const csp = buildCsp({ modelBase: 'models/' });
    expect(headerCsp(csp)).toBe(`${csp}; frame-ancestors 'none'`);
    expect(netlifyHeaders(csp).split('\n').slice(0, 2)).toEqual(['/*', `  Content-Security-Policy: ${headerCsp(csp)}`]);
    expect(nginxHeaders(csp)).toContain(`add_header Content-Security-Policy "${headerCsp(csp)}" always;`);
  });
});
