/**
 * Sources, not copies: identical queries from one paste count once, so a
 * wrong query pasted three times gets the P it gets pasted once; candidates
 * with sources of their own (a file's `source` tags, a live model's samples)
 * count as they always did.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decide, decisionLine, parseCandidateText, runAsk, type SampledCandidate, type Verifier } from '../../../src/core/pipeline/index.ts';
import { keepSources } from '../../../src/core/pipeline/copies.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { createSignalRegistry, verifierSignal } from '../../../src/core/signals/index.ts';
import { rows, schema, scriptedGenerator, scriptedRunner } from './fixtures.ts';

const profileCheck = checkProfile(JSON.parse(readFileSync(new URL('../../../public/profiles/default.json', import.meta.url), 'utf8')));
if (!profileCheck.ok) throw new Error(profileCheck.error.message);
const profile = profileCheck.profile;

const WRONG = 'SELECT count(*) FROM books';
const RIGHT = 'SELECT count(*) FROM books WHERE price < 10';
const table = { [WRONG]: rows(3), [RIGHT]: rows(1), 'select count(*) from books': rows(3) };
/** The question–SQL verifier's score, fixed: the same query gets the same score however often it is pasted. */
const ormSql: Verifier = { name: 'orm_sql', score: async (input) => ({ ok: true, scores: input.candidates.map((c) => (c.sql === RIGHT ? 0.9 : 0.7)) }) };

async function ask(candidates: readonly SampledCandidate[]) {
  const registry = createSignalRegistry();
  registry.register(verifierSignal('orm_sql'));
  const out = await runAsk(
    { question: 'How many books cost under 10?', schema },
    { generator: scriptedGenerator([...candidates]), runMany: scriptedRunner(table), verifiers: [ormSql], registry, profile },
  );
  if (!out.ok) throw new Error(out.error.message);
  return out.result;
}

const pasted = (text: string): SampledCandidate[] => {
  const r = parseCandidateText(text, 'pasted');
  if (!r.ok) throw new Error(r.error.message);
  return [...r.candidates];
};

describe('sources, not copies', () => {
  it('gives a wrong query pasted three times the P it gets pasted once, and says so', async () => {
    const once = await ask(pasted(`${WRONG};`));
    const thrice = await ask(pasted(`${WRONG};\n${WRONG};\nselect COUNT(*)  from books;`));
    expect(thrice.candidates.length).toBe(1);
    expect(thrice.given).toBe(3);
    expect(thrice.candidates[0]!.copies).toBe(3);
    expect(thrice.probability).toBe(once.probability);
    for (const risk of [0.1, 0.2]) expect(decide(thrice, profile, risk).kind).toBe(decide(once, profile, risk).kind);
    expect(decide(thrice, profile, 0.2).reasons[0]).toBe('3 pasted queries, 1 distinct: identical queries from one paste count as one source.');
  });

  it("counts identical queries from different sources, and a live model's samples, each", async () => {
    const tagged = pasted([WRONG, WRONG, WRONG].map((sql, i) => JSON.stringify({ sql, source: `assistant-${i}` })).join('\n'));
    const fromSources = await ask(tagged);
    expect(fromSources.candidates.length).toBe(3);
    expect(fromSources.signals.execution_sc).toBe(1);
    const samples = await ask([WRONG, WRONG, WRONG].map((sql) => ({ sql, source: 'model-x' })));
    expect(samples.candidates.length).toBe(3);
    expect(samples.probability).toBe(fromSources.probability);
    expect(samples.probability).not.toBe((await ask(pasted(WRONG))).probability);
  });

  it('reports indices into the candidates given: a kept copy stands where its first copy stood', async () => {
    const result = await ask(pasted(`${WRONG};\n${WRONG};\n${RIGHT};\n${WRONG};`));
    expect(result.candidates.map((c) => [c.index, c.copies ?? 1])).toEqual([
      [0, 3],
      [2, 1],
    ]);
    const line = decisionLine('q', result, decide(result, profile, 0.4));
    expect([line.pool, line.given]).toEqual([2, 4]);
    expect([0, 2]).toContain(line.best);
    expect(line.best_sql).toBe(line.best === 0 ? WRONG : RIGHT);
  });

  it('keeps candidates without SQL and candidates of different pastes apart', () => {
    const kept = keepSources([
      { sql: null, source: 'a', paste: 'a' },
      { sql: null, source: 'a', paste: 'a' },
      { sql: 'SELECT 1', source: 'a#1', paste: 'a' },
      { sql: 'SELECT 1', source: 'b#1', paste: 'b' },
      { sql: 'select 1;', source: 'a#2', paste: 'a' },
    ]);
    expect(kept.map((k) => [k.inputIndex, k.copies])).toEqual([
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });
});
