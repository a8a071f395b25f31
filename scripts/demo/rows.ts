/**
 * The row shapes the demo generator produces, one per table, with keys in
 * column order. Type aliases rather than interfaces, so a row is assignable
 * to a plain `Record<string, value>` when it is written out.
 */

export type Store = {
  store_id: number;
  name: string;
  city: string;
  opened_on: string;
  floor_area: number | null;
};
export type Staff = {
  staff_id: number;
  first_name: string;
  last_name: string;
  store_id: number;
  role: string;
  hired_on: string;
  salary: number;
  manager_id: number | null;
};
export type Author = {
  author_id: number;
  name: string;
  country: string | null;
  birth_year: number | null;
};
export type Book = {
  book_id: number;
  title: string;
  author_id: number;
  genre: string;
  published_year: number;
  price: number;
  pages: number | null;
};
export type Customer = {
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  city: string;
  joined_on: string;
  loyalty_tier: string | null;
};
export type Order = {
  order_id: number;
  customer_id: number | null;
  store_id: number;
  staff_id: number;
  ordered_on: string;
  status: string;
};
export type OrderItem = {
  order_id: number;
  book_id: number;
  quantity: number;
  unit_price: number;
};
export type Review = {
  review_id: number;
  book_id: number;
  customer_id: number;
  rating: number;
  reviewed_on: string;
  comment: string | null;
};

/** Every table's rows, keyed by table name. */
export interface DemoRows {
  stores: Store[];
  staff: Staff[];
  authors: Author[];
  books: Book[];
  customers: Customer[];
  orders: Order[];
  order_items: OrderItem[];
  reviews: Review[];
}

/** Rounds money to cents (REAL columns hold two-decimal prices). */
export const cents = (x: number): number => Math.round(x * 100) / 100;
