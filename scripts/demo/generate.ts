/**
 * All demo rows from one seed. The call order below is part of the format:
 * reordering draws changes every table after the change.
 */
import { mulberry32 } from './rng.ts';
import { makeAuthors, makeCustomers, makeStaff, makeStores } from './people.ts';
import { makeBooks } from './catalog.ts';
import { makeOrders, makeReviews } from './sales.ts';
import type { DemoRows } from './rows.ts';

/** The seed the committed questions in public/demo/dev.json were written against. */
export const DEMO_SEED = 20240917;

/**
 * Generates every table's rows; same seed, same rows.
 *
 * @example
 * generateDemo().stores.length; // 6
 */
export function generateDemo(seed: number = DEMO_SEED): DemoRows {
  const rng = mulberry32(seed);
  const stores = makeStores(rng);
  const staff = makeStaff(rng, stores);
  const authors = makeAuthors(rng, 80);
  const books = makeBooks(rng, authors, 320);
  const customers = makeCustomers(rng, 500);
  const { orders, items } = makeOrders(rng, 1300, stores, staff, customers, books);
  const reviews = makeReviews(rng, orders, items, books);
  return { stores, staff, authors, books, customers, orders, order_items: items, reviews };
}
