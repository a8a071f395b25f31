/**
 * The demo database's schema: an invented chain of bookshops. Eight tables,
 * declared types, primary and foreign keys; dates are ISO-8601 text
 * (`YYYY-MM-DD`) under a DATE declared type, as SQLite stores them.
 */

/** Table names in creation (and insertion) order: parents before children. */
export const DEMO_TABLES = ['stores', 'staff', 'authors', 'books', 'customers', 'orders', 'order_items', 'reviews'] as const;

export type DemoTable = (typeof DEMO_TABLES)[number];

/**
 * One CREATE TABLE statement per table, in {@link DEMO_TABLES} order.
 *
 * @example
 * for (const ddl of DEMO_DDL) db.run(ddl);
 */
export const DEMO_DDL: readonly string[] = [
  `CREATE TABLE stores (
  store_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  opened_on DATE NOT NULL,
  floor_area REAL
)`,
  `CREATE TABLE staff (
  staff_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  store_id INTEGER NOT NULL REFERENCES stores(store_id),
  role TEXT NOT NULL,
  hired_on DATE NOT NULL,
  salary REAL NOT NULL,
  manager_id INTEGER REFERENCES staff(staff_id)
)`,
  `CREATE TABLE authors (
  author_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT,
  birth_year INTEGER
)`,
  `CREATE TABLE books (
  book_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER NOT NULL REFERENCES authors(author_id),
  genre TEXT NOT NULL,
  published_year INTEGER NOT NULL,
  price REAL NOT NULL,
  pages INTEGER
)`,
  `CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  city TEXT NOT NULL,
  joined_on DATE NOT NULL,
  loyalty_tier TEXT
)`,
  `CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(customer_id),
  store_id INTEGER NOT NULL REFERENCES stores(store_id),
  staff_id INTEGER NOT NULL REFERENCES staff(staff_id),
  ordered_on DATE NOT NULL,
  status TEXT NOT NULL
)`,
  `CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  book_id INTEGER NOT NULL REFERENCES books(book_id),
  quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL,
  PRIMARY KEY (order_id, book_id)
)`,
  `CREATE TABLE reviews (
  review_id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES books(book_id),
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id),
  rating INTEGER NOT NULL,
  reviewed_on DATE NOT NULL,
  comment TEXT
)`,
];
