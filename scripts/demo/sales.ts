/**
 * Orders, their line items and reviews, 2022–2024. Customers and books are
 * drawn with skewed weights (some customers never order, some books never
 * sell); a share of orders are walk-ins with no customer; a customer orders
 * only after joining; each order is served by a bookseller, cashier or
 * manager already hired at that store (buyers serve no one); reviews follow
 * purchases.
 */
import { chance, intBetween, pick, weightedIndex, type UniformFn } from './rng.ts';
import { dayOf, isoOf } from './dates.ts';
import { REVIEW_COMMENTS } from './words.ts';
import { cents, type Book, type Customer, type Order, type OrderItem, type Review, type Staff, type Store } from './rows.ts';

const FIRST_DAY = dayOf('2022-01-01');
const LAST_DAY = dayOf('2024-12-31');
/** Order outcomes, one entry per percent: 88 completed, 7 cancelled, 5 returned. */
const STATUSES: readonly string[] = [...Array<string>(88).fill('completed'), ...Array<string>(7).fill('cancelled'), ...Array<string>(5).fill('returned')];

/**
 * `count` orders dated 2022–2024 with their items (1–4 distinct books each,
 * none published after the order's year; about 15% of lines sold at 10% off).
 *
 * @example
 * const { orders, items } = makeOrders(rng, 1300, stores, staff, customers, books);
 */
export function makeOrders(
  rng: UniformFn,
  count: number,
  stores: readonly Store[],
  staff: readonly Staff[],
  customers: readonly Customer[],
  books: readonly Book[],
): { orders: Order[]; items: OrderItem[] } {
  const customerWeights = customers.map((c) => (c.customer_id % 7 === 0 ? 0 : 0.05 + rng() ** 2));
  const bookWeights = books.map(() => 0.02 + rng() ** 2);
  const storeWeights = stores.map((s) => 10 - s.store_id);
  const joined = customers.map((c) => dayOf(c.joined_on));
  const orders: Order[] = [];
  const items: OrderItem[] = [];
  for (let id = 1; id <= count; id++) {
    const day = intBetween(rng, FIRST_DAY, LAST_DAY);
    const walkIn = chance(rng, 0.15);
    const members = customerWeights.map((w, i) => ((joined[i] as number) <= day ? w : 0));
    const customer = walkIn ? null : (customers[weightedIndex(rng, members)] as Customer);
    const open = stores.filter((s) => dayOf(s.opened_on) <= day);
    const store = open[
      weightedIndex(
        rng,
        open.map((s) => storeWeights[s.store_id - 1] as number),
      )
    ] as Store;
    const team = staff.filter((s) => s.store_id === store.store_id && s.role !== 'buyer' && dayOf(s.hired_on) <= day);
    const status = pick(rng, STATUSES);
    orders.push({
      order_id: id,
      customer_id: customer?.customer_id ?? null,
      store_id: store.store_id,
      staff_id: pick(rng, team).staff_id,
      ordered_on: isoOf(day),
      status,
    });
    const year = Number(isoOf(day).slice(0, 4));
    const lines = 1 + weightedIndex(rng, [50, 28, 14, 8]);
    const chosen = new Set<number>();
    while (chosen.size < lines) {
      const book = books[weightedIndex(rng, bookWeights)] as Book;
      if (book.published_year > year || chosen.has(book.book_id)) continue;
      chosen.add(book.book_id);
      const discounted = chance(rng, 0.15);
      items.push({
        order_id: id,
        book_id: book.book_id,
        quantity: 1 + weightedIndex(rng, [80, 14, 4, 2]),
        unit_price: discounted ? cents(book.price * 0.9) : book.price,
      });
    }
  }
  return { orders, items };
}

/**
 * Reviews: about one purchase in four from a completed order with a customer
 * (at most one per customer and book), rated with a per-book quality bias,
 * written 3–60 days after the order and numbered by date.
 *
 * @example
 * makeReviews(rng, orders, items, books).every((r) => r.rating >= 1 && r.rating <= 5); // true
 */
export function makeReviews(rng: UniformFn, orders: readonly Order[], items: readonly OrderItem[], books: readonly Book[]): Review[] {
  const quality = books.map(() => rng() * 2 - 1);
  const byOrder = new Map(orders.map((o) => [o.order_id, o]));
  const seen = new Set<string>();
  const out: Review[] = [];
  for (const item of items) {
    const order = byOrder.get(item.order_id) as Order;
    if (order.customer_id === null || order.status !== 'completed' || !chance(rng, 0.25)) continue;
    const key = `${order.customer_id}:${item.book_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const q = quality[item.book_id - 1] as number;
    const rating = 1 + weightedIndex(rng, [4 - 2 * q, 7 - 3 * q, 14, 26 + 6 * q, 20 + 10 * q]);
    out.push({
      review_id: 0,
      book_id: item.book_id,
      customer_id: order.customer_id,
      rating,
      reviewed_on: isoOf(dayOf(order.ordered_on) + intBetween(rng, 3, 60)),
      comment: chance(rng, 0.4) ? null : pick(rng, REVIEW_COMMENTS),
    });
  }
  // Ids follow the date a review was written; the sort is stable, so equal dates keep draw order.
  out.sort((a, b) => (a.reviewed_on < b.reviewed_on ? -1 : a.reviewed_on > b.reviewed_on ? 1 : 0));
  return out.map((r, i) => ({ ...r, review_id: i + 1 }));
}
