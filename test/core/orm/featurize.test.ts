import { describe, expect, it } from 'vitest';
import { featurize, featurizeBatch, featurizeInto, toDense, type OrmItem } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, DENSE_COUNT, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import type { Schema } from '../../../src/core/schema.ts';

const col = (name: string, type: string, pk = 0) => ({ name, type, notNull: false, pk, samples: [] });
const schema: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [col('singer_id', 'INTEGER', 1), col('name', 'TEXT'), col('country', 'TEXT'), col('age', 'INTEGER')],
      primaryKey: ['singer_id'],
      foreignKeys: [],
      rowCount: 0,
      sql: '',
    },
    {
      name: 'concert',
      columns: [col('concert_id', 'INTEGER', 1), col('singer_id', 'INTEGER'), col('year', 'INTEGER')],
      primaryKey: ['concert_id'],
      foreignKeys: [{ from: ['singer_id'], table: 'singer', to: ['singer_id'] }],
      rowCount: 0,
      sql: '',
    },
  ],
};
const names = denseFeatureNames();
const slot = (name: string): number => {
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`no dense feature ${name}`);
  return i;
};
const dense = (item: OrmItem, config = DEFAULT_FEATURIZER): Float32Array => toDense(featurize(item, config), config.dim);

const item: OrmItem = {
  question: 'How many singers from France had a concert after 2014?',
  sql: "SELECT count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T1.country = 'France' AND T2.year > 2014",
  schema,
};

