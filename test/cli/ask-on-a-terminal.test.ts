/**
 * `confide ask` for one question as a person reads it: on a terminal, text
 * (the decision and P, the query in words, the first rows and their count,
 * the reasons, the risk rule and the profile-fit warning); `--json`, `--out`
 * and pipes keep the JSON lines. The terminal is a real pseudo-terminal made
 * by util-linux's `script` (skipped, saying so, where it is absent). Also:
 * one question's stderr summary says answered or abstained, not a coverage,
 * and `confide --version`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askText, rowsText } from '../../src/cli/ask-text.ts';
import { decide } from '../../src/core/pipeline/decide.ts';
import { askOwn, defaultProfile } from '../app/demo-ask.ts';
import { runCli } from './run-cli.ts';

const DB = 'public/demo/database/demo/demo.sqlite';
const dir = mkdtempSync(join(tmpdir(), 'confide-ask-text-'));
const candidates = join(dir, 'answers.sql');
writeFileSync(candidates, 'SELECT count(*) FROM customers;\nSELECT count(customer_id) FROM customers;\nSELECT count(DISTINCT email) FROM customers;\n');
const SCRIPT = '/usr/bin/script';
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs bin/confide.mjs with its stdout on a pseudo-terminal; what the terminal showed. */
function onTerminal(args: readonly string[]): string {
  const command = ['node', 'bin/confide.mjs', ...args].map(quote).join(' ');
  return execFileSync(SCRIPT, ['-qec', command, '/dev/null'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).replace(/\r\n/g, '\n');
}

describe('confide ask, one question', () => {
  it('on a terminal prints the decision, P, the rows and their count, the reasons, the query in words and the fit warning', (ctx) => {
    if (!existsSync(SCRIPT)) ctx.skip(`no ${SCRIPT} (util-linux) to make a pseudo-terminal`);
    const shown = onTerminal(['ask', '--db', DB, '--question', 'How many customers are there?', '--candidates', candidates]);
    // The reading of the file comes first (stderr, on the same terminal), then the answer.
    expect(shown).toMatch(/(^|\n)Answer: \d+% likely right \(P 0\.\d\d\)\n/);
    expect(shown).toContain('SQL:      SELECT count(*) FROM customers\n');
    expect(shown).toContain('In words: counts rows of customers\n');
    expect(shown).toContain('count(*)\n  --------\n  500\n  1 row.\n');
    expect(shown).toContain('Why:\n  - 2 of 3 candidates returned the same result as this answer.');
    expect(shown).toContain('Risk: at most 20% of the answers given are wrong');
    expect(shown).toContain(`Warning: Profile "${defaultProfile().name}" was fit on ${defaultProfile().provenance.data}, not on "demo.sqlite".`);
    expect(shown).not.toContain('{"id"');
    // --json on the same terminal keeps the JSON line.
    const json = onTerminal(['ask', '--db', DB, '--question', 'How many customers are there?', '--candidates', candidates, '--json']);
    expect(JSON.parse(json.split('\n').find((l) => l.startsWith('{'))!)).toMatchObject({ id: 'question', decision: 'answer', candidate: 0 });
  });

  it('through a pipe keeps the JSON line, and its summary says answered or abstained, not a coverage of one', async () => {
    const r = await runCli(['ask', '--db', DB, '--question', 'How many customers are there?', '--candidates', candidates]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ decision: 'answer', sql: 'SELECT count(*) FROM customers' });
    expect(r.stderr).toMatch(/^answered at risk 0\.2: at most 20% of the answers given are wrong/m);
    expect(r.stderr).not.toContain('coverage');
    expect(r.stderr).toContain(`warning: Profile "${defaultProfile().name}" was fit on`);
  });

  it('shows an abstention with its withheld best guess, marked as withheld', async () => {
    const sqls = ['SELECT count(*) FROM orders', 'SELECT count(*) FROM customers', 'SELECT max(price) FROM books'];
    const result = await askOwn(new Uint8Array(readFileSync(DB)), 'How many customers are there?', sqls);
    const decision = decide(result, defaultProfile(), 0.1);
    expect(decision.kind).toBe('abstain');
    const text = askText({ question: 'How many customers are there?', result, decision, profile: defaultProfile(), warning: null });
    // Three different results: withheld, as too unsure or as a tie that cannot be told apart.
    expect(text.split('\n')[0]).toBe(decision.headline);
    expect(decision.headline).toMatch(/^(Not confident enough to answer|These disagree|Not answered: its result shows)/);
    expect(text).toMatch(/Best guess, withheld \(P 0\.\d\d\):/);
    expect(text).toContain(`SQL:      ${result.candidates[result.chosen]!.sql}`);
    expect(text).toContain('Why not:');
    expect(text).not.toContain('Warning:');
  });

  it('shows the first rows of a long result and how many there are', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [i, i % 3 === 0 ? null : `town ${i}`]);
    const text = rowsText(['id', 'town'], rows);
    const lines = text.split('\n');
    expect(lines[0]).toBe('id   town');
    expect(lines[2]).toBe('0    NULL');
    expect(lines).toHaveLength(2 + 10 + 1);
    expect(lines.at(-1)).toBe('12 rows; the first 10 shown.');
  });
});

describe('confide --version', () => {
  it('prints the version package.json gives, with -V too', async () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-V']) {
      const r = await runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`confide ${version}\n`);
    }
  });
});
