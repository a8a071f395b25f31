/**
 * `confide ask` writes one JSON line per question in a pinned format
 * ({id, decision, candidate, best, best_sql, sql, p_correct, pool, given,
 * threshold, reasons}) and decides exactly as
 * the app's pipeline does: on the demo benchmark with the bundled replay file
 * and profile, each line matches the in-process pipeline (test/app/demo-ask.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askAllDemo } from '../app/demo-ask.ts';
import { runCli } from './run-cli.ts';

const DB = 'public/demo/database/demo/demo.sqlite';
const KEYS = ['id', 'decision', 'candidate', 'best', 'best_sql', 'sql', 'p_correct', 'pool', 'given', 'threshold', 'ruled_out', 'reasons'];
const dir = mkdtempSync(join(tmpdir(), 'confide-ask-'));
const read = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('confide ask', () => {
  it('decides every question of a candidate file as the app pipeline does, in the pinned line format', async () => {
    const out = join(dir, 'decisions.jsonl');
    const r = await runCli(['ask', '--bench', 'public/demo', '--candidates', 'public/demo/candidates.jsonl', '--risk', '0.2', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const lines = read(out);
    const expected = await askAllDemo(0.2);
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const e = expected[i]!;
      expect(Object.keys(line)).toEqual(KEYS);
      expect(line.decision).toBe(e.decision.kind);
      expect(line.candidate).toBe(e.decision.kind === 'answer' ? e.result.chosen : null);
      expect(line.sql).toBe(e.decision.kind === 'answer' ? e.result.candidates[e.result.chosen]!.sql : null);
      // The best guess is named on every line, abstentions too, so withheld answers can be checked.
      expect(line.best).toBe(e.result.chosen);
      expect(line.best_sql).toBe(e.result.candidates[e.result.chosen]!.sql);
      expect(line.pool).toBe(e.result.candidates.length);
      expect(line.given).toBe(e.result.given);
      expect(line.threshold).toBe(e.decision.threshold);
      expect(line.p_correct).toBeCloseTo(e.result.probability, 6);
      expect(line.reasons).toEqual([...e.decision.reasons, ...e.decision.smallPool]);
    });
    const abstained = lines.filter((l) => l.decision === 'abstain');
    expect(abstained.length).toBeGreaterThan(0);
    for (const l of abstained) expect(typeof l.best).toBe('number');
    expect(r.stderr).toMatch(/best guesses withheld: \d+ of \d+ would have been right/);
    const answered = lines.filter((l) => l.decision === 'answer').length;
    expect(answered).toBeGreaterThan(0);
    expect(r.stderr).toContain(`${answered} of ${lines.length} answered`);
    expect(r.stderr).toMatch(/realized risk among answered .*: \d+ wrong of \d+/);
  });

  it('checks one question against a .sql file of candidates and answers with an index into them', async () => {
    const file = join(dir, 'mine.sql');
    // Six different ways of counting them (copies of one query would count once) and one that fails.
    const counts = ['count(*)', 'count(customer_id)', 'count(1)', 'count(DISTINCT customer_id)', 'sum(1)', 'max(rowid) - min(rowid) + 1'];
    writeFileSync(file, counts.map((c) => `SELECT ${c} FROM customers;`).join('\n') + '\nSELECT nope FROM customers;\n');
    const r = await runCli(['ask', '--db', DB, '--question', 'How many customers are there?', '--candidates', file, '--risk', '0.4']);
    expect(r.code, r.stderr).toBe(0);
    const [line] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(line!)).toEqual(KEYS);
    expect(line!.decision).toBe('answer');
    expect(line!.candidate).toBe(0);
    expect(line!.sql).toBe('SELECT count(*) FROM customers');
    expect(line!.p_correct).toBeGreaterThan(0.5);
  });

  it('takes the profile from a confide eval report as well as from a profile file', async () => {
    const file = join(dir, 'one.sql');
    writeFileSync(file, 'SELECT count(*) FROM customers;\n');
    const profile = JSON.parse(readFileSync('public/profiles/default.json', 'utf8')) as Record<string, unknown>;
    const report = join(dir, 'report.json');
    writeFileSync(report, JSON.stringify({ n_questions: 40, profile: { ...profile, name: 'from a report' } }));
    const r = await runCli(['ask', '--db', DB, '--question', 'How many customers are there?', '--candidates', file, '--profile', report]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('profile "from a report"');
  });

  it('judges one wrong pasted query by the verifier, not by agreement with itself', async () => {
    const file = join(dir, 'wrong.sql');
    writeFileSync(file, 'SELECT count(*) FROM orders;\n'); // asked about customers
    const r = await runCli(['ask', '--db', DB, '--question', 'How many customers live in Lisbon?', '--candidates', file, '--risk', '0.1']);
    expect(r.code, r.stderr).toBe(0);
    const [line] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(line!.pool).toBe(1);
    expect(line!.best).toBe(0);
    expect(line!.p_correct).not.toBeCloseTo(0.98, 2);
    expect((line!.reasons as string[]).join(' ')).toContain('One query: agreement cannot be measured');
    expect((line!.reasons as string[]).join(' ')).toContain('the verifier reading the question and the query');
    // Without the verifier the same line says it could not read it.
    const bare = await runCli(['ask', '--db', DB, '--question', 'How many customers live in Lisbon?', '--candidates', file, '--no-orm']);
    const [noOrm] = bare.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect((noOrm!.reasons as string[]).join(' ')).toContain('Not available here: the verifier reading the question and the query');
  });

  it('refuses an empty candidate file and a risk the profile has no threshold for', async () => {
    const empty = join(dir, 'empty.sql');
    writeFileSync(empty, '\n');
    const r = await runCli(['ask', '--db', DB, '--question', 'q', '--candidates', empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('EMPTY');
    const emptyJsonl = join(dir, 'empty.jsonl');
    writeFileSync(emptyJsonl, '');
    const b = await runCli(['ask', '--bench', 'public/demo', '--candidates', emptyJsonl]);
    expect(b.code).not.toBe(0);
    const risk = await runCli(['ask', '--db', DB, '--question', 'q', '--candidates', empty, '--risk', '0.15']);
    expect(risk.code).toBe(2);
    expect(risk.stderr).toContain('has thresholds for 0.1, 0.2, 0.3, 0.4');
  });
});
