import { describe, expect, it } from 'vitest';
import { parseCandidateText } from '../../../src/core/pipeline/candidate-text.ts';

const sqls = (text: string, origin?: string) => {
  const r = parseCandidateText(text, origin);
  if (!r.ok) throw new Error(r.error.message);
  return { format: r.format, sqls: r.candidates.map((c) => c.sql) };
};

describe('candidates a person brings for one question', () => {
  it('reads one query per line; a -- comment line goes with the query under it', () => {
    expect(sqls('SELECT 1\n\nSELECT name FROM t\n')).toEqual({ format: 'lines', sqls: ['SELECT 1', 'SELECT name FROM t'] });
    expect(sqls('SELECT 1\n\n-- mine\nSELECT name FROM t\n')).toEqual({ format: 'sql', sqls: ['SELECT 1', '-- mine\nSELECT name FROM t'] });
  });

  it('reads SQL statements across lines, keeping ; inside quotes and comments', () => {
    const text = 'SELECT a\nFROM t WHERE x = \'a;b\';\n/* not ; a statement */\nSELECT "c;d" FROM t; -- trailing ;\n';
    expect(sqls(text)).toEqual({ format: 'sql', sqls: ["SELECT a\nFROM t WHERE x = 'a;b'", '/* not ; a statement */\nSELECT "c;d" FROM t'] });
    expect(sqls("SELECT 'it''s; fine'; SELECT 2").sqls).toEqual(["SELECT 'it''s; fine'", 'SELECT 2']);
    // Where SQLite's tokenizer splits: a bound parameter's (…) suffix hides a ;, a comment's does not count.
    expect(sqls('SELECT $a(;x);\nSELECT 2 -- the second;\n').sqls).toEqual(['SELECT $a(;x)', 'SELECT 2 -- the second;']);
  });

  it('reads a .sql file as statements even with one statement and no semicolon', () => {
    expect(sqls('SELECT\n  1', 'answers.sql')).toEqual({ format: 'sql', sqls: ['SELECT\n  1'] });
  });

  it('reads JSON lines: strings, {sql} objects and candidate-file records', () => {
    const text = [
      '"SELECT 1"',
      '{"sql": "SELECT 2", "source": "other-assistant", "logprob": -0.2}',
      '{"question": "q", "candidates": [{"sql": "SELECT 3"}, {"sql": null}]}',
    ].join('\n');
    const r = parseCandidateText(text, 'c.jsonl');
    // Without a source tag of its own, a candidate carries the file's name: copies within it count once.
    expect(r.ok && r.candidates).toEqual([
      { sql: 'SELECT 1', source: 'c.jsonl:1', paste: 'c.jsonl' },
      { sql: 'SELECT 2', source: 'other-assistant', logprob: -0.2 },
      { sql: 'SELECT 3', source: 'c.jsonl:3', paste: 'c.jsonl' },
      { sql: null, source: 'c.jsonl:3', paste: 'c.jsonl' },
    ]);
  });

  it('names the line and field of malformed input, and refuses empty input', () => {
    expect(parseCandidateText('{"sql": "SELECT 1"}\n{"sql": 3}', 'x.jsonl')).toEqual({
      ok: false,
      error: { code: 'NO_SQL', message: 'x.jsonl, line 2: field "sql" must be a string.', line: 2, field: 'sql' },
    });
    const bad = parseCandidateText('{"sql": "SELECT 1"}\n{oops', 'x.jsonl');
    expect(!bad.ok && [bad.error.code, bad.error.line]).toEqual(['BAD_JSON', 2]);
    const empty = parseCandidateText(' \n\n', 'empty.txt');
    expect(!empty.ok && empty.error.code).toBe('EMPTY');
    const onlyComments = parseCandidateText('-- nothing here\n', 'c.txt');
    expect(!onlyComments.ok && onlyComments.error.code).toBe('EMPTY');
  });
});
