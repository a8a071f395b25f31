/**
 * The eight invented toy databases of the synthetic candidates
 * (synthetic.ts): each a parent and a child table with a name, a category
 * and a number column, and its schema. Nothing here comes from any benchmark.
 */
import type { Schema, TableInfo } from '../../schema.ts';

/** One toy table: its names, its category column and values, its number column and range. */
export interface Entity {
  readonly table: string;
  readonly one: string;
  readonly many: string;
  readonly pk: string;
  readonly name: string;
  readonly cat: { col: string; word: string; values: readonly string[] };
  readonly num: { col: string; word: string; hi: string; lo: string; max: number };
}
/** One toy database: a parent table and a child table that refers to it. */
export interface Domain {
  readonly db: string;
  readonly parent: Entity;
  readonly child: Entity & { readonly fk: string; readonly verb: string };
}

const e = (table: string, one: string, many: string, cat: [string, string, string[]], num: [string, string, string, string, number]): Entity => ({
  table,
  one,
  many,
  pk: `${table}_id`,
  name: 'name',
  cat: { col: cat[0], word: cat[1], values: cat[2] },
  num: { col: num[0], word: num[1], hi: num[2], lo: num[3], max: num[4] },
});

/** The invented databases (db_id → parent and child table). */
export const TOY_DOMAINS: readonly Domain[] = [
  [
    'toy_music',
    e('singer', 'singer', 'singers', ['country', 'country', ['France', 'Japan', 'Chile']], ['age', 'age', 'oldest', 'youngest', 80]),
    e('song', 'song', 'songs', ['genre', 'genre', ['Pop', 'Jazz', 'Folk']], ['sales', 'sales', 'best selling', 'least selling', 9000]),
    'wrote',
  ],
  [
    'toy_school',
    e('teacher', 'teacher', 'teachers', ['subject', 'subject', ['Math', 'Art', 'Physics']], ['salary', 'salary', 'best paid', 'lowest paid', 90000]),
    e('pupil', 'pupil', 'pupils', ['city', 'city', ['Lyon', 'Oslo', 'Quito']], ['grade', 'grade', 'best graded', 'worst graded', 20]),
    'teaches',
  ],
  [
    'toy_shop',
    e('vendor', 'vendor', 'vendors', ['region', 'region', ['North', 'South', 'East']], ['rating', 'rating', 'top rated', 'lowest rated', 5]),
    e('item', 'item', 'items', ['category', 'category', ['Tools', 'Toys', 'Food']], ['price', 'price', 'most expensive', 'cheapest', 500]),
    'sells',
  ],
  [
    'toy_library',
    e('writer', 'writer', 'writers', ['nation', 'nation', ['Peru', 'Kenya', 'Italy']], ['born', 'birth year', 'latest born', 'earliest born', 2000]),
    e('novel', 'novel', 'novels', ['language', 'language', ['English', 'Spanish', 'Swahili']], ['pages', 'page count', 'longest', 'shortest', 900]),
    'wrote',
  ],
  [
    'toy_air',
    e('airline', 'airline', 'airlines', ['hub', 'hub city', ['Dubai', 'Lima', 'Doha']], ['fleet', 'fleet size', 'largest', 'smallest', 300]),
    e('route', 'route', 'routes', ['origin', 'origin', ['Paris', 'Cairo', 'Rome']], ['distance', 'distance', 'longest', 'shortest', 12000]),
    'flies',
  ],
  [
    'toy_farm',
    e('farm', 'farm', 'farms', ['county', 'county', ['Kent', 'Devon', 'Fife']], ['acres', 'area in acres', 'largest', 'smallest', 800]),
    e('animal', 'animal', 'animals', ['species', 'species', ['Cow', 'Goat', 'Sheep']], ['weight', 'weight', 'heaviest', 'lightest', 900]),
    'keeps',
  ],
  [
    'toy_club',
    e('club', 'club', 'clubs', ['league', 'league', ['Premier', 'Second', 'Amateur']], ['founded', 'founding year', 'newest', 'oldest', 2020]),
    e('player', 'player', 'players', ['position', 'position', ['Goalie', 'Winger', 'Defender']], ['goals', 'goals', 'top scoring', 'lowest scoring', 60]),
    'signed',
  ],
  [
    'toy_clinic',
    e(
      'doctor',
      'doctor',
      'doctors',
      ['specialty', 'specialty', ['Cardiology', 'Surgery', 'Pediatrics']],
      ['experience', 'years of experience', 'most experienced', 'least experienced', 40],
    ),
    e('patient', 'patient', 'patients', ['ward', 'ward', ['Blue', 'Red', 'Green']], ['age', 'age', 'oldest', 'youngest', 99]),
    'treats',
  ],
].map(([db, parent, child, verb]) => ({
  db: db as string,
  parent: parent as Entity,
  child: { ...(child as Entity), fk: `${(parent as Entity).table}_id`, verb: verb as string },
}));

/** A toy table's TableInfo, with its foreign key to the parent when it has one. */
function tableInfo(t: Entity, fk?: { col: string; parent: Entity }): TableInfo {
  const cols = [[t.pk, 'INTEGER'], [t.name, 'TEXT'], [t.cat.col, 'TEXT'], [t.num.col, 'INTEGER'], ...(fk ? [[fk.col, 'INTEGER']] : [])] as const;
  const sql = `CREATE TABLE ${t.table} (${cols.map(([n, ty]) => `${n} ${ty}`).join(', ')}, PRIMARY KEY (${t.pk})${fk ? `, FOREIGN KEY (${fk.col}) REFERENCES ${fk.parent.table}(${fk.parent.pk})` : ''})`;
  return {
    name: t.table,
    columns: cols.map(([n, ty]) => ({ name: n, type: ty, notNull: false, pk: n === t.pk ? 1 : 0, samples: [] })),
    primaryKey: [t.pk],
    foreignKeys: fk ? [{ from: [fk.col], table: fk.parent.table, to: [fk.parent.pk] }] : [],
    rowCount: 0,
    sql,
  };
}

/**
 * The schema of one toy database; `tables[i].sql` is a CREATE statement SQLite accepts.
 *
 * @example toySchema(TOY_DOMAINS[0]!).tables.map((t) => t.name); // ['singer', 'song']
 */
export function toySchema(d: Domain): Schema {
  return { tables: [tableInfo(d.parent), tableInfo(d.child, { col: d.child.fk, parent: d.parent })] };
}
