import { describe, expect, it } from 'vitest';
import { renderSample, renderSchema, renderTable } from '../../../src/core/prompt/schema-text.ts';
import type { ColumnInfo, Schema, TableInfo } from '../../../src/core/schema.ts';

const col = (name: string, type: string, samples: string[], extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name,
  type,
  notNull: false,
  pk: 0,
  samples,
  ...extra,
});

const singer: TableInfo = {
  name: 'singer',
  columns: [
    col('singer_id', 'INTEGER', ['1', '2', '3', '4'], { pk: 1, notNull: true }),
    col('name', 'TEXT', ['Joe Sharp', "O'Neil"], { notNull: true }),
    col('Song Name', 'text', []),
  ],
  primaryKey: ['singer_id'],
  foreignKeys: [],
  rowCount: 6,
  sql: 'CREATE TABLE singer (...)',
};

const concertSinger: TableInfo = {
  name: 'singer_in_concert',
  columns: [col('concert_id', 'INT', ['1'], { pk: 1 }), col('singer_id', 'INT', ['2'], { pk: 2 })],
  primaryKey: ['concert_id', 'singer_id'],
  foreignKeys: [{ from: ['singer_id'], table: 'singer', to: ['singer_id'] }],
  rowCount: 10,
  sql: '',
};

describe('renderTable', () => {
  it('writes one column per line with its type, key, NOT NULL and up to three example values', () => {
    expect(renderTable(singer)).toBe(
      [
        'CREATE TABLE singer (',
        '  singer_id INTEGER PRIMARY KEY, -- e.g. 1, 2, 3',
        "  name TEXT NOT NULL, -- e.g. 'Joe Sharp', 'O''Neil'",
        '  "Song Name" text',
        ');',
      ].join('\n'),
    );
  });

  it('writes a composite primary key and foreign keys as table constraints', () => {
    expect(renderTable(concertSinger, { samplesPerColumn: 0 })).toBe(
      [
        'CREATE TABLE singer_in_concert (',
        '  concert_id INT,',
        '  singer_id INT,',
        '  PRIMARY KEY (concert_id, singer_id),',
        '  FOREIGN KEY (singer_id) REFERENCES singer (singer_id)',
        ');',
      ].join('\n'),
    );
  });

  it('rejects a negative sample count', () => {
    expect(() => renderTable(singer, { samplesPerColumn: -1 })).toThrow(RangeError);
  });
});

describe('renderSchema', () => {
  it('joins the tables in schema order with blank lines', () => {
    const schema: Schema = { tables: [singer, concertSinger] };
    const text = renderSchema(schema, { samplesPerColumn: 1 });
    expect(text.split('\n\n')).toHaveLength(2);
    expect(text.indexOf('CREATE TABLE singer (')).toBeLessThan(text.indexOf('CREATE TABLE singer_in_concert ('));
    expect(text).toContain('-- e.g. 1\n');
    expect(text).not.toContain("'Joe Sharp', ");
  });
});

describe('renderSample', () => {
  it('keeps numbers bare only in numeric columns and cuts long values', () => {
    expect(renderSample('42', 'INTEGER', 40)).toBe('42');
    expect(renderSample('42', 'TEXT', 40)).toBe("'42'");
    expect(renderSample('abcdef', 'TEXT', 3)).toBe("'abc…'");
    expect(renderSample('a\nb', 'TEXT', 40)).toBe("'a b'");
  });
});
