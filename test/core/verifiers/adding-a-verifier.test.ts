/**
 * Adding a verifier, as docs/architecture.md's recipe says: a descriptor,
 * listed in src/core/verifiers/known.ts, and an engine. Here the list is
 * extended the way that one line would (the module mocked with the fixture
 * appended), and the verifier then flows through everything that reads
 * verifiers, with no other file changed: the profile check's known signals,
 * Ask's registry, scores, signals, P(correct) and reasons' words, a cut
 * pool's dropping of pool-reading scores, an evaluation's signals and
 * Best-of-N, and, for a verifier with a switch, `confide ask`'s flags.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/core/verifiers/known.ts', async (importOriginal) => {
  const known = await importOriginal<typeof import('../../../src/core/verifiers/known.ts')>();
  const { SHORTNESS } = await import('./fixture/shortness.ts');
  return { VERIFIERS: [...known.VERIFIERS, SHORTNESS] };
});

import { parseFlags } from '../../../src/cli/args.ts';
import { askVerifierFlags } from '../../../src/cli/verifier-flags.ts';
import { evaluate } from '../../../src/core/eval/report.ts';
import { subsamplePrepared } from '../../../src/core/eval/subsample.ts';
import { askRegistry, runAsk } from '../../../src/core/pipeline/index.ts';
import { signalPhrase, signalWords } from '../../../src/core/pipeline/signal-words.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { knownSignalNames } from '../../../src/core/signals/index.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { scoresOfVerifier } from '../../../src/core/verifiers/index.ts';
import { demoPrepared } from '../eval/demo-prepared.ts';
import { profileOnExecutionSc, rows, schema, scriptedGenerator, scriptedRunner } from '../pipeline/fixtures.ts';
import { SHORTNESS, shortnessOf, shortnessVerifier } from './fixture/shortness.ts';

const SHORT = 'SELECT title FROM books';
const LONG = 'SELECT title FROM books WHERE price < 10 AND title IS NOT NULL';

/** The test profile, reading the new verifier's score instead of execution agreement. */
function profileReadingShortness() {
  const p = profileOnExecutionSc();
  return { ...p, bands: p.bands.map((b) => ({ ...b, signals: ['shortness'] })) };
}

describe('a verifier added by its descriptor and its engine', () => {
  it('is a signal Confide knows: a profile reading it passes the profile check', () => {
    expect(knownSignalNames()).toEqual(expect.arrayContaining(['orm', 'orm_sql', 'judge', 'shortness', 'shortest']));
    expect(scoresOfVerifier('shortness')).toEqual(['shortness', 'shortest']);
    const check = checkProfile(JSON.parse(JSON.stringify(profileReadingShortness())));
    expect(check.ok).toBe(true);
    const unknown = checkProfile(
      JSON.parse(JSON.stringify({ ...profileReadingShortness(), bands: [{ ...profileOnExecutionSc().bands[0], signals: ['longness'] }] })),
    );
    expect(unknown.ok).toBe(false);
  });

  it('scores an Ask: its signals, the P(correct) a profile reading it gives, and the words its reasons use', async () => {
    const profile = profileReadingShortness();
    const registry = askRegistry(profile, [SHORTNESS.name]);
    expect(
      registry
        .list()
        .map((s) => s.name)
        .slice(-2),
    ).toEqual(['shortness', 'shortest']);
    const out = await runAsk(
      { question: 'Which books are there?', schema },
      {
        generator: scriptedGenerator([LONG, SHORT, LONG].map((sql) => ({ sql, source: 'm' }))),
        runMany: scriptedRunner({ [SHORT]: rows('River', 'Stone'), [LONG]: rows('River') }),
        registry,
        profile,
        verifiers: [shortnessVerifier()],
      },
    );
    if (!out.ok) throw new Error(out.error.message);
    const r = out.result;
    expect(r.candidates.map((c) => c.scores?.shortness)).toEqual([shortnessOf(LONG), shortnessOf(SHORT), shortnessOf(LONG)]);
    expect(r.candidates[0]!.scores?.shortest).toBeCloseTo(SHORT.length / LONG.length, 12);
    expect(r.perCandidate[1]!.signals.shortness).toBe(shortnessOf(SHORT));
    // The profile reads shortness alone, so the short query's result is the one answered with.
    expect(r.chosen).toBe(1);
    expect(signalPhrase('shortness')).toBe('a short query');
    expect(signalWords('shortest')).toBe('how close the query is to the shortest of the candidates');
  });

  it('evaluates: a pool cut to fewer candidates drops the score that reads the pool, and the report has both scores and their Best-of-N', async () => {
    const { prepared } = await demoPrepared(1, 6);
    const scored = prepared.map((q) => {
      const shortest = Math.min(...q.view.candidates.map((c) => c.sql.length));
      return {
        ...q,
        view: {
          ...q.view,
          candidates: q.view.candidates.map((c) => ({ ...c, scores: { shortness: shortnessOf(c.sql), shortest: shortest / Math.max(c.sql.length, 1) } })),
        },
      };
    });
    const cut = subsamplePrepared(scored[0]!, 2, createRng(1));
    expect(cut.view.candidates.map((c) => Object.keys(c.scores ?? {}))).toEqual([['shortness'], ['shortness']]);
    const report = evaluate(scored, { bootstrap: 50, seed: 3, draws: 5 });
    expect(Object.keys(report.signals)).toEqual(expect.arrayContaining(['shortness', 'shortest']));
    expect(Object.keys(report.selection)).toEqual(expect.arrayContaining(['verifier_bon:shortness', 'cluster_bon:shortness']));
  });

  it("gives a verifier with a switch its flags: --<flag> FILE and --no-<flag>, with the descriptor's help", () => {
    const spec = { name: 'ask', summary: 'test', flags: { ...askVerifierFlags(SHORTNESS.control) } } as const;
    expect(parseFlags(spec, ['--shortness', 'len.onnx'])).toMatchObject({ shortness: 'len.onnx', 'no-shortness': false });
    expect(parseFlags(spec, ['--no-shortness'])['no-shortness']).toBe(true);
    expect(spec.flags.shortness.help).toBe('score with this length model');
  });
});
