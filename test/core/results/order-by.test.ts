import { describe, expect, it } from 'vitest';
import { hasOrderBy } from '../../../src/core/results/order-by.ts';

describe('hasOrderBy (top-level ORDER BY decides whether row order matters)', () => {
  it('finds a top-level ORDER BY in any case and spacing', () => {
    expect(hasOrderBy('SELECT name FROM singer ORDER BY age DESC')).toBe(true);
    expect(hasOrderBy('select name from singer order\n\tby age')).toBe(true);
    expect(hasOrderBy('SELECT a FROM t ORDER /* why */ BY a')).toBe(true);
    expect(hasOrderBy('SELECT a FROM t ORDER -- note\n BY a')).toBe(true);
  });

  it('finds the ORDER BY that closes a compound query', () => {
    expect(hasOrderBy('SELECT a FROM t UNION SELECT a FROM u ORDER BY a')).toBe(true);
  });

  it('finds it after a subquery closes', () => {
    expect(hasOrderBy('SELECT a FROM (SELECT a FROM t) ORDER BY a')).toBe(true);
  });

  it('ignores ORDER BY inside subqueries, CTEs, windows and aggregates', () => {
    expect(hasOrderBy('SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3)')).toBe(false);
    expect(hasOrderBy('WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c')).toBe(false);
    expect(hasOrderBy('SELECT rank() OVER (ORDER BY a) FROM t')).toBe(false);
    expect(hasOrderBy('SELECT a FROM t WHERE a IN (SELECT b FROM u ORDER BY b)')).toBe(false);
  });

  it('ignores ORDER BY in literals, quoted identifiers and comments', () => {
    expect(hasOrderBy("SELECT 'order by' FROM t")).toBe(false);
    expect(hasOrderBy("SELECT 'it''s order by' FROM t")).toBe(false);
    expect(hasOrderBy('SELECT "order by" FROM t')).toBe(false);
    expect(hasOrderBy('SELECT [order by] FROM t')).toBe(false);
    expect(hasOrderBy('SELECT a FROM t -- ORDER BY a')).toBe(false);
    expect(hasOrderBy('SELECT a FROM t /* ORDER BY a */')).toBe(false);
  });

  it('does not take words that merely contain the keywords', () => {
    expect(hasOrderBy('SELECT reorder by_x FROM t')).toBe(false);
    expect(hasOrderBy('SELECT "order" by FROM t')).toBe(false);
    expect(hasOrderBy('SELECT a FROM orders')).toBe(false);
  });

  it('does not pair ORDER with BY across punctuation', () => {
    expect(hasOrderBy('SELECT t.order, by FROM t')).toBe(false);
  });
});
