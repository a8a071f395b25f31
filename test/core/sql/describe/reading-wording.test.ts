/**
 * The wording of a query's reading, pinned construct by construct: what a
 * person sees beside an answer in Ask and in `confide ask`. Each case names
 * the construct it pins; a change of wording is a change a person sees.
 */
import { describe, expect, it } from 'vitest';
import { describeSql } from '../../../../src/core/sql/describe/index.ts';

const CASES: [construct: string, sql: string, reading: string][] = [
  [
    'folded arithmetic, shown with what was written',
    'SELECT count(*) FROM Track WHERE Milliseconds > 5 * 60',
    'counts rows of Track whose Milliseconds is greater than 300 (written 5 * 60)',
  ],
  [
    'a filter with its values as written',
    "SELECT title, price FROM books WHERE genre = 'Poetry' AND price < 15",
    "lists title and price of books whose genre is 'Poetry' and price is less than 15",
  ],
  ['DISTINCT', 'SELECT DISTINCT genre FROM books', 'lists the distinct genre of books'],
  ['every column', 'SELECT * FROM stores', 'lists every column of stores'],
  [
    'a join: aliases read as their tables',
    "SELECT b.title FROM books AS b JOIN authors AS a ON b.author_id = a.author_id WHERE a.country = 'Norway'",
    "lists books.title of books joined with authors (books.author_id equals authors.author_id) where authors.country is 'Norway'",
  ],
  [
    'a self-join keeps its aliases; LEFT JOIN keeps rows with no match',
    'SELECT s.first_name, m.first_name FROM staff AS s LEFT JOIN staff AS m ON s.manager_id = m.staff_id',
    'lists s.first_name and m.first_name of staff (as s) joined with staff (as m) (s.manager_id equals m.staff_id; rows with no match kept)',
  ],
  ['a comma join', 'SELECT a, b FROM t, u WHERE t.x = u.y', 'lists a and b of t paired with every row of u where t.x equals u.y'],
  [
    'GROUP BY and HAVING',
    'SELECT genre, avg(price) FROM books GROUP BY genre HAVING count(*) > 40',
    'for each genre, gives genre and the average price of books, keeping groups where the number of rows is greater than 40',
  ],
  [
    'aggregates',
    'SELECT count(DISTINCT customer_id), count(email), sum(total), max(price), min(price) FROM orders',
    'gives the number of distinct customer_id, the number of non-NULL email, the sum of total, the highest price and the lowest price of orders',
  ],
  [
    'ORDER BY one key with LIMIT: what it picks',
    'SELECT title FROM books ORDER BY price DESC LIMIT 3',
    'lists title of books, keeping the 3 rows with the highest price',
  ],
  [
    'ORDER BY with LIMIT 1 on groups',
    "SELECT strftime('%m', order_date) AS month, count(*) AS n FROM orders GROUP BY month ORDER BY n DESC LIMIT 1",
    "for each month, gives strftime('%m', order_date) (as month) and the number of rows (as n) of orders, keeping only the group with the highest n",
  ],
  [
    'ORDER BY several keys, LIMIT and OFFSET',
    'SELECT title FROM books ORDER BY price DESC, title LIMIT 10 OFFSET 20',
    'lists title of books, sorted by price (descending), then title (ascending), after skipping 20 rows, keeping the first 10 rows',
  ],
  ['LIMIT offset, count', 'SELECT title FROM books LIMIT 5, 10', 'lists title of books, after skipping 5 rows, keeping the first 10 rows'],
  [
    'IN a list, OR, IS NULL',
    "SELECT name FROM customers WHERE town IN ('Oslo', 'Bergen') OR email IS NULL",
    "lists name of customers whose town is one of ('Oslo', 'Bergen') or email is NULL",
  ],
  [
    'OR inside AND keeps its parentheses; NOT',
    'SELECT name FROM c WHERE a = 1 AND NOT (b = 2 OR c <> 3)',
    'lists name of c whose a is 1 and not (b is 2 or c is not 3)',
  ],
  [
    'LIKE patterns by what they match',
    "SELECT title FROM books WHERE title LIKE '%River%' AND title NOT LIKE 'The%' AND isbn LIKE '978_%'",
    "lists title of books whose title contains 'River' in any letter case and title does not start with 'The' in any letter case and isbn matches the pattern '978_%' (LIKE, any letter case)",
  ],
  [
    'a LIKE pattern without letters',
    "SELECT count(*) FROM orders WHERE order_date LIKE '2023-03-%'",
    "counts rows of orders whose order_date starts with '2023-03-'",
  ],
  ['GLOB', "SELECT name FROM t WHERE name GLOB 'A*'", "lists name of t whose name matches the pattern 'A*' (GLOB, letter case counts)"],
  ['BETWEEN is inclusive', 'SELECT title FROM books WHERE price BETWEEN 10 AND 20', 'lists title of books whose price is between 10 and 20 (inclusive)'],
  [
    'NOT IN a subquery',
    'SELECT title FROM books WHERE book_id NOT IN (SELECT book_id FROM order_items)',
    'lists title of books whose book_id is not among (the book_id values of order_items)',
  ],
  [
    'NOT EXISTS, correlated',
    'SELECT name FROM customers AS c WHERE NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id)',
    'lists name of customers where there is no row of orders whose customer_id equals customers.customer_id',
  ],
  [
    'a scalar subquery',
    'SELECT title FROM books WHERE price > (SELECT avg(price) FROM books)',
    'lists title of books whose price is greater than (the average price of books)',
  ],
  [
    'a subquery with ORDER BY and LIMIT 1',
    'SELECT count(*) FROM cars WHERE accelerate > (SELECT accelerate FROM cars ORDER BY horsepower DESC LIMIT 1)',
    'counts rows of cars whose accelerate is greater than (the accelerate values of cars with the highest horsepower)',
  ],
  [
    'INTERSECT',
    'SELECT town FROM stores INTERSECT SELECT town FROM customers',
    'lists town of stores, keeping only those also among the town values of customers',
  ],
  ['EXCEPT', 'SELECT town FROM customers EXCEPT SELECT town FROM stores', 'lists town of customers, except those among the town values of stores'],
  [
    'UNION',
    "SELECT first_name FROM staff UNION SELECT first_name FROM customers WHERE tier = 'gold'",
    "lists first_name of staff, together with the first_name values of customers whose tier is 'gold' (duplicates removed)",
  ],
  [
    'UNION ALL with ORDER BY over the whole',
    'SELECT town FROM stores UNION ALL SELECT town FROM customers ORDER BY town',
    'lists town of stores, together with the town values of customers (duplicates kept), sorted by town (ascending)',
  ],
  [
    'WITH',
    'WITH totals AS (SELECT store_id, sum(total) AS revenue FROM orders GROUP BY store_id) SELECT max(revenue) FROM totals',
    'using totals as (store_id and the sum of total (as revenue) for each store_id of orders): gives the highest revenue of totals',
  ],
  [
    'a subquery in FROM',
    'SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY customer_id) AS per_customer',
    'gives the average n of per_customer (the number of rows (as n) for each customer_id of orders)',
  ],
  ['no FROM', 'SELECT 1 + 1', 'gives 2 (written 1 + 1)'],
  ['integer division folded as SQLite does', 'SELECT name FROM t WHERE minutes > 7 / 2', 'lists name of t whose minutes is greater than 3 (written 7 / 2)'],
  ['a string in double quotes, as written', 'SELECT name FROM country WHERE continent = "Europe"', 'lists name of country whose continent is "Europe"'],
  [
    'CASE and CAST',
    "SELECT CASE WHEN price > 20 THEN 'dear' ELSE 'cheap' END, CAST(price AS INTEGER) FROM books",
    "lists ('dear' when price is greater than 20, otherwise 'cheap') and price as INTEGER of books",
  ],
  ['a function as written', "SELECT name FROM t WHERE lower(name) = 'anna'", "lists name of t whose lower(name) is 'anna'"],
];

describe('reading a query in words', () => {
  for (const [construct, sql, reading] of CASES) {
    it(construct, () => {
      expect(describeSql(sql)).toEqual({ ok: true, text: reading });
    });
  }

  it('says why there is no reading, as data with a code, for SQL no dialect parses, a query past the limits of the parser, and statements that are not queries', () => {
    const unparsed = describeSql('SELEC name FROM t');
    expect(unparsed.ok).toBe(false);
    if (!unparsed.ok) expect(unparsed.error.code).toBe('SQL_UNPARSED');
    const long = describeSql(`SELECT name FROM t WHERE id IN (${Array.from({ length: 2000 }, (_, i) => i).join(', ')})`);
    expect(long.ok ? null : long.error.code).toBe('TOO_LONG');
    const insert = describeSql('INSERT INTO t VALUES (1)');
    expect(insert).toEqual({ ok: false, error: { code: 'NOT_A_QUERY', message: 'Only SELECT queries are read in words; this is INSERT.' } });
  });
});
