import { describe, expect, it } from 'vitest';
import { databasePaths, detectLayout, parseBenchmark } from '../../../src/core/bench/benchmark.ts';
import { BenchFileError } from '../../../src/core/bench/errors.ts';

const spiderText = JSON.stringify([
  { db_id: 'concert_singer', question: 'How many singers?', query: 'SELECT count(*) FROM singer', query_toks: ['SELECT'] },
  { db_id: 'pets_1', question: 'How many pets?', query: 'SELECT count(*) FROM pets' },
]);
const birdText = JSON.stringify([
  { question_id: 7, db_id: 'california_schools', question: 'q1', evidence: 'hint', SQL: 'SELECT 1', difficulty: 'simple' },
  { question_id: 9, db_id: 'california_schools', question: 'q2', evidence: '', SQL: 'SELECT 2', difficulty: 'moderate' },
]);

function errorOf(text: string): BenchFileError {
  try {
    parseBenchmark(text, { file: 'dev.json', split: 'dev' });
  } catch (e) {
    if (e instanceof BenchFileError) return e;
    throw e;
  }
  throw new Error('expected the parse to fail');
}

describe('benchmark question files', () => {
  it('detects Spider and gives <split>-<index> ids', () => {
    const { layout, questions } = parseBenchmark(spiderText, { file: 'dev.json', split: 'dev' });
    expect(layout).toBe('spider');
    expect(questions).toEqual([
      { id: 'dev-0', db_id: 'concert_singer', question: 'How many singers?', gold: 'SELECT count(*) FROM singer' },
      { id: 'dev-1', db_id: 'pets_1', question: 'How many pets?', gold: 'SELECT count(*) FROM pets' },
    ]);
  });

  it('detects BIRD, keeps evidence and difficulty, and uses question_id', () => {
    const { layout, questions } = parseBenchmark(birdText, { file: 'dev.json', split: 'dev' });
    expect(layout).toBe('bird');
    expect(questions[0]).toEqual({ id: 'dev-7', db_id: 'california_schools', question: 'q1', evidence: 'hint', gold: 'SELECT 1', difficulty: 'simple' });
    expect(questions[1]!.id).toBe('dev-9');
    expect(questions[1]!.evidence).toBe('');
  });

  it('falls back to the index for BIRD files without question ids', () => {
    const { questions } = parseBenchmark(JSON.stringify([{ db_id: 'a', question: 'q', SQL: 'SELECT 1' }]), { file: 'train.json', split: 'train' });
    expect(questions[0]!.id).toBe('train-0');
  });

  it('detects the layout from fields', () => {
    expect(detectLayout({ SQL: 'x' })).toBe('bird');
    expect(detectLayout({ query: 'x' })).toBe('spider');
    expect(detectLayout({ sql: 'x' })).toBeUndefined();
    expect(detectLayout(null)).toBeUndefined();
  });

  it('names the question and field of a bad element', () => {
    const text = JSON.stringify([
      { db_id: 'a', question: 'q', query: 'x' },
      { db_id: 'a', question: 'q' },
    ]);
    const e = errorOf(text);
    expect([e.code, e.field, e.line]).toEqual(['MISSING_FIELD', '[1].query', undefined]);
    expect(e.message).toBe('dev.json: field "[1].query" is missing');
    expect(errorOf(JSON.stringify([{ db_id: 3, question: 'q', query: 'x' }])).field).toBe('[0].db_id');
    expect(errorOf(JSON.stringify([{ db_id: 'a', question: 'q', query: 'x' }, 'oops'])).field).toBe('[1]');
  });

  it('rejects unknown layouts, non-arrays, bad JSON and repeated BIRD ids', () => {
    expect(errorOf(JSON.stringify([{ db_id: 'a', question: 'q', sql: 'x' }])).code).toBe('UNKNOWN_LAYOUT');
    expect(errorOf('[]').code).toBe('UNKNOWN_LAYOUT');
    expect(errorOf('{"a": 1}').code).toBe('BAD_FIELD');
    const bad = errorOf('[\n  {"db_id": "a",\n  "question": }\n]');
    expect(bad.code).toBe('BAD_JSON');
    expect(bad.message.startsWith('dev.json')).toBe(true);
    const dup = JSON.stringify([
      { question_id: 1, db_id: 'a', question: 'q', SQL: 'x' },
      { question_id: 1, db_id: 'a', question: 'r', SQL: 'y' },
    ]);
    expect([errorOf(dup).code, errorOf(dup).field]).toEqual(['DUPLICATE_ID', '[1].question_id']);
  });

  it('lists where a database may sit for each layout', () => {
    expect(databasePaths('spider', 'dev', 'pets_1')).toEqual(['database/pets_1/pets_1.sqlite']);
    expect(databasePaths('bird', 'dev', 'card_games')).toEqual(['dev_databases/card_games/card_games.sqlite', 'database/card_games/card_games.sqlite']);
  });
});
