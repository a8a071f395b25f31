/**
 * Synthetic labeled candidates for exercising the ORM end to end before real
 * curated data exists: eight invented toy databases, questions from templates,
 * and per question the gold SQL, equivalent rewrites (labeled correct) and
 * typical mistakes (wrong aggregate, flipped order, missing GROUP BY, wrong
 * literal or column, wrong join key; labeled wrong). Everything is drawn from
 * a seeded rng. Nothing here comes from any benchmark; a model trained on it
 * only shows the pipeline works, not how well it verifies real SQL.
 */
import type { QuestionRecord } from '../bench/types.ts';
import { shuffleInPlace, type UniformFn } from '../stats/mulberry32.ts';
import type { Schema, TableInfo } from '../schema.ts';

interface Entity {
  readonly table: string;
  readonly one: string;
  readonly many: string;
  readonly pk: string;
  readonly name: string;
  readonly cat: { col: string; word: string; values: readonly string[] };
  readonly num: { col: string; word: string; hi: string; lo: string; max: number };
}
interface Domain {
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

/** The schema of one toy database; `tables[i].sql` is a CREATE statement SQLite accepts. */
export function toySchema(d: Domain): Schema {
  return { tables: [tableInfo(d.parent), tableInfo(d.child, { col: d.child.fk, parent: d.parent })] };
}

type Made = { q: string; gold: string; right: string[]; wrong: string[] };
const pick = <T>(xs: readonly T[], rng: UniformFn): T => xs[Math.floor(rng() * xs.length)]!;

function templates(d: Domain, t: Entity, rng: UniformFn): Made[] {
  const v = pick(t.cat.values, rng);
  const other = t.cat.values.find((x) => x !== v)!;
  const n = 1 + Math.floor(rng() * t.num.max);
  const { table: T, name: N, pk } = t;
  const c = t.cat.col;
  const m = t.num.col;
  return [
    {
      q: `How many ${t.many} are there?`,
      gold: `SELECT count(*) FROM ${T}`,
      right: [`SELECT count(${pk}) FROM ${T}`],
      wrong: [`SELECT count(DISTINCT ${c}) FROM ${T}`, `SELECT sum(${m}) FROM ${T}`, `SELECT * FROM ${T}`],
    },
    {
      q: `How many ${t.many} have ${t.cat.word} ${v}?`,
      gold: `SELECT count(*) FROM ${T} WHERE ${c} = '${v}'`,
      right: [`SELECT count(*) FROM ${T} AS T1 WHERE T1.${c} = '${v}'`],
      wrong: [
        `SELECT count(*) FROM ${T} WHERE ${c} = '${other}'`,
        `SELECT count(*) FROM ${T} WHERE ${c} = '${v.toLowerCase()}'`,
        `SELECT count(*) FROM ${T}`,
        `SELECT count(*) FROM ${T} WHERE ${c} != '${v}'`,
      ],
    },
    {
      q: `What is the average ${t.num.word} of all ${t.many}?`,
      gold: `SELECT avg(${m}) FROM ${T}`,
      right: [`SELECT AVG(${m}) FROM ${T}`],
      wrong: [`SELECT max(${m}) FROM ${T}`, `SELECT sum(${m}) FROM ${T}`, `SELECT avg(${pk}) FROM ${T}`],
    },
    {
      q: `What is the name of the ${t.num.hi} ${t.one}?`,
      gold: `SELECT ${N} FROM ${T} ORDER BY ${m} DESC LIMIT 1`,
      right: [`SELECT ${N} FROM ${T} WHERE ${m} = (SELECT max(${m}) FROM ${T})`],
      wrong: [
        `SELECT ${N} FROM ${T} ORDER BY ${m} ASC LIMIT 1`,
        `SELECT ${N} FROM ${T} ORDER BY ${m} DESC`,
        `SELECT max(${m}) FROM ${T}`,
        `SELECT ${N} FROM ${T} ORDER BY ${pk} DESC LIMIT 1`,
      ],
    },
    {
      q: `Which ${t.one} is the ${t.num.lo}? Give the name.`,
      gold: `SELECT ${N} FROM ${T} ORDER BY ${m} ASC LIMIT 1`,
      right: [`SELECT ${N} FROM ${T} ORDER BY ${m} LIMIT 1`],
      wrong: [`SELECT ${N} FROM ${T} ORDER BY ${m} DESC LIMIT 1`, `SELECT min(${m}) FROM ${T}`, `SELECT ${N} FROM ${T} LIMIT 1`],
    },
    {
      q: `For each ${t.cat.word}, how many ${t.many} are there?`,
      gold: `SELECT ${c}, count(*) FROM ${T} GROUP BY ${c}`,
      right: [`SELECT ${c}, count(${pk}) FROM ${T} GROUP BY ${c}`],
      wrong: [`SELECT ${c}, count(*) FROM ${T}`, `SELECT ${c}, count(*) FROM ${T} GROUP BY ${N}`, `SELECT count(DISTINCT ${c}) FROM ${T}`],
    },
    {
      q: `List the names of ${t.many} whose ${t.num.word} is greater than ${n}.`,
      gold: `SELECT ${N} FROM ${T} WHERE ${m} > ${n}`,
      right: [`SELECT ${N} FROM ${T} WHERE ${m} >= ${n + 1}`, `SELECT T1.${N} FROM ${T} AS T1 WHERE T1.${m} > ${n}`],
      wrong: [`SELECT ${N} FROM ${T} WHERE ${m} < ${n}`, `SELECT ${N} FROM ${T} WHERE ${m} > ${n + 7}`, `SELECT ${N} FROM ${T} WHERE ${pk} > ${n}`],
    },
    {
      q: `What are the different ${t.cat.word} values of ${t.many}?`,
      gold: `SELECT DISTINCT ${c} FROM ${T}`,
      right: [`SELECT ${c} FROM ${T} GROUP BY ${c}`],
      wrong: [`SELECT ${c} FROM ${T}`, `SELECT DISTINCT ${N} FROM ${T}`, `SELECT count(DISTINCT ${c}) FROM ${T}`],
    },
    {
      q: `How many ${t.many} are not from ${t.cat.word} ${v}?`,
      gold: `SELECT count(*) FROM ${T} WHERE ${c} != '${v}'`,
      right: [`SELECT count(*) FROM ${T} WHERE ${c} <> '${v}'`, `SELECT count(*) FROM ${T} WHERE NOT ${c} = '${v}'`],
      wrong: [`SELECT count(*) FROM ${T} WHERE ${c} = '${v}'`, `SELECT count(*) FROM ${T}`],
    },
    {
      q: `Which ${t.cat.word} values have more than ${1 + (n % 3)} ${t.many}?`,
      gold: `SELECT ${c} FROM ${T} GROUP BY ${c} HAVING count(*) > ${1 + (n % 3)}`,
      right: [`SELECT ${c} FROM ${T} GROUP BY ${c} HAVING count(*) >= ${2 + (n % 3)}`],
      wrong: [
        `SELECT ${c} FROM ${T} GROUP BY ${c} HAVING count(*) < ${1 + (n % 3)}`,
        `SELECT ${c} FROM ${T} WHERE ${m} > ${1 + (n % 3)}`,
        `SELECT ${c} FROM ${T} GROUP BY ${c}`,
      ],
    },
    joinTemplate(d, rng),
  ];
}

function joinTemplate(d: Domain, rng: UniformFn): Made {
  const p = d.parent;
  const ch = d.child;
  const v = pick(ch.cat.values, rng);
  const on = `T1.${p.pk} = T2.${ch.fk}`;
  const base = (cond: string, sel = `T1.${p.name}`): string =>
    `SELECT DISTINCT ${sel} FROM ${p.table} AS T1 JOIN ${ch.table} AS T2 ON ${cond} WHERE T2.${ch.cat.col} = '${v}'`;
  return {
    q: `What are the names of ${p.many} that ${ch.verb} a ${ch.one} with ${ch.cat.word} ${v}?`,
    gold: base(on),
    right: [`SELECT DISTINCT ${p.name} FROM ${p.table} WHERE ${p.pk} IN (SELECT ${ch.fk} FROM ${ch.table} WHERE ${ch.cat.col} = '${v}')`],
    wrong: [
      base(`T1.${p.pk} = T2.${ch.pk}`),
      base(on, `T2.${ch.name}`),
      `SELECT DISTINCT T1.${p.name} FROM ${p.table} AS T1 JOIN ${ch.table} AS T2 ON ${on} WHERE T2.${ch.cat.col} != '${v}'`,
    ],
  };
}

/**
 * Draws `perDomain` questions per toy database, each with its candidates in
 * shuffled order (gold included as `source: 'gold'`).
 *
 * @example
 * const records = syntheticRecords(mulberry32(1), 40); // 8 × 40 questions
 */
export function syntheticRecords(rng: UniformFn, perDomain: number): QuestionRecord[] {
  const out: QuestionRecord[] = [];
  for (const d of TOY_DOMAINS) {
    for (let i = 0; i < perDomain; i++) {
      const t = rng() < 0.5 ? d.parent : d.child;
      const made = pick(templates(d, t, rng), rng);
      const candidates = shuffleInPlace(
        [
          { sql: made.gold, source: 'gold', correct: true },
          ...made.right.map((sql) => ({ sql, source: 'rewrite', correct: true })),
          ...made.wrong.map((sql) => ({ sql, source: 'mutation', correct: false })),
        ],
        rng,
      );
      out.push({ id: `${d.db}-${i}`, db_id: d.db, question: made.q, gold: made.gold, candidates });
    }
  }
  return out;
}
