/**
 * The verify-mode set's databases, built from invented data, byte for byte
 * the same on every run (a seeded mulberry32; nothing read from elsewhere).
 * Real-world shapes Spider's databases rarely have: mixed-case and padded
 * values ('Active', 'active ', 'premium'), NULLs where a value is unknown
 * (a manager, a country, a department), dates stored as text, names with
 * spaces (a column "full name", a table "order items"), and views.
 *
 * - `shop`: customers, orders, "order items", products; view customer_totals.
 * - `music`: artists, tracks, users, plays; view track_plays.
 * - `staff`: departments, employees (a NULL manager and department), reviews; view payroll.
 */
import { mulberry32 } from '../../src/core/stats/mulberry32.ts';

/** One database: its id and its SQL (schema and rows). */
export interface SetDatabase {
  readonly id: string;
  readonly sql: string;
}

const q = (v: string | number | null): string => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);
const rows = (table: string, values: readonly (readonly (string | number | null)[])[]): string =>
  values.length === 0 ? '' : `INSERT INTO ${table} VALUES ${values.map((r) => `(${r.map(q).join(', ')})`).join(',\n')};\n`;
const pad = (n: number): string => String(n).padStart(2, '0');
const day = (rand: () => number, year: number): string => `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`;

const FIRST = [
  'Ann',
  'Bo',
  'Cyril',
  'Dana',
  'Emil',
  'Fatima',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kira',
  'Lars',
  'Mei',
  'Nils',
  'Oona',
  'Pia',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
];
const LAST = ['Berg', 'Costa', 'Dahl', 'Eze', 'Fux', 'Gray', 'Holm', 'Ito', 'Jansen', 'Kaur'];

