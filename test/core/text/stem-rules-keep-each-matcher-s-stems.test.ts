/**
 * One stemmer serves schema linking (`plurals`, whose stems the shipped ORM
 * model's features hold) and lexical similarity (`inflections`). The expected
 * stems were recorded from each matcher's own stemmer before they became one.
 */
import { describe, expect, it } from 'vitest';
import { stem } from '../../../src/core/text/stem.ts';
import { LINK_STOP_WORDS, STOP_WORDS } from '../../../src/core/text/stop-words.ts';

// word: [plurals, inflections]
const RECORDED: Readonly<Record<string, readonly [string, string]>> = {
  countries: ['country', 'country'],
  singers: ['singer', 'singer'],
  age: ['age', 'age'],
  names: ['name', 'nam'],
  have: ['have', 'hav'],
  ordered: ['ordered', 'order'],
  descending: ['descending', 'descend'],
  rankings: ['ranking', 'rank'],
  speeds: ['speed', 'spe'],
  status: ['statu', 'status'],
  analysis: ['analysi', 'analysis'],
  this: ['thi', 'this'],
  addresses: ['address', 'address'],
  houses: ['hous', 'hous'],
  uses: ['us', 'use'],
  boxes: ['box', 'box'],
  matches: ['match', 'match'],
  dishes: ['dish', 'dish'],
  class: ['class', 'class'],
  bus: ['bus', 'bus'],
  '2010': ['2010', '2010'],
  '1990s': ['1990s', '1990'],
};

describe('stem', () => {
  it.each(Object.entries(RECORDED))('stems %s as each matcher always did', (word, [plurals, inflections]) => {
    expect(stem(word)).toBe(plurals);
    expect(stem(word, 'plurals')).toBe(plurals);
    expect(stem(word, 'inflections')).toBe(inflections);
  });
});

describe('stop words', () => {
  it('keeps schema linking to the list its features were trained with', () => {
    const trained = `a an the of in on at to for by with from and or is are was were be been what which who whom whose
      how many much show list give find return tell me all each every that this these those there their its it they do
      does did have has had as than number name names please also any some when where value values id`;
    expect([...LINK_STOP_WORDS].sort()).toEqual([...new Set(trained.split(/\s+/))].sort());
  });

  it('drops pronouns and modals for lexical similarity, and keeps schema words', () => {
    for (const w of ['you', 'would', 'not', 'the']) expect(STOP_WORDS.has(w)).toBe(true);
    for (const w of ['name', 'id', 'number', 'value']) expect(STOP_WORDS.has(w)).toBe(false);
  });
});