describe('featurize', () => {
  it('gives identical vectors for the same item, whatever was featurized before or cached', () => {
    const a = featurize(item, DEFAULT_FEATURIZER);
    featurize({ question: 'something else', sql: 'SELECT name FROM singer' }, DEFAULT_FEATURIZER);
    const cache = new Map();
    featurize(item, DEFAULT_FEATURIZER, { cache });
    const b = featurize(item, DEFAULT_FEATURIZER, { cache });
    expect(Array.from(b.indices)).toEqual(Array.from(a.indices));
    expect(Array.from(b.values)).toEqual(Array.from(a.values));
  });

  it('returns strictly increasing indices inside [0, dim) with no zero values', () => {
    const f = featurize(item, DEFAULT_FEATURIZER);
    for (let k = 1; k < f.indices.length; k++) expect(f.indices[k]).toBeGreaterThan(f.indices[k - 1]!);
    expect(f.indices[f.indices.length - 1]).toBeLessThan(DEFAULT_FEATURIZER.dim);
    expect(Array.from(f.values).every((v) => v !== 0 && Number.isFinite(v))).toBe(true);
  });

  it('tells a query that answers the question cue from one that misses it', () => {
    const right = dense(item);
    const wrong = dense({ ...item, sql: "SELECT name FROM singer WHERE country = 'France'" });
    expect(right[slot('cue.count.agree')]).toBe(1);
    expect(wrong[slot('cue.count.missing')]).toBe(1);
    expect(right[slot('link.q_numbers_in_sql')]).toBe(1);
    expect(wrong[slot('link.q_numbers_in_sql')]).toBe(0);
  });

  it('notices a string literal whose case differs from the question', () => {
    expect(dense(item)[slot('link.sql_strings_exact_case')]).toBe(1);
    expect(dense({ ...item, sql: item.sql.replace("'France'", "'france'") })[slot('link.sql_strings_exact_case')]).toBe(0);
  });

  it('checks joins against foreign keys when a schema is given', () => {
    const onKeys = dense(item);
    const offKeys = dense({ ...item, sql: item.sql.replace('T1.singer_id = T2.singer_id', 'T1.singer_id = T2.concert_id') });
    const noSchema = dense({ question: item.question, sql: item.sql });
    expect(onKeys[slot('link.join_pairs_on_keys')]).toBe(1);
    expect(offKeys[slot('link.join_pairs_on_keys')]).toBe(0);
    expect(noSchema[slot('link.schema_given')]).toBe(0);
    expect(noSchema[slot('link.join_pairs_on_keys')]).toBe(0);
  });

  it('gives a query the same features however it is written (a gold query and its printer-made twin)', () => {
    // Regression: training pairs human-written gold with generator-printed mutants
    // (quoted names, upper case, INNER JOIN); if the writing reached the features, a
    // model would learn who wrote a candidate instead of whether it is right.
    const printed =
      'SELECT COUNT(*) FROM "singer" AS "T1" INNER JOIN "concert" AS "T2" ON "T1"."singer_id" = "T2"."singer_id" ' +
      `WHERE "T1"."country" = 'France' AND "T2"."year" > 2014`;
    const spaced = item.sql.replace(/ /g, '  ').replace('SELECT', 'select');
    for (const sql of [printed, spaced]) {
      const twin = featurize({ ...item, sql }, DEFAULT_FEATURIZER);
      const orig = featurize(item, DEFAULT_FEATURIZER);
      expect(Array.from(twin.indices)).toEqual(Array.from(orig.indices));
      expect(Array.from(twin.values)).toEqual(Array.from(orig.values));
    }
  });

  it('reads a double-quoted text as a string where a value stands and as a name elsewhere', () => {
    const q = { question: 'Which singers are from France?', schema };
    const dq = dense({ ...q, sql: 'SELECT "name" FROM "singer" WHERE "country" = "France"' });
    const sq = dense({ ...q, sql: "SELECT name FROM singer WHERE country = 'France'" });
    expect(dq[slot('link.sql_has_strings')]).toBe(1);
    expect(dq[slot('link.sql_strings_exact_case')]).toBe(1);
    expect(dense({ ...q, sql: 'SELECT "name" FROM "singer"' })[slot('link.sql_has_strings')]).toBe(0);
    expect(Array.from(dq.slice(DENSE_COUNT))).toEqual(Array.from(sq.slice(DENSE_COUNT)));
  });

  it('still featurizes SQL that does not parse, flagged as such', () => {
    const v = dense({ question: 'how many?', sql: 'SELEC count( FROM' });
    expect(v[slot('structure.parse_ok')]).toBe(0);
    expect(v.slice(DENSE_COUNT).some((x) => x !== 0)).toBe(true);
  });

  it('fills agreement slots only when the config turns them on', () => {
    const agreement = { exec_share: 0.5, struct_share: 0.25, string_share: 0.125 };
    const off = dense({ ...item, agreement });
    const on = dense({ ...item, agreement }, { ...DEFAULT_FEATURIZER, agreement: true });
    expect(off[slot('agreement.given')]).toBe(0);
    expect(off[slot('agreement.exec_share')]).toBe(0);
    expect([on[slot('agreement.given')], on[slot('agreement.exec_share')], on[slot('agreement.struct_share')], on[slot('agreement.string_share')]]).toEqual([
      1, 0.5, 0.25, 0.125,
    ]);
    expect(() => featurize({ ...item, agreement: { ...agreement, exec_share: 1.5 } }, { ...DEFAULT_FEATURIZER, agreement: true })).toThrow(RangeError);
  });

  it('hashes with the configured seed: another seed moves the hashed features', () => {
    const a = featurize(item, DEFAULT_FEATURIZER);
    const b = featurize(item, { ...DEFAULT_FEATURIZER, hashSeed: 12345 });
    const hashed = (f: typeof a) => Array.from(f.indices).filter((i) => i >= DENSE_COUNT);
    expect(hashed(b)).not.toEqual(hashed(a));
  });

  it('rejects a dim too small for the dense block', () => {
    expect(() => featurize(item, { ...DEFAULT_FEATURIZER, dim: DENSE_COUNT })).toThrow(RangeError);
  });
});

describe('featurizeBatch', () => {
  it('lays rows out back to back, each equal to its own featurization', () => {
    const other: OrmItem = { ...item, sql: 'SELECT count(*) FROM singer' };
    const x = featurizeBatch([item, other], DEFAULT_FEATURIZER);
    const d = DEFAULT_FEATURIZER.dim;
    expect(x.length).toBe(2 * d);
    expect(Array.from(x.subarray(0, d))).toEqual(Array.from(dense(item)));
    expect(Array.from(x.subarray(d))).toEqual(Array.from(dense(other)));
  });
});

describe('featurizeInto', () => {
  it('overwrites its whole row of a reused buffer with the sparse vector made dense, and leaves the other rows alone', () => {
    const d = DEFAULT_FEATURIZER.dim;
    const x = new Float32Array(3 * d).fill(7);
    featurizeInto(item, DEFAULT_FEATURIZER, x, d);
    expect(Array.from(x.subarray(d, 2 * d))).toEqual(Array.from(dense(item)));
    expect(x.subarray(0, d).every((v) => v === 7) && x.subarray(2 * d).every((v) => v === 7)).toBe(true);
  });

  it('refuses a row that does not fit the buffer', () => {
    expect(() => featurizeInto(item, DEFAULT_FEATURIZER, new Float32Array(DEFAULT_FEATURIZER.dim), 1)).toThrow(RangeError);
  });
});
