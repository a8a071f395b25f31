import { describe, expect, it } from 'vitest';
import { resolveGold } from '../../../src/core/bench/gold.ts';
import type { BenchQuestion, QuestionRecord } from '../../../src/core/bench/types.ts';

const questions: BenchQuestion[] = [
  { id: 'dev-0', db_id: 'a', question: 'How many?', gold: 'SELECT count(*) FROM t' },
  { id: 'dev-1', db_id: 'b', question: 'How many?', gold: 'SELECT count(*) FROM u' },
  { id: 'dev-2', db_id: 'a', question: 'Names?', gold: 'SELECT name FROM t' },
  { id: 'dev-3', db_id: 'a', question: 'Names?', gold: 'SELECT DISTINCT name FROM t' },
];
const rec = (id: string, db_id: string, question: string, gold?: string): QuestionRecord =>
  gold === undefined ? { id, db_id, question, candidates: [] } : { id, db_id, question, gold, candidates: [] };

describe('resolveGold', () => {
  it("keeps a record's own gold", () => {
    const { records, missing } = resolveGold([rec('x', 'a', 'How many?', 'SELECT 1')], questions);
    expect(records[0]!.gold).toBe('SELECT 1');
    expect(missing).toBe(0);
  });

  it('matches by db_id and question text, not text alone', () => {
    const { records } = resolveGold([rec('x', 'b', ' How many? ')], questions);
    expect(records[0]!.gold).toBe('SELECT count(*) FROM u');
  });

  it('prefers the question with the same id, and counts ambiguous text matches', () => {
    const byId = resolveGold([rec('dev-3', 'a', 'Names?')], questions);
    expect(byId.records[0]!.gold).toBe('SELECT DISTINCT name FROM t');
    expect(byId.ambiguous).toBe(0);
    const byText = resolveGold([rec('run-9', 'a', 'Names?')], questions);
    expect(byText.records[0]!.gold).toBe('SELECT name FROM t');
    expect(byText.ambiguous).toBe(1);
  });

  it('reports how many records have no gold, and which', () => {
    const { missing, missingIds, records } = resolveGold([rec('p', 'a', 'Unknown?'), rec('q', 'c', 'How many?'), rec('r', 'a', 'Names?')], questions);
    expect(missing).toBe(2);
    expect(missingIds).toEqual(['p', 'q']);
    expect(records[0]!.gold).toBeUndefined();
  });
});
