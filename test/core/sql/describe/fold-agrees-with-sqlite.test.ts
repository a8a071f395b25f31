/**
 * The reading folds constant arithmetic ("300 (written 5 * 60)"); the value
 * it shows must be the one SQLite computes. Each expression is evaluated by
 * SQLite itself (sql.js) and by foldConstant, and both the number and its
 * kind (integer or real) must agree; where SQLite gives NULL (division by
 * zero) the reading must not fold at all.
 */
import initSqlJs from 'sql.js';
import { expect, it } from 'vitest';
import { isNode } from '../../../../src/core/sql/ast.ts';
import { foldConstant, formatFolded } from '../../../../src/core/sql/describe/fold.ts';
import { parseSql } from '../../../../src/core/sql/parse.ts';

const EXPRESSIONS = [
  '5 * 60',
  '7 / 2',
  '-7 / 2',
  '7.0 / 2',
  '7 / 2.0',
  '1 + 2 * 3',
  '(1 + 2) * 3',
  '10 - 20',
  '-(3 - 5)',
  '+4',
  '7 % 3',
  '-7 % 3',
  '7.5 % 2',
  '1e3 + 1',
  '60 * 60 * 24',
  '2.5 * 2',
  '1 / 0',
  '1 % 0',
  '9007199254740993 * 2',
  '0.1 + 0.2',
];

function firstColumn(sql: string): unknown {
  const p = parseSql(sql);
  if (!p.ok) throw new Error(p.message);
  const cols = (p.ast as unknown as { columns: { expr: unknown }[] }).columns;
  return cols[0]!.expr;
}

it('folds constant arithmetic to the value and kind SQLite computes, and leaves NULL results unfolded', async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    for (const e of EXPRESSIONS) {
      const [row] = db.exec(`SELECT ${e}, typeof(${e})`)[0]!.values as [number | null, string][];
      const [value, type] = row!;
      const folded = foldConstant(firstColumn(`SELECT ${e}`));
      if (type === 'null') {
        expect(folded, e).toBeNull();
        continue;
      }
      if (folded === null) {
        // Only a result outside JavaScript's exact integers may stay unfolded.
        expect(Number.isSafeInteger(value), e).toBe(false);
        continue;
      }
      expect(folded.integer ? 'integer' : 'real', e).toBe(type);
      expect(folded.value, e).toBeCloseTo(value!, 12);
      if (type === 'integer') expect(formatFolded(folded), e).toBe(String(value));
    }
  } finally {
    db.close();
  }
});

it('does not fold what names a column or a function', () => {
  expect(foldConstant(firstColumn('SELECT price * 2 FROM t'))).toBeNull();
  expect(foldConstant(firstColumn('SELECT abs(-2) * 3'))).toBeNull();
  expect(isNode(firstColumn('SELECT 1'))).toBe(true);
});
