import { describe, expect, it } from 'vitest';
import { lexicalSimilarity } from '../../../src/core/text/similarity.ts';
import { stem } from '../../../src/core/text/stem.ts';
import { contentTokens, wordTokens } from '../../../src/core/text/tokens.ts';
import { jaccard, trigrams } from '../../../src/core/text/trigrams.ts';

describe('word tokens', () => {
  it('splits snake_case, camelCase, capital runs and digits, lowercased', () => {
    expect(wordTokens('Singer_ID songReleaseYear HTMLCode song2name')).toEqual([
      'singer',
      'id',
      'song',
      'release',
      'year',
      'html',
      'code',
      'song',
      '2',
      'name',
    ]);
  });

  it('stems plural and inflected forms onto one stem', () => {
    const infl = (w: string): string => stem(w, 'inflections');
    expect(infl('countries')).toBe(infl('country'));
    expect(infl('singers')).toBe(infl('singer'));
    expect(infl('addresses')).toBe(infl('address'));
    expect(infl('named')).toBe(infl('name'));
    expect(infl('status')).toBe('status');
  });

  it('drops stop words', () => {
    expect(contentTokens('What are the names of all the singers?')).toEqual([stem('name', 'inflections'), stem('singer', 'inflections')]);
  });
});

describe('trigrams', () => {
  it('pads words so that edges count', () => {
    expect([...trigrams('age')].sort()).toEqual(['#ag', 'age', 'ge#']);
    expect(jaccard(trigrams('singer'), trigrams('singer'))).toBe(1);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe('lexicalSimilarity', () => {
  const q = 'What is the average age of the singers from France?';

  it('ranks a column the question names above an unrelated one', () => {
    const relevant = lexicalSimilarity(q, 'singer age');
    expect(relevant).toBeGreaterThan(lexicalSimilarity(q, 'concert_venue'));
    expect(relevant).toBeGreaterThan(lexicalSimilarity(q, 'Stadium_ID'));
    expect(lexicalSimilarity(q, 'Age')).toBeGreaterThan(lexicalSimilarity(q, 'Capacity'));
  });

  it('is 1 for a name the question spells out and 0 for one sharing no trigram', () => {
    expect(lexicalSimilarity(q, 'Singer')).toBe(1);
    expect(lexicalSimilarity(q, 'zzz_qqq')).toBe(0);
  });

  it('gives partial credit to a near spelling, and full credit to an inflection', () => {
    const s = lexicalSimilarity(q, 'singr');
    expect(s).toBeGreaterThan(lexicalSimilarity(q, 'venue'));
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(1);
    expect(lexicalSimilarity('Which stadiums hosted concerts?', 'stadium_hosting')).toBe(1);
  });

  it('stays in [0, 1] and is 0 when a side has no content words', () => {
    expect(lexicalSimilarity('what is the', 'name')).toBe(0);
    expect(lexicalSimilarity(q, 'the')).toBe(0);
    for (const p of ['singer', 'age_of_singer', 'x', 'Song_release_year']) {
      const s = lexicalSimilarity(q, p);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});
