/**
 * Stores, their staff, customers and authors for the demo bookshop chain.
 * Counts are fixed; everything else is drawn from the seeded `rng`, including
 * the NULLs (missing floor area, email, loyalty tier, country, birth year).
 */
import { chance, intBetween, pick, type UniformFn } from './rng.ts';
import { dayOf, isoOf } from './dates.ts';
import { COUNTRIES, FIRST_NAMES, SURNAMES, TOWNS } from './words.ts';
import type { Author, Customer, Staff, Store } from './rows.ts';

/** Six shops in five towns: two share Alderbrook, so "store" and "town" differ. */
const STORE_PLAN = [
  { name: 'The Quiet Page', city: 'Alderbrook', opened_on: '2009-04-18' },
  { name: 'Inkwell & Oak', city: 'Millbridge', opened_on: '2012-09-01' },
  { name: 'Lantern Books', city: 'Kestrel Point', opened_on: '2015-03-14' },
  { name: 'The Paper Harbour', city: 'Alderbrook', opened_on: '2018-11-03' },
  { name: 'Northgate Reads', city: 'Dunmere', opened_on: '2020-06-20' },
  { name: 'Fernhollow Book Barn', city: 'Fernhollow', opened_on: '2021-10-09' },
] as const;

/**
 * The six stores; the newest one has no recorded floor area.
 *
 * @example
 * makeStores(mulberry32(7)).length; // 6
 */
export function makeStores(rng: UniformFn): Store[] {
  return STORE_PLAN.map((s, i) => ({
    store_id: i + 1,
    ...s,
    floor_area: i === STORE_PLAN.length - 1 ? null : intBetween(rng, 90, 420) + 0.5 * intBetween(rng, 0, 1),
  }));
}

/**
 * One manager per store (hired when it opened, no manager above them), then
 * booksellers, cashiers and at some stores a buyer (who serves no
 * customers), reporting to that manager; some were hired after 2022.
 *
 * @example
 * makeStaff(rng, stores).filter((s) => s.manager_id === null).length; // 6
 */
export function makeStaff(rng: UniformFn, stores: readonly Store[]): Staff[] {
  const staff: Staff[] = [];
  for (const store of stores) {
    const managerId = staff.length + 1;
    const open = dayOf(store.opened_on);
    staff.push(person(rng, managerId, store.store_id, 'manager', isoOf(open), 100 * intBetween(rng, 520, 680), null));
    const team = intBetween(rng, 4, 7);
    for (let k = 0; k < team; k++) {
      const role = k === 0 && chance(rng, 0.5) ? 'buyer' : chance(rng, 0.6) ? 'bookseller' : 'cashier';
      const hired = isoOf(intBetween(rng, open, dayOf('2024-06-30')));
      const salary = 100 * (role === 'cashier' ? intBetween(rng, 240, 300) : intBetween(rng, 280, 380));
      staff.push(person(rng, staff.length + 1, store.store_id, role, hired, salary, managerId));
    }
  }
  return staff;
}

function person(rng: UniformFn, id: number, storeId: number, role: string, hired: string, salary: number, manager: number | null): Staff {
  return {
    staff_id: id,
    first_name: pick(rng, FIRST_NAMES),
    last_name: pick(rng, SURNAMES),
    store_id: storeId,
    role,
    hired_on: hired,
    salary,
    manager_id: manager,
  };
}

/**
 * Customers living in all ten towns (half of them have no store), joined
 * 2019–2024; about a fifth gave no email and about two fifths have no tier.
 *
 * @example
 * makeCustomers(mulberry32(7), 500).length; // 500
 */
export function makeCustomers(rng: UniformFn, count: number): Customer[] {
  const tiers = ['bronze', 'bronze', 'bronze', 'silver', 'silver', 'gold'] as const;
  const out: Customer[] = [];
  for (let id = 1; id <= count; id++) {
    const first = pick(rng, FIRST_NAMES);
    const last = pick(rng, SURNAMES);
    const city = TOWNS[Math.min(TOWNS.length - 1, Math.floor(rng() ** 1.6 * TOWNS.length))] as string;
    out.push({
      customer_id: id,
      first_name: first,
      last_name: last,
      email: chance(rng, 0.2) ? null : `${first}.${last}${id}@example.com`.toLowerCase(),
      city,
      joined_on: isoOf(intBetween(rng, dayOf('2019-01-01'), dayOf('2024-12-31'))),
      loyalty_tier: chance(rng, 0.4) ? null : pick(rng, tiers),
    });
  }
  return out;
}

/**
 * Authors with invented names; some have no known country or birth year.
 *
 * @example
 * makeAuthors(mulberry32(7), 80)[0].author_id; // 1
 */
export function makeAuthors(rng: UniformFn, count: number): Author[] {
  const seen = new Set<string>();
  const out: Author[] = [];
  while (out.length < count) {
    const name = `${pick(rng, FIRST_NAMES)} ${pick(rng, SURNAMES)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({
      author_id: out.length + 1,
      name,
      country: chance(rng, 0.1) ? null : pick(rng, COUNTRIES),
      birth_year: chance(rng, 0.08) ? null : intBetween(rng, 1890, 1995),
    });
  }
  return out;
}
