/**
 * The demo must show both outcomes: with the bundled replay file and the
 * default profile at the default risk, some demo questions are answered and
 * some end in an abstention; and the answered ones are right more often than
 * the abstained ones would have been (labels from execution against gold).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { normalizeSql } from '../../src/core/sql/normalize.ts';
import { MUTATION_KINDS } from '../../src/core/mutate/index.ts';
import { DEFAULT_RISK } from '../../src/app/ask/risk-control.ts';
import { askAllDemo, CANDIDATES_PATH } from './demo-ask.ts';

const { records } = parseCandidateFile(readFileSync(CANDIDATES_PATH, 'utf8'));

describe('the bundled demo replay file', () => {
  it('holds 8 candidates per demo question, each marked gold or mutation:<kind>', () => {
    const dev = JSON.parse(readFileSync(new URL('../../public/demo/dev.json', import.meta.url), 'utf8')) as { question: string }[];
    expect(records.map((r) => r.question)).toEqual(dev.map((d) => d.question));
    for (const r of records) {
      expect(r.candidates).toHaveLength(8);
      for (const c of r.candidates) {
        const kind = c.source?.startsWith('mutation:') ? c.source.slice('mutation:'.length) : null;
        expect(c.source === 'gold' || (kind !== null && (MUTATION_KINDS as readonly string[]).includes(kind))).toBe(true);
        if (c.source === 'gold') expect(normalizeSql(c.sql)).toBe(normalizeSql(r.gold ?? ''));
      }
    }
  });

  it('varies agreement: some questions are unanimous, some split', () => {
    const agreement = records.map((r) => Math.max(...[...new Set(r.candidates.map((c) => c.sql))].map((s) => r.candidates.filter((c) => c.sql === s).length)));
    expect(Math.max(...agreement)).toBeGreaterThanOrEqual(6);
    expect(Math.min(...agreement)).toBeLessThanOrEqual(2);
  });

  it('gives answers and abstentions at the default risk, and the answers are mostly right', async () => {
    const asked = await askAllDemo(DEFAULT_RISK);
    const answered = asked.filter((a) => a.decision.kind === 'answer');
    const abstained = asked.filter((a) => a.decision.kind === 'abstain');
    expect(answered.length).toBeGreaterThan(0);
    expect(abstained.length).toBeGreaterThan(0);
    const label = (a: (typeof asked)[number]): boolean => records.find((r) => r.question === a.question)!.candidates[a.result.chosen]!.correct === true;
    const rightWhenAnswered = answered.filter(label).length / answered.length;
    const rightWhenAbstained = abstained.filter(label).length / abstained.length;
    expect(rightWhenAnswered).toBeGreaterThan(rightWhenAbstained);
  });
});
