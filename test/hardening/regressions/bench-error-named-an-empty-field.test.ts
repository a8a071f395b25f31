/**
 * Regression: a candidate line that is valid JSON but not an object (`null`,
 * `"x"`, `[]`), or a question file that is not an array, was reported as
 * `field "" must be …`, naming a field that does not exist. It now names the
 * line (or the file) alone.
 */
import { describe, expect, it } from 'vitest';
import { parseBenchmark, tryParseCandidateFile } from '../../../src/core/bench/index.ts';

describe('errors about a whole line or a whole file', () => {
  it('name the line, and no empty field', () => {
    const good = JSON.stringify({ id: 'a', db_id: 'd', question: 'q', candidates: [] });
    for (const bad of ['null', '"text"', '[1, 2]', '42']) {
      const r = tryParseCandidateFile(`${good}\n${bad}\n`, 'runs/c.jsonl');
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ code: 'BAD_FIELD', file: 'runs/c.jsonl', line: 2 });
      expect(r.error.field).toBeUndefined();
      expect(r.error.message).toMatch(/^runs\/c\.jsonl:2: must be a JSON object \(got /);
      expect(r.error.message).not.toContain('field ""');
    }
  });

  it('name the file when a question file is not an array', () => {
    expect(() => parseBenchmark('{"questions": []}', { file: 'dev.json', split: 'dev' })).toThrow(/^dev\.json: must be a JSON array of questions/);
  });
});
