/**
 * The book catalogue: titles from small word lists (unique), authors chosen
 * with skewed weights (a few prolific, some with no book in stock), prices
 * by genre, and a publication year the author was alive and adult for.
 */
import { chance, intBetween, pick, weightedIndex, type UniformFn } from './rng.ts';
import { GENRES, GENRE_WEIGHTS, TITLE_ADJECTIVES, TITLE_NOUNS, TITLE_PLACES } from './words.ts';
import { cents, type Author, type Book } from './rows.ts';

/** Typical price range per genre, in {@link GENRES} order. */
const PRICE_RANGE: Record<string, readonly [number, number]> = {
  Mystery: [7, 22],
  Fantasy: [8, 28],
  'Science Fiction': [8, 26],
  Romance: [6, 18],
  History: [14, 45],
  Biography: [12, 38],
  Poetry: [9, 24],
  Children: [5, 16],
  Cookery: [15, 40],
  Travel: [11, 32],
};

function title(rng: UniformFn): string {
  switch (intBetween(rng, 0, 3)) {
    case 0:
      return `The ${pick(rng, TITLE_ADJECTIVES)} ${pick(rng, TITLE_NOUNS)}`;
    case 1:
      return `${pick(rng, TITLE_NOUNS)} of ${pick(rng, TITLE_PLACES)}`;
    case 2:
      return `A ${pick(rng, TITLE_NOUNS)} for ${pick(rng, TITLE_PLACES)}`;
    default: {
      const a = pick(rng, TITLE_NOUNS);
      const b = pick(
        rng,
        TITLE_NOUNS.filter((n) => n !== a),
      );
      return `The ${a} and the ${b}`;
    }
  }
}

/**
 * `count` books. Author weights fall off with author id, and one author in
 * ten (by id) has weight zero, so some authors have no books.
 *
 * @example
 * makeBooks(rng, authors, 320).every((b) => b.published_year <= 2024); // true
 */
export function makeBooks(rng: UniformFn, authors: readonly Author[], count: number): Book[] {
  const weights = authors.map((a) => (a.author_id % 10 === 0 ? 0 : 1 / Math.sqrt(a.author_id)));
  const titles = new Set<string>();
  const out: Book[] = [];
  while (out.length < count) {
    const t = title(rng);
    if (titles.has(t)) continue;
    titles.add(t);
    const author = authors[weightedIndex(rng, weights)] as Author;
    const genre = GENRES[weightedIndex(rng, GENRE_WEIGHTS)] as string;
    const [lo, hi] = PRICE_RANGE[genre] as readonly [number, number];
    const earliest = author.birth_year === null ? 1950 : Math.max(1920, author.birth_year + 22);
    const latest = author.birth_year === null ? 2024 : Math.min(2024, author.birth_year + 80);
    out.push({
      book_id: out.length + 1,
      title: t,
      author_id: author.author_id,
      genre,
      published_year: intBetween(rng, Math.min(earliest, latest), latest),
      price: cents(intBetween(rng, lo, hi) + pick(rng, [0.99, 0.49, 0.95, 0])),
      pages: chance(rng, 0.1) ? null : 8 * intBetween(rng, genre === 'Children' ? 4 : 12, 90),
    });
  }
  return out;
}
