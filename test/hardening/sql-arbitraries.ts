/**
 * fast-check generators of SQL-ish text for fuzzing: raw character soup,
 * token soup, valid seed queries (over the engine test fixture: author,
 * book, review, nums) mutated by character and token edits, nested
 * parentheses cut off mid-way, and long chains, strings and names. Nothing here
 * generates `random()`, `randomblob()` or `RECURSIVE`, so the same string
 * gives the same answer twice and runaway queries stay rare.
 */
import fc from 'fast-check';

/** Valid queries over the fixture schema, in the shapes text-to-SQL models write. */
export const SEED_QUERIES: readonly string[] = [
  'SELECT name FROM author WHERE born > 1960 ORDER BY name',
  'SELECT a.name, count(*) AS n FROM author AS a JOIN book AS b ON b.author_id = a.id GROUP BY a.id HAVING count(*) > 1',
  "SELECT title FROM book WHERE price BETWEEN 5 AND 10 OR title LIKE 'A%'",
  'SELECT T1.title FROM book AS T1 WHERE T1.id IN (SELECT book_id FROM review WHERE stars >= 4)',
  'SELECT count(DISTINCT author_id) FROM book',
  'SELECT name FROM author EXCEPT SELECT a.name FROM author a, book b WHERE a.id = b.author_id',
  'SELECT i FROM nums WHERE i % 7 = 0 INTERSECT SELECT i FROM nums WHERE i < 30',
  'SELECT max(price), min(price), avg(price) FROM book',
  "SELECT CASE WHEN price > 10 THEN 'dear' ELSE 'cheap' END AS band, count(*) FROM book GROUP BY band",
  'SELECT name FROM author WHERE NOT EXISTS (SELECT 1 FROM book WHERE book.author_id = author.id)',
  'WITH top AS (SELECT author_id, sum(price) AS total FROM book GROUP BY author_id) SELECT name, total FROM author JOIN top ON top.author_id = author.id',
  `SELECT "the key", v FROM "odd ""name"" table" WHERE v IS NOT NULL LIMIT 2`,
  'SELECT [title], `price` FROM book ORDER BY price DESC LIMIT 1 OFFSET 1',
  "SELECT name || ' (' || coalesce(born, '?') || ')' FROM author",
  'SELECT b.title, r.stars FROM book b LEFT JOIN review r ON r.book_id = b.id WHERE r.stars IS NULL OR r.stars < 4',
  'SELECT count(*) FROM nums a, nums b WHERE a.i = b.i + 1',
  'SELECT hex(cover), length(cover) FROM book WHERE cover IS NOT NULL',
  'SELECT i, i * i FROM nums WHERE i IN (1, 2, 3, 5, 8, 13)',
  'VALUES (1, 2), (3, 4)',
  "PRAGMA table_info('book')",
];

/** Tokens a model (or a broken model) emits: keywords, names, literals, operators, quotes, comments. */
export const SQL_TOKENS: readonly string[] = [
  ...'SELECT FROM WHERE GROUP BY HAVING ORDER LIMIT OFFSET JOIN LEFT INNER ON AS AND OR NOT IN EXISTS BETWEEN LIKE IS NULL'.split(' '),
  ...'UNION ALL INTERSECT EXCEPT DISTINCT CASE WHEN THEN ELSE END WITH VALUES DESC ASC COUNT SUM AVG MAX MIN CAST'.split(' '),
  ...'DELETE UPDATE INSERT INTO DROP TABLE CREATE PRAGMA ATTACH VACUUM BEGIN EXPLAIN QUERY PLAN SET'.split(' '),
  ...'author book review nums name title price born id author_id book_id stars i T1 T2 a b'.split(' '),
  ...['*', ',', '.', '(', ')', ';', '=', '<>', '!=', '<', '>=', '+', '-', '/', '%', '||', '?', '?1', ':x', '@y', '$z', '$a(x)'],
  ...["'x'", "'it''s'", "'", '"', '`', '[', ']', '"odd ""name"" table"', "x'00ff'", '0', '1', '-1', '3.5', '1e5', '0x7f'],
  ...['--', '/*', '*/', '-- c\n', '/* c */', '\n', '\t', '\u00a0', '\u0000', 'é', '名'],
];

