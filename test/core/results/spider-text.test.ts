/**
 * The texts the `spider` rules run and their row-order test, on tricky texts.
 * Every expected value is what test-suite-sql-eval itself gives (its
 * parse.remove_distinct, exec_eval.postprocess and replace_cur_year, and the
 * `'order by' in g_str.lower()` test of exec_eval.eval_exec_match, with
 * evaluation.py's " value " → " 1 " on the prediction), run with Debian's
 * sqlparse 0.4.2 on /usr/bin/python3; that code is not part of this project.
 */
import { describe, expect, it } from 'vitest';
import { labelText } from '../../../src/core/results/label-text.ts';
import { removeDistinct, spiderText } from '../../../src/core/results/spider-text.ts';

describe('removeDistinct gives remove_distinct’s text', () => {
  const cases: [string, string | null][] = [
    ['SELECT DISTINCT name FROM singer', 'SELECT  name FROM singer'],
    ['SELECT COUNT(DISTINCT name) FROM singer', 'SELECT COUNT( name) FROM singer'],
    ['SELECT count(distinct(name)) FROM singer', 'SELECT count((name)) FROM singer'],
    ['SELECT name FROM singer WHERE id IN (SELECT DISTINCT singer_id FROM concert)', 'SELECT name FROM singer WHERE id IN (SELECT  singer_id FROM concert)'],
    // never inside a string literal, a quoted name or a comment
    ["SELECT name FROM singer WHERE note = 'distinct'", "SELECT name FROM singer WHERE note = 'distinct'"],
    ["SELECT 'it''s distinct', DISTINCT_COUNT FROM t", "SELECT 'it''s distinct', DISTINCT_COUNT FROM t"],
    ['SELECT "distinct", `distinct`, [distinct] FROM t', 'SELECT "distinct", `distinct`, [distinct] FROM t'],
    ['SELECT DISTINCT name FROM singer -- DISTINCT names\n', 'SELECT  name FROM singer -- DISTINCT names\n'],
    // a word that merely starts with it stays; a bare column named distinct goes
    ['SELECT distinctive, distinct_x FROM t', 'SELECT distinctive, distinct_x FROM t'],
    ['SELECT t.distinct FROM t', 'SELECT t. FROM t'],
    // only the first statement is kept
    ['SELECT DISTINCT a FROM t; SELECT b FROM t', 'SELECT  a FROM t; '],
    ['SELECT a FROM t;\nSELECT DISTINCT b FROM t', 'SELECT a FROM t;'],
    ['SELECT CASE WHEN a THEN 1 END AS x FROM t; SELECT DISTINCT 2', 'SELECT CASE WHEN a THEN 1 END AS x FROM t; '],
    // sqlparse lets a backslash escape a quote, so this literal runs to the last quote
    ["SELECT 'a\\' DISTINCT '", "SELECT 'a\\' DISTINCT '"],
    // no statement: the official evaluator stops with an IndexError
    ['', null],
    ['  \n ', null],
    ['-- nothing', '-- nothing'],
    [';', ';'],
  ];
  for (const [input, official] of cases) {
    it(JSON.stringify(input), () => expect(removeDistinct(input)).toBe(official));
  }
});

describe('the texts each spider rule runs', () => {
  it('applies postprocess to both sides, inside literals too, and " value " only to the prediction', () => {
    expect(spiderText("SELECT a FROM t WHERE b > = 1 AND c ! = 'x < = y'", 'prediction', false)?.sql).toBe("SELECT a FROM t WHERE b >= 1 AND c != 'x <= y'");
    expect(spiderText("SELECT value FROM t WHERE a = ' value '", 'prediction', false)?.sql).toBe("SELECT 1 FROM t WHERE a = ' 1 '");
    expect(spiderText("SELECT value FROM t WHERE a = ' value '", 'gold', false)?.sql).toBe("SELECT value FROM t WHERE a = ' value '");
  });

  it('replaces YEAR(CURDATE()) by 2020', () => {
    expect(spiderText('SELECT name FROM t WHERE year = YEAR( CURDATE() )', 'prediction', true)?.sql).toBe('SELECT name FROM t WHERE year = 2020');
  });

  it('keeps DISTINCT and every statement with keep_distinct', () => {
    expect(labelText('spider-keep-distinct', 'SELECT DISTINCT a FROM t; SELECT b FROM t', 'prediction')?.sql).toBe('SELECT DISTINCT a FROM t; SELECT b FROM t');
    expect(labelText('spider-keep-distinct', '', 'prediction')?.sql).toBe('');
    expect(labelText('spider', '', 'prediction')).toBeNull();
  });

  it('runs the text itself under bird', () => {
    expect(labelText('bird', 'SELECT DISTINCT a FROM t WHERE b > = 1 ORDER BY a', 'gold')).toEqual({
      sql: 'SELECT DISTINCT a FROM t WHERE b > = 1 ORDER BY a',
      ordered: false,
    });
  });
});

describe("row order matters when the gold's text says 'order by'", () => {
  const cases: [string, boolean][] = [
    ['SELECT name FROM singer ORDER BY age', true],
    ['select name from singer order by age', true],
    ['SELECT DISTINCT name FROM singer ORDER BY name', true],
    // a substring test: a subquery's, a window's, a literal's or a comment's counts
    ['SELECT count(*) FROM (SELECT name FROM singer ORDER BY age LIMIT 3)', true],
    ['SELECT rank() OVER (ORDER BY age) FROM singer', true],
    ["SELECT name FROM singer WHERE note = 'order by'", true],
    ["SELECT name FROM singer WHERE x = 'border by'", true],
    ['SELECT name FROM singer -- order by age\n', true],
    // and only the exact spelling with one space
    ['SELECT name FROM singer ORDER  BY age', false],
    ['SELECT name FROM singer ORDER\nBY age', false],
    ['SELECT a FROM t ORDER /* c */ BY a', false],
    // read after DISTINCT removal, which keeps the first statement only
    ['SELECT a FROM t; SELECT b FROM t ORDER BY b', false],
  ];
  for (const [gold, official] of cases) {
    it(JSON.stringify(gold), () => expect(labelText('spider', gold, 'gold')?.ordered).toBe(official));
  }

  it('reads the whole text with keep_distinct', () => {
    expect(labelText('spider-keep-distinct', 'SELECT a FROM t; SELECT b FROM t ORDER BY b', 'gold')?.ordered).toBe(true);
  });
});
