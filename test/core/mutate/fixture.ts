/**
 * A small hand-made concert database (sql.js, in memory) and its Schema, for
 * the mutation tests. Four tables linked by foreign keys, a few rows each.
 */
import initSqlJs, { type Database } from 'sql.js';
import type { Schema } from '../../../src/core/schema.ts';
import { schemaOf } from './sqlite-schema.ts';

const DDL = `
CREATE TABLE stadium (stadium_id INTEGER PRIMARY KEY, name TEXT, location TEXT, capacity INT, highest INT);
CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT, is_male TEXT);
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, theme TEXT, year INT,
  stadium_id INT REFERENCES stadium(stadium_id));
CREATE TABLE singer_in_concert (concert_id INT REFERENCES concert(concert_id),
  singer_id INT REFERENCES singer(singer_id), PRIMARY KEY (concert_id, singer_id));
INSERT INTO stadium VALUES (1, 'Stark''s Park', 'Raith Rovers', 10104, 4812), (2, 'Somerset Park', 'Ayr United', 11998, 2363),
  (3, 'Glebe Park', 'Brechin City', 3960, 1057), (4, 'Recreation Park', 'Alloa Athletic', 3100, 1057);
INSERT INTO singer VALUES (1, 'Joe Sharp', 'Netherlands', 52, 'F'), (2, 'Timbaland', 'United States', 32, 'T'),
  (3, 'Justin Brown', 'France', 29, 'T'), (4, 'Rose White', 'France', 41, 'F'), (5, 'John Nizinik', 'France', 43, 'T'),
  (6, 'Tribal King', 'France', 25, 'T');
INSERT INTO concert VALUES (1, 'Auditions', 'Free choice', 2014, 1), (2, 'Super bootcamp', 'Free choice 2', 2014, 2),
  (3, 'Home Visits', 'Bleeding Love', 2015, 2), (4, 'Week 1', 'Wide Awake', 2014, 3), (5, 'Week 2', 'Happy Tonight', 2015, 3);
INSERT INTO singer_in_concert VALUES (1, 2), (1, 3), (1, 5), (2, 3), (2, 6), (3, 5), (4, 4), (5, 6), (5, 3);
`;

export interface Fixture {
  readonly db: Database;
  readonly schema: Schema;
}

/** Opens a fresh copy of the concert database. */
export async function openFixture(): Promise<Fixture> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(DDL);
  return { db, schema: schemaOf(db) };
}

/** All result rows of a query as sorted JSON lines (a bag of rows; column names ignored). */
export function resultBag(db: Database, sql: string): string {
  const rows = db.exec(sql)[0]?.values ?? [];
  return rows
    .map((r) => JSON.stringify(r))
    .sort()
    .join('\n');
}