function shop(): SetDatabase {
  const rand = mulberry32(11);
  const cities = ['New York', 'Boston', 'Chicago', 'new york', 'Boston ', 'Denver'];
  const statuses = ['Active', 'Active', 'Active', 'Inactive', 'active '];
  const customers = Array.from({ length: 40 }, (_, i) => [
    i + 1,
    `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
    `c${i + 1}@example.com`,
    cities[Math.floor(rand() * cities.length)]!,
    statuses[Math.floor(rand() * statuses.length)]!,
    day(rand, 2021 + (i % 3)),
    i > 5 && rand() < 0.4 ? 1 + Math.floor(rand() * 5) : null,
  ]);
  const categories = ['Books', 'Garden', 'Toys', 'Kitchen'];
  const products = Array.from({ length: 24 }, (_, i) => [
    i + 1,
    `Item ${String.fromCharCode(65 + i)}`,
    categories[i % 4]!,
    Math.round((3 + rand() * 60) * 100) / 100,
    i % 7 === 3 ? 1 : 0,
  ]);
  const orderStatus = ['Shipped', 'Shipped', 'Pending', 'Cancelled', 'Delivered'];
  const orders: (string | number | null)[][] = [];
  const items: (string | number | null)[][] = [];
  for (let o = 1; o <= 120; o++) {
    const customer = 1 + Math.floor(rand() * 34); // customers 35–40 never order
    let total = 0;
    const n = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      const p = products[Math.floor(rand() * products.length)]!;
      const quantity = 1 + Math.floor(rand() * 4);
      items.push([o, p[0]!, quantity, p[3]!]);
      total += quantity * (p[3] as number);
    }
    orders.push([o, customer, day(rand, 2023 + (o % 2)), orderStatus[Math.floor(rand() * orderStatus.length)]!, Math.round(total * 100) / 100]);
  }
  return {
    id: 'shop',
    sql: `CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, "full name" TEXT NOT NULL, email TEXT, city TEXT, status TEXT, signup_date TEXT, referred_by INTEGER REFERENCES customers(customer_id));
CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, price REAL, discontinued INTEGER NOT NULL);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id), order_date TEXT, status TEXT, total REAL);
CREATE TABLE "order items" (order_id INTEGER NOT NULL REFERENCES orders(order_id), product_id INTEGER NOT NULL REFERENCES products(product_id), quantity INTEGER, unit_price REAL);
CREATE VIEW customer_totals AS SELECT customer_id, count(*) AS orders, sum(total) AS spent FROM orders GROUP BY customer_id;
${rows('customers', customers)}${rows('products', products)}${rows('orders', orders)}${rows('"order items"', items)}`,
  };
}

function music(): SetDatabase {
  const rand = mulberry32(22);
  const countries = ['SE', 'NO', 'US', 'JP', null];
  const artists = Array.from({ length: 15 }, (_, i) => [i + 1, `${LAST[i % LAST.length]} ${['Trio', 'Band', 'Project'][i % 3]}`, countries[i % 5]!]);
  artists[14] = [15, 'Holm Trio', 'DK']; // two artists share a name
  const genres = ['Rock', 'Jazz', 'Hip-Hop', 'Folk'];
  const tracks = Array.from({ length: 60 }, (_, i) => [
    i + 1,
    `Song ${i + 1}`,
    1 + (i % 15),
    genres[Math.floor(rand() * 4)]!,
    120000 + Math.floor(rand() * 240000),
    rand() < 0.2 ? 1 : 0,
  ]);
  const plans = ['Free', 'Free', 'Premium', 'premium', 'Family'];
  const users = Array.from({ length: 30 }, (_, i) => [i + 1, `user_${i + 1}`, plans[Math.floor(rand() * plans.length)]!, countries[Math.floor(rand() * 4)]!]);
  const plays = Array.from({ length: 400 }, (_, i) => {
    const track = 1 + Math.floor(rand() * 50); // tracks 51–60 never played
    return [
      i + 1,
      track,
      1 + Math.floor(rand() * 30),
      `${day(rand, 2024)} ${pad(Math.floor(rand() * 24))}:${pad(Math.floor(rand() * 60))}:00`,
      Math.floor(rand() * 300),
    ];
  });
  return {
    id: 'music',
    sql: `CREATE TABLE artists (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE tracks (track_id INTEGER PRIMARY KEY, title TEXT NOT NULL, artist_id INTEGER REFERENCES artists(artist_id), genre TEXT, duration_ms INTEGER, explicit INTEGER);
CREATE TABLE users (user_id INTEGER PRIMARY KEY, username TEXT, plan TEXT, country TEXT);
CREATE TABLE plays (play_id INTEGER PRIMARY KEY, track_id INTEGER REFERENCES tracks(track_id), user_id INTEGER REFERENCES users(user_id), played_at TEXT, seconds_played INTEGER);
CREATE VIEW track_plays AS SELECT t.track_id, t.title, count(p.play_id) AS plays FROM tracks t LEFT JOIN plays p ON p.track_id = t.track_id GROUP BY t.track_id;
${rows('artists', artists)}${rows('tracks', tracks)}${rows('users', users)}${rows('plays', plays)}`,
  };
}

function staff(): SetDatabase {
  const rand = mulberry32(33);
  const departments = [
    [1, 'Sales', 'Oslo'],
    [2, 'Research and Development', 'Lund'],
    [3, 'Support', 'Oslo'],
    [4, 'Legal', null],
  ];
  const titles = ['Engineer', 'Manager', 'Analyst', 'Clerk'];
  const employees = Array.from({ length: 36 }, (_, i) => {
    const id = i + 1;
    const manager = id === 1 ? null : id <= 4 ? 1 : 1 + Math.floor(rand() * 4);
    const dept = id === 36 ? null : 1 + (i % 3);
    return [
      id,
      FIRST[i % FIRST.length]!,
      LAST[(i * 7) % LAST.length]!,
      dept,
      manager,
      30000 + Math.floor(rand() * 50) * 1000,
      day(rand, 2015 + (i % 9)),
      id <= 4 ? 'Manager' : titles[Math.floor(rand() * 4)]!,
    ];
  });
  const reviews = Array.from({ length: 60 }, (_, i) => [i + 1, 1 + Math.floor(rand() * 35), 2022 + (i % 3), 1 + Math.floor(rand() * 5)]);
  return {
    id: 'staff',
    sql: `CREATE TABLE departments (dept_id INTEGER PRIMARY KEY, "dept name" TEXT NOT NULL, location TEXT);
CREATE TABLE employees (emp_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, dept_id INTEGER REFERENCES departments(dept_id), manager_id INTEGER REFERENCES employees(emp_id), salary INTEGER, hire_date TEXT, title TEXT);
CREATE TABLE reviews (review_id INTEGER PRIMARY KEY, emp_id INTEGER REFERENCES employees(emp_id), year INTEGER, score INTEGER);
CREATE VIEW payroll AS SELECT d."dept name" AS department, count(e.emp_id) AS headcount, sum(e.salary) AS total_salary FROM departments d LEFT JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_id;
${rows('departments', departments)}${rows('employees', employees)}${rows('reviews', reviews)}`,
  };
}

/** The set's databases. */
export const SET_DATABASES: readonly SetDatabase[] = [shop(), music(), staff()];
