/**
 * SQL as people paste it (paste-reading.ts through parseCandidateText): the
 * shapes of chat replies (fixtures/chat-replies.ts), and properties over
 * generated pastes: whatever prose, fences, list markers, blank lines and
 * semicolons surround them, the queries read are exactly the queries written,
 * each once, in order, and no prose is ever one of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCandidateText } from '../../../src/core/pipeline/candidate-text.ts';
import { CHAT_PASTES } from './fixtures/chat-replies.ts';

const read = (text: string, origin = 'pasted') => {
  const r = parseCandidateText(text, origin);
  if (!r.ok) throw new Error(r.error.message);
  return r;
};

describe('chat replies and lists, as assistants and people write them', () => {
  for (const paste of CHAT_PASTES) {
    it(paste.name, () => {
      const r = read(paste.text);
      expect(r.candidates.map((c) => c.sql)).toEqual(paste.queries);
      expect(r.plain).toBe(false);
      expect(r.format).toBe('chat');
    });
  }

  it('says what it left out, with the line: prose and code in another language', () => {
    const r = read(CHAT_PASTES[7]!.text);
    expect(r.skipped.map((s) => [s.line, s.kind])).toEqual([
      [1, 'prose'],
      [2, 'code'],
      [6, 'prose'],
    ]);
    expect(r.blocks).toBe(1);
  });

  it('reads queries as they stand as plain: nothing to confirm before running them', () => {
    for (const text of ['SELECT 1;\nSELECT 2;', 'SELECT name\nFROM t\nWHERE x = 1', 'SELECT 1\nSELECT 2']) expect(read(text).plain, text).toBe(true);
  });

  it('refuses prose alone, saying that is what it found', () => {
    const r = parseCandidateText('I could not find a table for that. Could you share the schema?', 'pasted');
    expect(!r.ok && [r.error.code, r.error.message]).toEqual(['EMPTY', 'pasted holds no SQL query (1 line of prose or other code left out).']);
  });
});

/** One query written over one or several lines (a clause per line, indented or not), with or without a `;`. */
const queryArb: fc.Arbitrary<string> = fc
  .record({
    col: fc.constantFrom('name', 'count(*)', 'a.id, a.title', 'DISTINCT city', "upper(name) || ';'", 'sum(total) AS s'),
    table: fc.constantFrom('customers', 'orders o', '"Order Items"', 'artists AS a'),
    where: fc.option(fc.constantFrom("status = 'Active'", 'price > 5 * 60', 'id IN (SELECT id FROM t)', "note LIKE '%--%'"), { nil: undefined }),
    tail: fc.option(fc.constantFrom('GROUP BY city', 'ORDER BY name DESC', 'LIMIT 1'), { nil: undefined }),
    cte: fc.boolean(),
  })
  .chain((q) => fc.record({ layout: fc.constantFrom<'one' | 'clauses' | 'indented'>('one', 'clauses', 'indented'), q: fc.constant(q) }))
  .map(({ layout, q }) => {
    const clauses = [`SELECT ${q.col}`, `FROM ${q.table}`, ...(q.where ? [`WHERE ${q.where}`] : []), ...(q.tail ? [q.tail] : [])];
    const body = layout === 'one' ? clauses.join(' ') : clauses.map((c, i) => (layout === 'indented' && i > 0 ? `  ${c}` : c)).join('\n');
    return q.cte ? `WITH t AS (\n  SELECT 1 AS id\n)\n${body}` : body;
  });

/** A sentence of prose: never a query, though some start with SQL words. */
const proseArb = fc.constantFrom(
  'Here is the query you asked for:',
  'This returns one row per customer.',
  'Select the rows you need with the query below.',
  'With this query you get every order.',
  'Note that the table name has a space in it.',
  'Hope this helps!',
  'The WHERE clause keeps only active rows.',
  'As you can see, the result is sorted.',
  'Update: I fixed the join.',
  '**Explanation:**',
  '- The `LIMIT 1` keeps the first row.',
  'Result:',
  '| name | n |',
  'sql',
  'Copy code',
);

/** How one query is presented: bare, in a fence, as a list item, labelled. */
const shapeArb = fc.constantFrom('bare', 'fence', 'tagged-fence', 'tilde', 'list', 'label');

const present = (sql: string, shape: string, k: number, semicolon: boolean): string => {
  const stmt = semicolon ? `${sql};` : sql;
  switch (shape) {
    case 'fence':
      return `\`\`\`\n${stmt}\n\`\`\``;
    case 'tagged-fence':
      return `\`\`\`sql\n${stmt}\n\`\`\``;
    case 'tilde':
      return `~~~sqlite\n${stmt}\n~~~`;
    case 'list':
      return `${k + 1}. ${stmt.replace(/\n/g, '\n   ')}`;
    case 'label':
      return `Query ${k + 1}: ${stmt}`;
    default:
      return stmt;
  }
};

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('properties (fast-check, seeded)', () => {
  const params = { seed: 20261203, numRuns: 400 };

  it('reads exactly the queries written, in order, among prose, fences, list items and labels', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sql: queryArb,
            shape: shapeArb,
            semicolon: fc.boolean(),
            before: fc.array(proseArb, { maxLength: 2 }),
            after: fc.array(proseArb, { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (items) => {
          // Bare queries need a blank line or a ; between them and prose, as a person leaves one; fenced ones need nothing.
          const text = items
            .map((it, k) => {
              const bare = it.shape === 'bare' || it.shape === 'list' || it.shape === 'label';
              const gap = bare ? '\n\n' : '\n';
              return [it.before.join('\n'), present(it.sql, it.shape, k, it.semicolon || (bare && it.after.length > 0)), it.after.join('\n')]
                .filter((p) => p !== '')
                .join(gap);
            })
            .join('\n\n');
          const r = read(text);
          expect(r.candidates.map((c) => squash(c.sql!))).toEqual(items.map((it) => squash(it.sql)));
          expect(r.plain).toBe(items.every((it) => it.shape === 'bare' && it.before.length === 0 && it.after.length === 0));
        },
      ),
      params,
    );
  });

  it('reads queries one per line or ;-ended over lines alike, and never makes a candidate of a blank or comment line', () => {
    fc.assert(
      fc.property(fc.array(queryArb, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean(), (queries, semicolons, comments) => {
        const text = queries.map((q, k) => `${comments ? `-- query ${k + 1}\n` : ''}${q}${semicolons ? ';' : ''}`).join(semicolons ? '\n' : '\n\n');
        const r = read(text);
        expect(r.candidates.map((c) => squash(c.sql!.replace(/^-- query \d+\n/, '')))).toEqual(queries.map(squash));
        expect(r.plain).toBe(true);
      }),
      params,
    );
  });
});

describe('JSON lines or a reply', () => {
  it('reads a first line that is a JSON string as JSON lines, and a reply that opens with a quotation as a reply', () => {
    expect(read('"SELECT 1"\n"SELECT 2"').format).toBe('jsonl');
    const r = read('"Good question!" Here is the query:\n```sql\nSELECT 1;\n```');
    expect([r.format, r.candidates.map((c) => c.sql)]).toEqual(['chat', ['SELECT 1']]);
  });
});
