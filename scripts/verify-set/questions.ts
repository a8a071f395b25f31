/**
 * The verify-mode set: questions a person asks of the set's databases
 * (databases.ts), each with 4–6 queries pasted the way chat assistants write
 * them, right ones and the usual mistakes (wrong-case literals, NOT IN over a
 * column holding NULL, integer division, filters that filter nothing, LIMIT
 * without ORDER BY or cutting a tie, joins that repeat rows, HAVING without
 * GROUP BY, ids instead of names), and float-noise or rounded variants of
 * right answers. Each query is labelled by hand as a person judges it, the
 * judgement's reason beside the label; `gold` is one right query, for
 * reference (labels are not derived from it). For measuring only: nothing
 * is ever trained or fitted on this set.
 */

export interface SetCandidate {
  readonly sql: string;
  readonly correct: boolean;
  readonly why: string;
}

export interface SetQuestion {
  readonly id: string;
  readonly db: 'shop' | 'music' | 'staff';
  readonly question: string;
  readonly gold: string;
  readonly candidates: readonly SetCandidate[];
}

const ok = (sql: string, why: string): SetCandidate => ({ sql, correct: true, why });
const no = (sql: string, why: string): SetCandidate => ({ sql, correct: false, why });

export const SET_QUESTIONS: readonly SetQuestion[] = [
  // shop
  {
    id: 'shop_01',
    db: 'shop',
    question: 'How many active customers are there?',
    gold: "SELECT count(*) FROM customers WHERE lower(trim(status)) = 'active'",
    candidates: [
      no("SELECT COUNT(*) FROM customers WHERE status = 'active';", "wrong case: the column holds 'Active' (and 'active ' with a space), so the count is 0"),
      no("SELECT COUNT(*) AS active_customers\nFROM customers\nWHERE status = 'Active';", "misses the 8 customers written 'active ' with a trailing space"),
      ok("SELECT COUNT(*) FROM customers WHERE LOWER(TRIM(status)) = 'active';", 'counts every spelling of active'),
      ok("SELECT count(*) FROM customers WHERE status LIKE 'active%'", 'LIKE ignores case and the trailing space'),
      ok("SELECT COUNT(*) FROM customers WHERE status IN ('Active', 'active ');", 'names both spellings'),
    ],
  },
  {
    id: 'shop_02',
    db: 'shop',
    question: 'How many customers live in Boston?',
    gold: "SELECT count(*) FROM customers WHERE trim(city) = 'Boston'",
    candidates: [
      no("SELECT COUNT(*) FROM customers WHERE city = 'Boston';", "misses the customers whose city is 'Boston ' with a trailing space"),
      ok("SELECT COUNT(*) FROM customers WHERE TRIM(city) = 'Boston';", 'trims the padded values'),
      ok("SELECT COUNT(*) FROM customers WHERE city LIKE 'boston%';", 'LIKE ignores case and the padding'),
      no("SELECT COUNT(*) FROM customers WHERE city = 'boston';", "wrong case: no city is written 'boston'; the count is 0"),
      no('SELECT city, COUNT(*) FROM customers GROUP BY city;', 'a count per city, with Boston split in two rows: not the number asked'),
    ],
  },
  {
    id: 'shop_03',
    db: 'shop',
    question: 'Which customers have never placed an order?',
    gold: 'SELECT "full name" FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders)',
    candidates: [
      ok(
        'SELECT "full name" FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders);',
        'orders.customer_id has no NULL, so NOT IN is safe here',
      ),
      ok('SELECT c."full name"\nFROM customers c\nLEFT JOIN orders o ON o.customer_id = c.customer_id\nWHERE o.order_id IS NULL;', 'anti-join'),
      no(
        'SELECT customer_id FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders);',
        'ids only: the question asks which customers, a person wants their names',
      ),
      no('SELECT DISTINCT c."full name" FROM customers c JOIN orders o ON c.customer_id = o.customer_id;', 'the customers who did order'),
      ok(
        'SELECT "full name", email FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id);',
        'names plus emails, an explanatory column',
      ),
    ],
  },
  {
    id: 'shop_04',
    db: 'shop',
    question: 'Which customers have not referred anyone?',
    gold: 'SELECT "full name" FROM customers WHERE customer_id NOT IN (SELECT referred_by FROM customers WHERE referred_by IS NOT NULL)',
    candidates: [
      no(
        'SELECT "full name" FROM customers WHERE customer_id NOT IN (SELECT referred_by FROM customers);',
        'referred_by holds NULLs, so NOT IN is never true and nothing comes back',
      ),
      ok(
        'SELECT "full name" FROM customers WHERE customer_id NOT IN (SELECT referred_by FROM customers WHERE referred_by IS NOT NULL);',
        'filters the NULLs out of the subquery',
      ),
      ok(
        'SELECT c."full name" FROM customers c WHERE NOT EXISTS (SELECT 1 FROM customers r WHERE r.referred_by = c.customer_id);',
        'NOT EXISTS is safe with NULLs',
      ),
      no('SELECT "full name" FROM customers WHERE referred_by IS NULL;', 'customers nobody referred: another question'),
      ok('SELECT c."full name"\nFROM customers c\nLEFT JOIN customers r ON r.referred_by = c.customer_id\nWHERE r.customer_id IS NULL;', 'anti-join'),
    ],
  },
  {
    id: 'shop_05',
    db: 'shop',
    question: 'What is the average number of items per order?',
    gold: 'SELECT avg(n) FROM (SELECT sum(quantity) AS n FROM "order items" GROUP BY order_id)',
    candidates: [
      no('SELECT SUM(quantity) / COUNT(DISTINCT order_id) FROM "order items";', 'integer division drops the fraction'),
      ok('SELECT SUM(quantity) * 1.0 / COUNT(DISTINCT order_id) AS avg_items FROM "order items";', 'the same average, up to float noise'),
      ok('SELECT AVG(n) FROM (SELECT SUM(quantity) AS n FROM "order items" GROUP BY order_id);', 'average of per-order totals'),
      ok('SELECT ROUND(AVG(n), 2) FROM (SELECT SUM(quantity) AS n FROM "order items" GROUP BY order_id) t;', 'rounded to 2 decimals'),
      no('SELECT AVG(quantity) FROM "order items";', 'average per line, not per order'),
    ],
  },
  {
    id: 'shop_06',
    db: 'shop',
    question: 'How many orders were placed in 2024?',
    gold: "SELECT count(*) FROM orders WHERE order_date LIKE '2024%'",
    candidates: [
      ok("SELECT COUNT(*) FROM orders WHERE strftime('%Y', order_date) = '2024';", 'year of a text date'),
      ok("SELECT COUNT(*) FROM orders WHERE order_date BETWEEN '2024-01-01' AND '2024-12-31';", 'dates stored as YYYY-MM-DD compare as text'),
      no('SELECT COUNT(*) FROM orders WHERE order_date = 2024;', 'compares a text date with a number: 0'),
      no('SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = 2024;', 'SQLite has no YEAR(): fails to run'),
      ok("SELECT count(*) FROM orders WHERE order_date LIKE '2024-%'", 'prefix match on the year'),
    ],
  },
  {
    id: 'shop_07',
    db: 'shop',
    question: 'What is the total revenue of shipped orders?',
    gold: "SELECT sum(total) FROM orders WHERE status = 'Shipped'",
    candidates: [
      no("SELECT SUM(total) FROM orders WHERE status = 'shipped';", "wrong case: the status is 'Shipped'; the sum is NULL"),
      ok("SELECT SUM(total) AS revenue FROM orders WHERE status = 'Shipped';", 'sum of shipped orders'),
      ok("SELECT ROUND(SUM(total), 2) FROM orders WHERE status = 'Shipped';", 'rounded to cents'),
      no('SELECT SUM(total) FROM orders;', 'every order, shipped or not'),
      ok(
        'SELECT SUM(oi.quantity * oi.unit_price) FROM "order items" oi JOIN orders o ON o.order_id = oi.order_id WHERE o.status = \'Shipped\';',
        'recomputed from the lines; equal up to float noise',
      ),
    ],
  },
  {
    id: 'shop_08',
    db: 'shop',
    question: 'Which product is the most expensive?',
    gold: 'SELECT name FROM products ORDER BY price DESC LIMIT 1',
    candidates: [
      ok('SELECT name FROM products ORDER BY price DESC LIMIT 1;', 'no tie at the top'),
      no('SELECT name FROM products LIMIT 1;', 'LIMIT without ORDER BY: the first product, not the priciest'),
      ok('SELECT name, MAX(price) FROM products;', 'name with its price'),
      no('SELECT name FROM products ORDER BY price LIMIT 1;', 'the cheapest'),
      ok('SELECT name FROM products WHERE price = (SELECT MAX(price) FROM products);', 'every product at the top price'),
    ],
  },
  {
    id: 'shop_09',
    db: 'shop',
    question: 'How many products are in each category?',
    gold: 'SELECT category, count(*) FROM products GROUP BY category',
    candidates: [
      ok('SELECT category, COUNT(*) AS n FROM products GROUP BY category;', 'one count per category'),
      no('SELECT COUNT(*) FROM products;', 'one total, not per category'),
      ok('SELECT category, COUNT(DISTINCT product_id) FROM products GROUP BY category ORDER BY category;', 'the same counts'),
      no(
        'SELECT category, COUNT(*) FROM products WHERE discontinued = 0 GROUP BY category;',
        'leaves discontinued products out, which the question did not ask',
      ),
    ],
  },
  {
    id: 'shop_10',
    db: 'shop',
    question: 'How many customers spent more than 500 in total?',
    gold: 'SELECT count(*) FROM customer_totals WHERE spent > 500',
    candidates: [
      ok('SELECT COUNT(*) FROM customer_totals WHERE spent > 500;', 'the view sums per customer'),
      no('SELECT COUNT(*) FROM orders HAVING SUM(total) > 500;', 'HAVING without GROUP BY: one row for the whole table, the count of all orders'),
      ok('SELECT COUNT(*) FROM (SELECT customer_id FROM orders GROUP BY customer_id HAVING SUM(total) > 500);', 'grouped per customer'),
      no('SELECT COUNT(*) FROM orders WHERE total > 500;', 'orders above 500, not customers'),
      ok('SELECT COUNT(customer_id) FROM customer_totals WHERE spent > 500.0;', 'the same count'),
    ],
  },
  {
    id: 'shop_11',
    db: 'shop',
    question: 'Which customer placed the most orders?',
    gold: 'SELECT c."full name" FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.customer_id ORDER BY count(*) DESC LIMIT 1',
    candidates: [
      ok(
        'SELECT c."full name", COUNT(*) AS orders\nFROM customers c JOIN orders o ON o.customer_id = c.customer_id\nGROUP BY c.customer_id\nORDER BY orders DESC\nLIMIT 1;',
        'grouped by the key, no tie at the top',
      ),
      no('SELECT customer_id FROM orders GROUP BY customer_id LIMIT 1;', 'LIMIT without ORDER BY'),
      no('SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id ORDER BY 2 DESC LIMIT 1;', 'an id, not the customer'),
      ok(
        'SELECT "full name" FROM customers WHERE customer_id = (SELECT customer_id FROM orders GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 1);',
        'the same customer',
      ),
    ],
  },
  {
    id: 'shop_12',
    db: 'shop',
    question: 'What percentage of orders were cancelled?',
    gold: "SELECT 100.0 * sum(status = 'Cancelled') / count(*) FROM orders",
    candidates: [
      no("SELECT 100 * SUM(status = 'Cancelled') / COUNT(*) FROM orders;", 'integer division: 19 instead of 19.17'),
      ok("SELECT 100.0 * SUM(CASE WHEN status = 'Cancelled' THEN 1 ELSE 0 END) / COUNT(*) AS pct FROM orders;", 'a percentage'),
      ok("SELECT ROUND(100.0 * SUM(status = 'Cancelled') / COUNT(*), 1) FROM orders;", 'rounded to 1 decimal'),
      no("SELECT COUNT(*) * 100.0 / (SELECT COUNT(*) FROM orders) FROM orders WHERE status = 'cancelled';", 'wrong case: 0%'),
      no("SELECT SUM(status = 'Cancelled') * 1.0 / COUNT(*) FROM orders;", 'a fraction (0.19), not a percentage'),
    ],
  },
  {
    id: 'shop_13',
    db: 'shop',
    question: 'List the names of products that were never ordered.',
    gold: 'SELECT name FROM products WHERE product_id NOT IN (SELECT product_id FROM "order items")',
    candidates: [
      ok('SELECT name FROM products WHERE product_id NOT IN (SELECT product_id FROM "order items");', 'no NULL in the subquery column'),
      ok('SELECT p.name FROM products p LEFT JOIN "order items" oi ON oi.product_id = p.product_id WHERE oi.order_id IS NULL;', 'anti-join'),
      no('SELECT p.name FROM products p LEFT JOIN "order items" oi ON oi.product_id = p.product_id;', 'every product, repeated per order line'),
      no('SELECT product_id FROM products EXCEPT SELECT product_id FROM "order items";', 'ids, not names'),
    ],
  },
  {
    id: 'shop_14',
    db: 'shop',
    question: 'What is the email of the customer named Ann Berg?',
    gold: 'SELECT email FROM customers WHERE "full name" = \'Ann Berg\'',
    candidates: [
      ok('SELECT email FROM customers WHERE "full name" = \'Ann Berg\';', 'two customers have this name; both emails'),
      no('SELECT email FROM customers WHERE "full name" = \'Ann Berg\' LIMIT 1;', 'drops one of the two Ann Bergs'),
      no('SELECT email FROM customers WHERE "full name" = \'ann berg\';', 'wrong case: nothing'),
      no('SELECT email FROM customers WHERE "full name" LIKE \'%Berg\';', 'every Berg, not only Ann'),
      ok('SELECT customer_id, email FROM customers WHERE "full name" LIKE \'Ann Berg\';', 'ids beside the emails'),
    ],
  },
  {
    id: 'shop_15',
    db: 'shop',
    question: 'Which city has the most customers?',
    gold: 'SELECT trim(lower(city)) FROM customers GROUP BY trim(lower(city)) ORDER BY count(*) DESC LIMIT 1',
    candidates: [
      no('SELECT city FROM customers GROUP BY city ORDER BY COUNT(*) DESC LIMIT 1;', "Chicago: Boston is split by a padded 'Boston ', New York by 'new york'"),
      ok(
        'SELECT LOWER(TRIM(city)) AS city, COUNT(*) FROM customers GROUP BY LOWER(TRIM(city)) ORDER BY 2 DESC LIMIT 1;',
        'Boston, once its spellings are merged',
      ),
      no('SELECT city, COUNT(*) FROM customers GROUP BY city;', 'every city, not the top one'),
      no('SELECT city FROM customers LIMIT 1;', 'LIMIT without ORDER BY'),
    ],
  },
  {
    id: 'shop_16',
    db: 'shop',
    question: 'How many orders contain more than 5 items in total?',
    gold: 'SELECT count(*) FROM (SELECT order_id FROM "order items" GROUP BY order_id HAVING sum(quantity) > 5)',
    candidates: [
      ok('SELECT COUNT(*) FROM (SELECT order_id FROM "order items" GROUP BY order_id HAVING SUM(quantity) > 5);', 'per-order totals'),
      no('SELECT COUNT(*) FROM "order items" WHERE quantity > 5;', 'no single line has more than 4, so 0: per line, not per order'),
      no('SELECT COUNT(*) FROM "order items" HAVING SUM(quantity) > 5;', 'HAVING without GROUP BY: counts every line'),
      ok(
        'SELECT COUNT(*) AS orders FROM (SELECT order_id, SUM(quantity) AS items FROM "order items" GROUP BY order_id) t WHERE items > 5;',
        'the same, filtered outside',
      ),
    ],
  },
  // music
  {
    id: 'music_01',
    db: 'music',
    question: 'How many premium users are there?',
    gold: "SELECT count(*) FROM users WHERE lower(plan) = 'premium'",
    candidates: [
      no("SELECT COUNT(*) FROM users WHERE plan = 'Premium';", "misses the 7 users whose plan is written 'premium'"),
      no("SELECT COUNT(*) FROM users WHERE plan = 'PREMIUM';", 'wrong case: 0'),
      ok("SELECT COUNT(*) FROM users WHERE LOWER(plan) = 'premium';", 'both spellings'),
      ok("SELECT COUNT(*) FROM users WHERE plan LIKE 'premium';", 'LIKE ignores case'),
      ok("SELECT count(user_id) AS premium_users FROM users WHERE UPPER(plan) = 'PREMIUM'", 'both spellings'),
    ],
  },
  {
    id: 'music_02',
    db: 'music',
    question: 'How many tracks are longer than 5 minutes?',
    gold: 'SELECT count(*) FROM tracks WHERE duration_ms > 300000',
    candidates: [
      ok('SELECT COUNT(*) FROM tracks WHERE duration_ms > 300000;', '5 minutes in ms'),
      no('SELECT COUNT(*) FROM tracks WHERE duration_ms > 5 * 60;', 'compares milliseconds with seconds: every track passes'),
      no('SELECT COUNT(*) FROM tracks WHERE duration_ms / 60000 > 5;', 'integer division drops tracks between 5 and 6 minutes'),
      ok('SELECT COUNT(*) FROM tracks WHERE duration_ms / 60000.0 > 5;', 'real division'),
      ok('SELECT COUNT(*) FROM tracks WHERE duration_ms > 5 * 60 * 1000;', '5 minutes in ms'),
    ],
  },
  {
    id: 'music_03',
    db: 'music',
    question: 'What is the average track length in minutes?',
    gold: 'SELECT avg(duration_ms) / 60000.0 FROM tracks',
    candidates: [
      ok('SELECT AVG(duration_ms) / 60000.0 AS avg_minutes FROM tracks;', 'average in minutes'),
      ok('SELECT AVG(duration_ms / 60000.0) FROM tracks;', 'the same, up to float noise'),
      ok('SELECT ROUND(AVG(duration_ms) / 60000.0, 2) FROM tracks;', 'rounded'),
      no('SELECT AVG(duration_ms / 60000) FROM tracks;', 'integer division per track drops the seconds'),
      no('SELECT SUM(duration_ms) / COUNT(*) / 60000 FROM tracks;', 'integer division: whole minutes only'),
    ],
  },
  {
    id: 'music_04',
    db: 'music',
    question: 'Which tracks have never been played?',
    gold: 'SELECT title FROM tracks WHERE track_id NOT IN (SELECT track_id FROM plays)',
    candidates: [
      ok('SELECT title FROM tracks WHERE track_id NOT IN (SELECT track_id FROM plays);', 'plays.track_id has no NULL'),
      ok('SELECT title FROM track_plays WHERE plays = 0;', 'the view counts plays per track'),
      no('SELECT t.title FROM tracks t LEFT JOIN plays p ON t.track_id = p.track_id;', 'every track, repeated per play'),
      no('SELECT track_id FROM tracks WHERE track_id NOT IN (SELECT DISTINCT track_id FROM plays);', 'ids, not titles'),
      ok('SELECT t.title FROM tracks t WHERE NOT EXISTS (SELECT 1 FROM plays p WHERE p.track_id = t.track_id);', 'NOT EXISTS'),
    ],
  },
  {
    id: 'music_05',
    db: 'music',
    question: 'How many plays did each genre get?',
    gold: 'SELECT t.genre, count(*) FROM plays p JOIN tracks t ON t.track_id = p.track_id GROUP BY t.genre',
    candidates: [
      ok('SELECT t.genre, COUNT(*) AS plays FROM plays p JOIN tracks t ON t.track_id = p.track_id GROUP BY t.genre;', 'plays per genre'),
      no('SELECT t.genre, COUNT(DISTINCT p.track_id) FROM plays p JOIN tracks t ON t.track_id = p.track_id GROUP BY t.genre;', 'tracks played, not plays'),
      no('SELECT genre, COUNT(*) FROM tracks GROUP BY genre;', 'tracks per genre'),
      ok(
        'SELECT t.genre, SUM(tp.plays) FROM track_plays tp JOIN tracks t ON t.track_id = tp.track_id GROUP BY t.genre HAVING SUM(tp.plays) > 0;',
        'sums the view per genre',
      ),
    ],
  },
  {
    id: 'music_06',
    db: 'music',
    question: 'Which genre has the most tracks?',
    gold: 'SELECT genre FROM tracks GROUP BY genre ORDER BY count(*) DESC LIMIT 1',
    candidates: [
      ok('SELECT genre FROM tracks GROUP BY genre ORDER BY COUNT(*) DESC LIMIT 1;', 'Rock, no tie'),
      ok('SELECT genre, COUNT(*) AS n FROM tracks GROUP BY genre ORDER BY n DESC LIMIT 1;', 'with its count'),
      no('SELECT genre FROM tracks LIMIT 1;', 'LIMIT without ORDER BY'),
      no('SELECT genre, COUNT(*) FROM tracks GROUP BY genre ORDER BY COUNT(*) LIMIT 1;', 'the fewest'),
    ],
  },
  {
    id: 'music_07',
    db: 'music',
    question: 'How many artists have no known country?',
    gold: 'SELECT count(*) FROM artists WHERE country IS NULL',
    candidates: [
      no('SELECT COUNT(*) FROM artists WHERE country = NULL;', '= NULL is never true: 0'),
      ok('SELECT COUNT(*) FROM artists WHERE country IS NULL;', 'IS NULL'),
      no("SELECT COUNT(*) FROM artists WHERE country = '';", 'no country is an empty string: 0'),
      ok('SELECT COUNT(*) - COUNT(country) FROM artists;', 'all minus the known ones'),
    ],
  },
  {
    id: 'music_08',
    db: 'music',
    question: 'How many plays were there in March 2024?',
    gold: "SELECT count(*) FROM plays WHERE played_at LIKE '2024-03%'",
    candidates: [
      ok("SELECT COUNT(*) FROM plays WHERE played_at LIKE '2024-03%';", 'prefix of a text timestamp'),
      ok("SELECT COUNT(*) FROM plays WHERE strftime('%Y-%m', played_at) = '2024-03';", 'year and month'),
      no("SELECT COUNT(*) FROM plays WHERE strftime('%m', played_at) = 3;", 'strftime gives text; compared with a number: 0'),
      no("SELECT COUNT(*) FROM plays WHERE played_at = '2024-03';", 'equality with a month: 0'),
      ok("SELECT count(*) FROM plays WHERE played_at >= '2024-03-01' AND played_at < '2024-04-01'", 'a half-open range'),
    ],
  },
  {
    id: 'music_09',
    db: 'music',
    question: 'What are the names of artists from Sweden?',
    gold: "SELECT name FROM artists WHERE country = 'SE'",
    candidates: [
      no("SELECT name FROM artists WHERE country = 'Sweden';", "the column holds codes ('SE'): nothing"),
      ok("SELECT name FROM artists WHERE country = 'SE';", 'the code'),
      no("SELECT name FROM artists WHERE country = 'se';", 'wrong case: nothing'),
      ok("SELECT name, country FROM artists WHERE UPPER(country) = 'SE';", 'with the code beside'),
    ],
  },
  {
    id: 'music_10',
    db: 'music',
    question: 'How many tracks does each artist have?',
    gold: 'SELECT a.name, count(*) FROM artists a JOIN tracks t ON t.artist_id = a.artist_id GROUP BY a.artist_id',
    candidates: [
      ok('SELECT a.name, COUNT(*) FROM artists a JOIN tracks t ON t.artist_id = a.artist_id GROUP BY a.artist_id;', 'per artist key'),
      no(
        'SELECT a.name, COUNT(*) FROM artists a JOIN tracks t ON t.artist_id = a.artist_id GROUP BY a.name;',
        'two artists are called Holm Trio: merged into one row',
      ),
      ok(
        'SELECT a.name, COUNT(t.track_id) AS tracks FROM artists a LEFT JOIN tracks t ON t.artist_id = a.artist_id GROUP BY a.artist_id, a.name;',
        'per artist key',
      ),
      no('SELECT COUNT(*) FROM tracks;', 'one total'),
    ],
  },
  {
    id: 'music_11',
    db: 'music',
    question: 'What is the total listening time in hours?',
    gold: 'SELECT sum(seconds_played) / 3600.0 FROM plays',
    candidates: [
      no('SELECT SUM(seconds_played) / 3600 FROM plays;', 'integer division: whole hours only'),
      ok('SELECT SUM(seconds_played) / 3600.0 AS hours FROM plays;', 'hours'),
      ok('SELECT ROUND(SUM(seconds_played) / 3600.0, 1) FROM plays;', 'rounded'),
      no('SELECT SUM(seconds_played / 3600) FROM plays;', 'every play is under an hour: 0'),
      ok('SELECT SUM(seconds_played) / 60.0 / 60.0 FROM plays;', 'the same, up to float noise'),
    ],
  },
  {
    id: 'music_12',
    db: 'music',
    question: 'Which user played the most tracks?',
    gold: 'SELECT u.username FROM users u JOIN plays p ON p.user_id = u.user_id GROUP BY u.user_id ORDER BY count(*) DESC LIMIT 1',
    candidates: [
      ok('SELECT u.username FROM users u JOIN plays p ON p.user_id = u.user_id GROUP BY u.user_id ORDER BY COUNT(*) DESC LIMIT 1;', 'no tie at the top'),
      no('SELECT user_id, COUNT(*) FROM plays GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1;', 'an id, not the user'),
      no('SELECT u.username FROM users u JOIN plays p ON p.user_id = u.user_id GROUP BY u.user_id LIMIT 1;', 'LIMIT without ORDER BY'),
      ok('SELECT username, (SELECT COUNT(*) FROM plays p WHERE p.user_id = u.user_id) AS n FROM users u ORDER BY n DESC LIMIT 1;', 'with the count'),
    ],
  },
  {
    id: 'music_13',
    db: 'music',
    question: 'How many explicit Rock tracks are there?',
    gold: "SELECT count(*) FROM tracks WHERE explicit = 1 AND genre = 'Rock'",
    candidates: [
      ok("SELECT COUNT(*) FROM tracks WHERE explicit = 1 AND genre = 'Rock';", 'both filters'),
      no("SELECT COUNT(*) FROM tracks WHERE explicit = 1 AND genre = 'rock';", 'wrong case: 0'),
      no("SELECT COUNT(*) FROM tracks WHERE explicit = 1 OR genre = 'Rock';", 'OR counts either'),
      no("SELECT COUNT(*) FROM tracks WHERE explicit = 'true' AND genre = 'Rock';", "explicit is 0/1, never 'true': 0"),
      ok("SELECT COUNT(*) FROM tracks WHERE explicit AND genre LIKE 'rock';", 'both filters'),
    ],
  },
  {
    id: 'music_14',
    db: 'music',
    question: 'What percentage of tracks are explicit?',
    gold: 'SELECT 100.0 * sum(explicit) / count(*) FROM tracks',
    candidates: [
      ok('SELECT 100.0 * SUM(explicit) / COUNT(*) FROM tracks;', 'a percentage'),
      no('SELECT 100 * SUM(explicit) / COUNT(*) FROM tracks;', 'integer division: 18 instead of 18.33'),
      ok('SELECT AVG(explicit) * 100 AS pct_explicit FROM tracks;', 'the same, up to float noise'),
      no('SELECT SUM(explicit) / COUNT(*) FROM tracks;', 'integer division: 0'),
      ok('SELECT ROUND(100.0 * SUM(explicit) / COUNT(*), 2) FROM tracks;', 'rounded'),
    ],
  },
  // staff
  {
    id: 'staff_01',
    db: 'staff',
    question: 'Which employees do not manage anyone?',
    gold: 'SELECT first_name, last_name FROM employees WHERE emp_id NOT IN (SELECT manager_id FROM employees WHERE manager_id IS NOT NULL)',
    candidates: [
      no(
        'SELECT first_name, last_name FROM employees WHERE emp_id NOT IN (SELECT manager_id FROM employees);',
        'manager_id holds a NULL (the top manager), so NOT IN returns nothing',
      ),
      ok(
        'SELECT first_name, last_name FROM employees WHERE emp_id NOT IN (SELECT manager_id FROM employees WHERE manager_id IS NOT NULL);',
        'NULL filtered out',
      ),
      ok('SELECT e.first_name, e.last_name FROM employees e WHERE NOT EXISTS (SELECT 1 FROM employees r WHERE r.manager_id = e.emp_id);', 'NOT EXISTS'),
      no("SELECT first_name, last_name FROM employees WHERE title != 'Manager';", 'by title, not by who reports to whom'),
      ok('SELECT e.first_name, e.last_name FROM employees e LEFT JOIN employees r ON r.manager_id = e.emp_id WHERE r.emp_id IS NULL;', 'anti-join'),
    ],
  },
  {
    id: 'staff_02',
    db: 'staff',
    question: 'How many employees are in the Research and Development department?',
    gold: 'SELECT count(*) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'Research and Development\'',
    candidates: [
      ok('SELECT COUNT(*) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'Research and Development\';', 'by name'),
      no(
        'SELECT COUNT(*) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'Research & Development\';',
        "the name is written with 'and': 0",
      ),
      no('SELECT COUNT(*) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'research and development\';', 'wrong case: 0'),
      ok('SELECT COUNT(*) FROM employees WHERE dept_id = (SELECT dept_id FROM departments WHERE "dept name" LIKE \'Research%\');', 'by a LIKE on the name'),
    ],
  },
  {
    id: 'staff_03',
    db: 'staff',
    question: 'What is the average salary in each department?',
    gold: 'SELECT d."dept name", avg(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id GROUP BY d.dept_id',
    candidates: [
      ok('SELECT d."dept name", AVG(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id GROUP BY d.dept_id;', 'per department'),
      no('SELECT AVG(salary) FROM employees;', 'one overall average'),
      no(
        'SELECT d."dept name", SUM(e.salary) / COUNT(*) FROM employees e JOIN departments d ON d.dept_id = e.dept_id GROUP BY d.dept_id;',
        'integer division drops the fraction',
      ),
      ok('SELECT department, total_salary * 1.0 / headcount AS avg_salary FROM payroll WHERE headcount > 0;', 'from the view, same averages'),
      ok(
        'SELECT d."dept name", ROUND(AVG(e.salary), 2) FROM departments d JOIN employees e USING (dept_id) GROUP BY d."dept name";',
        'rounded; department names are unique',
      ),
    ],
  },
  {
    id: 'staff_04',
    db: 'staff',
    question: 'Which employee has the highest salary?',
    gold: 'SELECT first_name, last_name FROM employees ORDER BY salary DESC LIMIT 1',
    candidates: [
      ok('SELECT first_name, last_name FROM employees ORDER BY salary DESC LIMIT 1;', 'no tie at the top'),
      ok('SELECT first_name, last_name, salary FROM employees WHERE salary = (SELECT MAX(salary) FROM employees);', 'with the salary'),
      no('SELECT first_name, last_name FROM employees LIMIT 1;', 'LIMIT without ORDER BY'),
      no('SELECT emp_id FROM employees ORDER BY salary DESC LIMIT 1;', 'an id, not the employee'),
    ],
  },
  {
    id: 'staff_05',
    db: 'staff',
    question: 'How many employees have no department?',
    gold: 'SELECT count(*) FROM employees WHERE dept_id IS NULL',
    candidates: [
      no('SELECT COUNT(*) FROM employees WHERE dept_id = NULL;', '= NULL is never true: 0'),
      ok('SELECT COUNT(*) FROM employees WHERE dept_id IS NULL;', 'IS NULL'),
      no('SELECT COUNT(*) FROM employees WHERE dept_id NOT IN (SELECT dept_id FROM departments);', 'a NULL dept_id is not NOT IN anything: 0'),
      ok('SELECT COUNT(*) FROM employees e LEFT JOIN departments d ON d.dept_id = e.dept_id WHERE d.dept_id IS NULL;', 'anti-join'),
    ],
  },
  {
    id: 'staff_06',
    db: 'staff',
    question: 'How many employees were hired after 2020?',
    gold: "SELECT count(*) FROM employees WHERE hire_date >= '2021-01-01'",
    candidates: [
      ok("SELECT COUNT(*) FROM employees WHERE hire_date >= '2021-01-01';", 'text dates compare as text'),
      no('SELECT COUNT(*) FROM employees WHERE hire_date > 2020;', 'text is always greater than a number in SQLite: every employee'),
      no("SELECT COUNT(*) FROM employees WHERE hire_date > '2020';", "includes 2020, since '2020-05-01' > '2020'"),
      ok("SELECT COUNT(*) FROM employees WHERE CAST(strftime('%Y', hire_date) AS INTEGER) > 2020;", 'year as a number'),
      ok("SELECT COUNT(*) FROM employees WHERE strftime('%Y', hire_date) > '2020';", 'year as text'),
    ],
  },
  {
    id: 'staff_07',
    db: 'staff',
    question: 'How many reviews with a score of 5 were given in 2023?',
    gold: 'SELECT count(*) FROM reviews WHERE score = 5 AND year = 2023',
    candidates: [
      ok('SELECT COUNT(*) FROM reviews WHERE score = 5 AND year = 2023;', 'both filters'),
      ok("SELECT COUNT(*) FROM reviews WHERE score = 5 AND year = '2023';", 'the integer column converts the text'),
      no('SELECT COUNT(*) FROM reviews WHERE score = 5 OR year = 2023;', 'OR counts either'),
      no('SELECT COUNT(DISTINCT emp_id) FROM reviews WHERE score = 5 AND year = 2023;', 'employees, not reviews'),
    ],
  },
  {
    id: 'staff_08',
    db: 'staff',
    question: 'Which department has the most employees?',
    gold: 'SELECT d."dept name" FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_id HAVING count(*) = (SELECT max(n) FROM (SELECT count(*) AS n FROM employees WHERE dept_id IS NOT NULL GROUP BY dept_id))',
    candidates: [
      no(
        'SELECT d."dept name" FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_id ORDER BY COUNT(*) DESC LIMIT 1;',
        'Sales and Research and Development tie at 12; LIMIT 1 keeps one',
      ),
      ok(
        'SELECT d."dept name" FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_id HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM employees WHERE dept_id IS NOT NULL GROUP BY dept_id));',
        'both tied departments',
      ),
      no(
        'SELECT d."dept name", COUNT(*) FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_id;',
        'every department with its count, not the top',
      ),
      ok('SELECT department FROM payroll WHERE headcount = (SELECT MAX(headcount) FROM payroll);', 'both tied departments, from the view'),
      no('SELECT dept_id FROM employees GROUP BY dept_id ORDER BY COUNT(*) DESC LIMIT 1;', 'an id, and one of a tie'),
    ],
  },
  {
    id: 'staff_09',
    db: 'staff',
    question: 'What is the total salary of the Sales department?',
    gold: 'SELECT sum(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'Sales\'',
    candidates: [
      ok('SELECT SUM(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'Sales\';', 'sum over Sales'),
      ok("SELECT total_salary FROM payroll WHERE department = 'Sales';", 'the view'),
      no(
        'SELECT SUM(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id JOIN reviews r ON r.emp_id = e.emp_id WHERE d."dept name" = \'Sales\';',
        'the join with reviews repeats each salary once per review',
      ),
      no('SELECT SUM(e.salary) FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE d."dept name" = \'sales\';', 'wrong case: NULL'),
      ok('SELECT SUM(salary) AS total FROM employees WHERE dept_id = 1;', 'Sales by its id'),
    ],
  },
  {
    id: 'staff_10',
    db: 'staff',
    question: 'List the employees hired in 2019 with their department names.',
    gold: 'SELECT e.first_name, e.last_name, d."dept name" FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE e.hire_date LIKE \'2019%\'',
    candidates: [
      ok(
        'SELECT e.first_name, e.last_name, d."dept name" FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE e.hire_date LIKE \'2019%\';',
        'names and departments',
      ),
      no("SELECT first_name, last_name FROM employees WHERE hire_date LIKE '2019%';", 'no department names'),
      no(
        'SELECT e.first_name, e.last_name, d."dept name" FROM employees e JOIN departments d ON d.dept_id = e.dept_id WHERE e.hire_date = 2019;',
        'a text date equal to a number: nothing',
      ),
      ok(
        "SELECT e.first_name || ' ' || e.last_name AS employee, d.\"dept name\" FROM employees e LEFT JOIN departments d ON d.dept_id = e.dept_id WHERE strftime('%Y', e.hire_date) = '2019';",
        'full names and departments',
      ),
    ],
  },
  {
    id: 'staff_11',
    db: 'staff',
    question: 'How many employees does each manager have?',
    gold: 'SELECT m.first_name, m.last_name, count(*) FROM employees e JOIN employees m ON m.emp_id = e.manager_id GROUP BY m.emp_id',
    candidates: [
      ok('SELECT m.first_name, m.last_name, COUNT(*) FROM employees e JOIN employees m ON m.emp_id = e.manager_id GROUP BY m.emp_id;', 'per manager'),
      no('SELECT manager_id, COUNT(*) FROM employees GROUP BY manager_id;', 'ids, with a NULL group for the top manager'),
      ok(
        'SELECT m.first_name, COUNT(e.emp_id) AS reports FROM employees m JOIN employees e ON e.manager_id = m.emp_id GROUP BY m.emp_id, m.first_name;',
        'per manager, first names',
      ),
      no('SELECT COUNT(*) FROM employees WHERE manager_id IS NOT NULL;', 'one total'),
    ],
  },
  {
    id: 'staff_12',
    db: 'staff',
    question: 'What is the average review score in 2024?',
    gold: 'SELECT avg(score) FROM reviews WHERE year = 2024',
    candidates: [
      ok('SELECT AVG(score) FROM reviews WHERE year = 2024;', 'average'),
      no('SELECT SUM(score) / COUNT(*) FROM reviews WHERE year = 2024;', 'integer division drops the fraction'),
      ok('SELECT ROUND(AVG(score), 2) FROM reviews WHERE year = 2024;', 'rounded'),
      no('SELECT AVG(score) FROM reviews;', 'every year'),
      ok('SELECT SUM(score) * 1.0 / COUNT(*) AS avg_score FROM reviews WHERE year = 2024;', 'the same, up to float noise'),
    ],
  },
  {
    id: 'staff_13',
    db: 'staff',
    question: 'How many departments are located in Oslo?',
    gold: "SELECT count(*) FROM departments WHERE location = 'Oslo'",
    candidates: [
      ok("SELECT COUNT(*) FROM departments WHERE location = 'Oslo';", 'by location'),
      no("SELECT COUNT(*) FROM departments WHERE location = 'oslo';", 'wrong case: 0'),
      no("SELECT COUNT(*) FROM departments WHERE location != 'Lund';", 'counts the departments not in Lund: 2 here by chance, but not what was asked'),
      ok("SELECT COUNT(*) FROM departments WHERE location LIKE 'OSLO';", 'LIKE ignores case'),
    ],
  },
  {
    id: 'staff_14',
    db: 'staff',
    question: 'What is the name of the top manager, who reports to nobody?',
    gold: 'SELECT first_name, last_name FROM employees WHERE manager_id IS NULL',
    candidates: [
      ok('SELECT first_name, last_name FROM employees WHERE manager_id IS NULL;', 'no manager'),
      no('SELECT first_name, last_name FROM employees WHERE manager_id = NULL;', '= NULL is never true: nothing'),
      no('SELECT first_name, last_name FROM employees WHERE manager_id = 0;', 'no manager_id is 0: nothing'),
      ok("SELECT first_name || ' ' || last_name FROM employees WHERE manager_id IS NULL;", 'the full name'),
    ],
  },
];