/** Raw character soup over SQL punctuation, letters, quotes, whitespace and a few odd code points. */
export const charSoup = (): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'SELECTFROMWHEREselectfromwhere abcxyz_0123456789'.split('')) },
      { weight: 4, arbitrary: fc.constantFrom(...`()[]{},.;:=<>!+-*/%|&'"\`$@#?\\\n\t `.split('')) },
      { weight: 1, arbitrary: fc.constantFrom('\u0000', '\u00a0', '\u2028', '\ufeff', 'é', '名', '\ud83d\ude00', '\ud800') },
    ),
    maxLength: 120,
  });

/** Token soup: tokens from {@link SQL_TOKENS} joined by spaces. */
export const tokenSoup = (): fc.Arbitrary<string> => fc.array(fc.constantFrom(...SQL_TOKENS), { maxLength: 30 }).map((ts) => ts.join(' '));

type Edit =
  | { readonly op: 'delete'; readonly at: number; readonly len: number }
  | { readonly op: 'insert'; readonly at: number; readonly text: string }
  | { readonly op: 'duplicate'; readonly at: number; readonly len: number }
  | { readonly op: 'truncate'; readonly at: number };

const edit = (): fc.Arbitrary<Edit> =>
  fc.oneof(
    fc.record({ op: fc.constant('delete' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 12 }) }),
    fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...SQL_TOKENS), charSoup()) }),
    fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  );

/** Applies an edit; positions wrap around the text's length. */
function applyEdit(sql: string, e: Edit): string {
  const at = sql.length === 0 ? 0 : e.at % (sql.length + 1);
  switch (e.op) {
    case 'delete':
      return sql.slice(0, at) + sql.slice(at + e.len);
    case 'insert':
      return `${sql.slice(0, at)} ${e.text} ${sql.slice(at)}`;
    case 'duplicate':
      return sql.slice(0, at + e.len) + sql.slice(at, at + e.len) + sql.slice(at + e.len);
    case 'truncate':
      return sql.slice(0, Math.max(at, 1));
  }
}

/** A seed query with one to four edits applied. */
export const mutatedSeed = (): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...SEED_QUERIES), fc.array(edit(), { minLength: 1, maxLength: 4 })).map(([seed, edits]) => edits.reduce(applyEdit, seed));

/**
 * Nested parentheses, often cut off before they close: what a model writes
 * when it runs out of tokens mid-expression (and what once made the parser
 * take exponential time).
 */
export const nestedCutOff = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 30 }),
      fc.constantFrom('1', 'a + 1', 'SELECT max(i) FROM nums', 'i IN (1, 2', 'price > 5 AND', 'CASE WHEN 1 THEN'),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([depth, inner, closed]) => `SELECT ${'('.repeat(depth)}${inner}${')'.repeat(Math.floor(depth * closed))}`);

/** Long text: operator chains of hundreds to thousands of terms, and 10–50 kB strings and names. */
export const longText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.integer({ min: 500, max: 3000 }), fc.constantFrom('1 + ', "name || ', ' || ", 'i = 1 OR ', '- '))
      .map(([n, op]) => `SELECT ${op.repeat(n)}1 FROM author, nums`),
    fc.integer({ min: 10_000, max: 50_000 }).map((n) => `SELECT '${'x'.repeat(n)}' AS s`),
    fc.integer({ min: 10_000, max: 50_000 }).map((n) => `SELECT [${'a'.repeat(n)}] FROM book`),
  );

/**
 * The fuzz input: character soup, token soup, mutated seeds (the most),
 * cut-off nesting, the seeds themselves, and now and then long text.
 */
export const fuzzSql = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 30, arbitrary: charSoup() },
    { weight: 30, arbitrary: tokenSoup() },
    { weight: 50, arbitrary: mutatedSeed() },
    { weight: 10, arbitrary: nestedCutOff() },
    { weight: 10, arbitrary: fc.constantFrom(...SEED_QUERIES) },
    { weight: 1, arbitrary: longText() },
  );
