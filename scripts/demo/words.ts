/**
 * Small word lists the demo generator draws names, titles and places from.
 * Everything here is invented: the towns and shops do not exist, and people
 * are random pairings of common first names with made-up surnames.
 */

export const FIRST_NAMES = [
  'Ada', 'Alan', 'Alice', 'Amir', 'Anna', 'Ben', 'Bea', 'Carlos', 'Chloe', 'Dara',
  'David', 'Elena', 'Eli', 'Emma', 'Farah', 'Felix', 'Grace', 'Hana', 'Hugo', 'Ines',
  'Ivan', 'Jade', 'James', 'Jonas', 'Kai', 'Kira', 'Leo', 'Lina', 'Lucas', 'Maya',
  'Marta', 'Milo', 'Nadia', 'Noah', 'Nora', 'Omar', 'Olga', 'Paul', 'Priya', 'Quinn',
  'Rosa', 'Ruben', 'Sara', 'Sam', 'Tariq', 'Tess', 'Uma', 'Victor', 'Wen', 'Zoe',
] as const;

export const SURNAMES = [
  'Ashcombe', 'Bellhaven', 'Brackwood', 'Carrow', 'Dunmore', 'Elswick', 'Fairbrook',
  'Fenwright', 'Galloway', 'Grimsby', 'Hartwell', 'Holloway', 'Inglewood', 'Jessop',
  'Kettering', 'Larkin', 'Lockhart', 'Marlowe', 'Merriweather', 'Nettleton', 'Oakridge',
  'Penhallow', 'Quenby', 'Ravensworth', 'Rookwood', 'Saltmarsh', 'Sedgewick', 'Thistlewood',
  'Underhill', 'Vantreight', 'Westerby', 'Whitlock', 'Yardley', 'Zellweger',
] as const;

/** Invented towns; stores sit in the first five, customers live in all of them. */
export const TOWNS = [
  'Alderbrook', 'Millbridge', 'Kestrel Point', 'Dunmere', 'Fernhollow',
  'Brightwater', 'Greystone', 'Hollins Bay', 'Eastwick', 'Cobham Vale',
] as const;

export const COUNTRIES = [
  'Argentina', 'Canada', 'France', 'Germany', 'India', 'Ireland', 'Japan',
  'Nigeria', 'Norway', 'United Kingdom', 'United States',
] as const;

export const GENRES = [
  'Mystery', 'Fantasy', 'Science Fiction', 'Romance', 'History',
  'Biography', 'Poetry', 'Children', 'Cookery', 'Travel',
] as const;

/** Relative share of each genre in {@link GENRES} order. */
export const GENRE_WEIGHTS = [18, 14, 11, 13, 9, 7, 4, 10, 6, 8] as const;

export const TITLE_ADJECTIVES = [
  'Silent', 'Hidden', 'Last', 'Golden', 'Broken', 'Distant', 'Quiet', 'Burning',
  'Forgotten', 'Crimson', 'Winter', 'Wandering', 'Lost', 'Hollow', 'Bright', 'Salt',
] as const;

export const TITLE_NOUNS = [
  'River', 'Garden', 'Lighthouse', 'Orchard', 'Harbour', 'Letter', 'Kingdom', 'Map',
  'Clockmaker', 'Island', 'Bridge', 'Mountain', 'Kitchen', 'Lantern', 'Forest', 'Tide',
  'Star', 'Crown', 'Road', 'House', 'Voyage', 'Stone', 'Song', 'Winter',
] as const;

export const TITLE_PLACES = [
  'Glass', 'Ashes', 'Summer', 'the North', 'Small Things', 'the Deep', 'Iron',
  'Tomorrow', 'the Valley', 'Paper', 'Salt', 'Smoke',
] as const;

export const REVIEW_COMMENTS = [
  'Could not put it down.', 'A slow start but worth it.', 'Beautifully written.',
  'Not my kind of book.', 'The ending was a letdown.', 'Bought a second copy as a gift.',
  'Great for a long train ride.', 'Too long by half.', 'My favourite this year.',
  'The characters felt flat.', 'Lovely illustrations.', 'Recipes actually work.',
] as const;
