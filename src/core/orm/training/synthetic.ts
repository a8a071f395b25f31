/**
 * Synthetic labeled candidates for exercising the ORM end to end before real
 * curated data exists: eight invented toy databases, questions from templates,
 * and per question the gold SQL, equivalent rewrites (labeled correct) and
 * typical mistakes (wrong aggregate, flipped order, missing GROUP BY, wrong
 * literal or column, wrong join key; labeled wrong). Everything is drawn from
 * a seeded rng. Nothing here comes from any benchmark; a model trained on it
 * only shows the pipeline works, not how well it verifies real SQL. The toy
 * databases are toy-domains.ts.
 */
import type { QuestionRecord } from '../../bench/types.ts';
import { shuffleInPlace, type UniformFn } from '../../stats/mulberry32.ts';
import type { Domain, Entity } from './toy-domains.ts';
import { TOY_DOMAINS } from './toy-domains.ts';

export { TOY_DOMAINS, toySchema } from './toy-domains.ts';

type Made = { q: string; gold: string; right: string[]; wrong: string[] };
const pick = <T>(xs: readonly T[], rng: UniformFn): T => xs[Math.floor(rng() * xs.length)]!;

/** What a template fills in: the entity, a category value and another, a number, and the names it writes. */
interface Slots {
  readonly t: Entity;
  readonly v: string;
  readonly other: string;
  readonly n: number;
  readonly T: string;
  readonly N: string;
  readonly pk: string;
  readonly c: string;
  readonly m: string;
}

/** Every template over `t`, then the join over `d`'s two tables; draws the category value, the number, then the join's value. */
function templates(d: Domain, t: Entity, rng: UniformFn): Made[] {
  const v = pick(t.cat.values, rng);
  const s: Slots = {
    t,
    v,
    other: t.cat.values.find((x) => x !== v)!,
    n: 1 + Math.floor(rng() * t.num.max),
    T: t.table,
    N: t.name,
    pk: t.pk,
    c: t.cat.col,
    m: t.num.col,
  };
  return [...aggregateTemplates(s), ...superlativeTemplates(s), ...listTemplates(s), ...filterTemplates(s), joinTemplate(d, rng)];
}

/** How many, how many with a category value, an average. */
function aggregateTemplates(s: Slots): Made[] {
  const { t, v, other, T, pk, c, m } = s;
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
  ];
}

/** The top and the bottom one. */
function superlativeTemplates(s: Slots): Made[] {
  const { t, T, N, pk, m } = s;
  return [
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
  ];
}

/** Counts by category, names above a number, the distinct category values. */
function listTemplates(s: Slots): Made[] {
  const { t, n, T, N, pk, c, m } = s;
  return [
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
  ];
}

/** A count without a category value, the category values with more than a few rows. */
function filterTemplates(s: Slots): Made[] {
  const { t, v, n, T, c, m } = s;
  return [
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
