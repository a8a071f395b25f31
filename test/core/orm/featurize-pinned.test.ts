/**
 * The shipped ORM model (public/models/orm-v1.onnx) was trained on features
 * made by today's featurizer: any change to its output needs a retrain. This
 * pins the output on the demo candidates (with the demo schema) and on SQL
 * texts chosen to exercise the lexer's corners (unparseable, so they are
 * lexed as written): a digest of every feature vector, recorded when the
 * model was shipped, and recorded again when the demo candidates changed
 * (the old file gave the old digests on the same featurizer first).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featurize, type OrmItem } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER } from '../../../src/core/orm/layout.ts';
import { sqlFacts } from '../../../src/core/orm/sql-facts.ts';
import { readSchema } from '../../../src/engines/sql/worker/schema.ts';
import { openDemo } from '../../demo/open-demo.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Lexer corners: hex, blobs, parameters, unicode, multi-char operators, comments, unterminated quotes, "x" as a value. */
const LEXER_CORNERS: readonly string[] = [
  "SELECT 0x1F, X'00ff', x'zz', 1e5, .5e-3, 12.e2, 3abc FROM t WHERE a = ?1 AND b = :name OR c = @v OR d = $x",
  "SELECT a << 2, b >> 1, c -> '$.k', d ->> '$.k', e || f, g <> h, i == j, k != l, m <= n, o >= p FROM t",
  'SELECT count /* c */ (x), max\n(y), "f"(z), [weird name], `tick``ed`, "dq""inner" FROM t -- tail',
  'SELECT café, naïve_col, 名前, x€y, a\u00a0b FROM täble WHERE name = "Bob" AND c.d = "e".f',
  'SELECT * FROM t WHERE x IN ("a", "b", (1, "c")) AND y BETWEEN "lo" AND "hi" AND z LIKE "%q%" AND w NOT LIKE "n"',
  "SELECT 'it''s', 'unterminated",
  'SELECT "open',
  'SELECT [open',
  'SELECT `open',
  'SELECT \'between\' AND "v" , 1 ;; SELECT 2; /* open comment',
  'select a from t where b is "x" and c glob "y*" and d not in ("p") and e = - 5 and f = +-3',
  `SELECT ${'9'.repeat(80)}, ${'w'.repeat(300)} FROM t`,
  'SELECT 😀, a😀b, "😀" FROM t WHERE x = "😀"',
  '',
  '   ',
  ')))(((',
];

function digest(items: readonly OrmItem[]): string {
  const h = createHash('sha256');
  for (const item of items) {
    const f = featurize(item, DEFAULT_FEATURIZER);
    h.update(Buffer.from(f.indices.buffer, f.indices.byteOffset, f.indices.byteLength));
    h.update(Buffer.from(f.values.buffer, f.values.byteOffset, f.values.byteLength));
    h.update('|');
  }
  return h.digest('hex');
}

describe('ORM featurizer output is pinned (the shipped model needs no retrain)', () => {
  it('gives the recorded vectors for every demo candidate, with and without the demo schema', async () => {
    const db = await openDemo();
    const schema = readSchema(db);
    db.close();
    const lines = readFileSync(resolve(ROOT, 'public/demo/candidates.jsonl'), 'utf8').split('\n').filter(Boolean);
    const items: OrmItem[] = [];
    for (const line of lines) {
      const r = JSON.parse(line) as { question: string; gold?: string; candidates: { sql: string }[] };
      for (const sql of [...r.candidates.map((c) => c.sql), ...(r.gold ? [r.gold] : [])]) {
        items.push({ question: r.question, sql, schema }, { question: r.question, sql });
      }
    }
    expect(items.length).toBeGreaterThan(500);
    expect(digest(items)).toBe('9d97a48af4a2e8fedb119af7f7273d5ddfff05c38dd1626ec922113bbe6ff39f');
  });

  it('gives the recorded vectors for the lexer corners', () => {
    const items = LEXER_CORNERS.map((sql) => ({ question: 'How many rows are "Bob" or 5?', sql }));
    expect(digest(items)).toBe('e64d9d3280e7718041b7e56af13a2a24033e0a4b955f4ded22646460cd654480');
  });

  it('reads the recorded tokens, literals, tables, columns and join pairs off the lexer corners and the demo candidates', () => {
    const demo = readFileSync(resolve(ROOT, 'public/demo/candidates.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => (JSON.parse(line) as { candidates: { sql: string }[] }).candidates.map((c) => c.sql));
    const facts = [...LEXER_CORNERS, ...new Set(demo)].map((sql) => sqlFacts(sql));
    expect(createHash('sha256').update(JSON.stringify(facts)).digest('hex')).toBe('58af67d5b0bb7d0d83b3d87eb882a3d288d82e486238da7f36c97334bf6d7270');
  });
});
