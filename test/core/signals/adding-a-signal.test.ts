/**
 * Adding a signal, as docs/architecture.md's recipe says: its file and one
 * entry in src/core/signals/known.ts. Here the list is extended the way that
 * entry would (the module mocked with the fixture appended), and the signal
 * then flows through what reads signals, with no other file changed: the
 * profile check's known names, Ask's registry, each candidate's value (the
 * signal is computed about the candidate scored), the words in reasons and
 * in Evaluate, and an evaluation's signal table.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/core/signals/known.ts', async (importOriginal) => {
  const known = await importOriginal<typeof import('../../../src/core/signals/known.ts')>();
  const { noLimit } = await import('./fixture/no-limit.ts');
  return { DEFAULT_SIGNALS: [...known.DEFAULT_SIGNALS, noLimit] };
});

import { plainCell } from '../../../src/app/evaluate/plain-words.ts';
import { evaluate } from '../../../src/core/eval/report.ts';
import { askRegistry, runAsk } from '../../../src/core/pipeline/index.ts';
import { signalPhrase } from '../../../src/core/pipeline/signal-words.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { knownSignalNames } from '../../../src/core/signals/index.ts';
import { demoPrepared } from '../eval/demo-prepared.ts';
import { profileOnExecutionSc, rows, schema, scriptedGenerator, scriptedRunner } from '../pipeline/fixtures.ts';

const ALL = 'SELECT title FROM books';
const ONE = 'SELECT title FROM books LIMIT 1';

function profileReadingNoLimit() {
  const p = profileOnExecutionSc();
  return { ...p, bands: p.bands.map((b) => ({ ...b, signals: ['no_limit'] })) };
}

describe('a signal added by its file and one entry in the list', () => {
  it('is a signal Confide knows: a profile reading it passes the profile check', () => {
    expect(knownSignalNames()).toContain('no_limit');
    expect(checkProfile(JSON.parse(JSON.stringify(profileReadingNoLimit()))).ok).toBe(true);
  });

  it('is computed in an Ask about each candidate in turn, and its reasons use its words', async () => {
    const profile = profileReadingNoLimit();
    const registry = askRegistry(profile, []);
    expect(registry.get('no_limit')).toBeDefined();
    const out = await runAsk(
      { question: 'Which books are there?', schema },
      {
        generator: scriptedGenerator([ONE, ONE, ALL].map((sql) => ({ sql, source: 'm' }))),
        runMany: scriptedRunner({ [ALL]: rows('River', 'Stone'), [ONE]: rows('River') }),
        registry,
        profile,
      },
    );
    if (!out.ok) throw new Error(out.error.message);
    const r = out.result;
    expect(r.modal).toBe(0);
    expect(r.perCandidate.map((c) => c.signals.no_limit)).toEqual([0, 0, 1]);
    expect(r.chosen).toBe(2); // the profile reads no_limit alone: the query that keeps every row is the answer
    expect(signalPhrase('no_limit')).toBe('the query keeps every row');
  });

  it('joins an evaluation: its row in the signal table, with its words in Evaluate', async () => {
    const { prepared } = await demoPrepared(1, 6);
    const report = evaluate(prepared, { bootstrap: 50, seed: 3, draws: 5 });
    expect(Object.keys(report.signals)).toContain('no_limit');
    expect(plainCell({ id: 'signals' }, ['no_limit'], report)).toBe(
      'whether the query returns every row it finds rather than cutting them with LIMIT (1 or 0)',
    );
  });
});
