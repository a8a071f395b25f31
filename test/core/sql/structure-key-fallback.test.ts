import { describe, expect, it } from 'vitest';
import { parseSql } from '../../../src/core/sql/parse.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';

// A window frame clause node-sql-parser 5.4.0 reads in no dialect (checked below), valid in SQLite.
const UNPARSEABLE = "SELECT a, sum(b) OVER (ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t WHERE d = 'x'";

describe('structureKey fallback when no dialect parses', () => {
  it('the fixture really is unparseable', () => {
    expect(parseSql(UNPARSEABLE).ok).toBe(false);
  });

  it('uses the engine-normalized SQL when given, masked and case-folded', () => {
    // What sql.js 1.17.0's Statement.getNormalizedSQL() returned for UNPARSEABLE over `CREATE TABLE t(a, b, c, d)`.
    const engine = 'SELECT a,sum(b)OVER(ORDER BY c ROWS BETWEEN?PRECEDING AND CURRENT ROW EXCLUDE TIES)FROM t WHERE d=?;';
    const k = structureKey(UNPARSEABLE, engine);
    expect(k.parsed).toBe(false);
    expect(k.key).toBe('select a, sum(b) over (order by c rows between ? preceding and current row exclude ties) from t where d = ?');
  });

  it('masks literals of the text itself when no fallback is given', () => {
    const a = structureKey(UNPARSEABLE);
    const b = structureKey(UNPARSEABLE.replace("'x'", "'y'").replace('1 PRECEDING', '2 PRECEDING'));
    expect(a.parsed).toBe(false);
    expect(a.key).toBe(b.key);
    expect(structureKey(UNPARSEABLE, null).key).toBe(a.key);
  });

  it('never gives a fallback key equal to a parsed key', () => {
    const parsed = structureKey('SELECT a FROM t');
    expect(parsed.parsed).toBe(true);
    expect(structureKey('SELECT a FROM t WHERE', 'select a from t').key).not.toBe(parsed.key);
  });
});
