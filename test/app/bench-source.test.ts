/**
 * Reading a benchmark from a zip or a picked folder (Node's File stands in
 * for the browser's): the split found next to its databases, the databases
 * present and missing, and each database's bytes on demand.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { folderSource, loadBench, zipSource } from '../../src/app/evaluate/bench-source.ts';

const enc = (x: unknown): Uint8Array => new TextEncoder().encode(typeof x === 'string' ? x : JSON.stringify(x));
const dbBytes = new Uint8Array([83, 81, 76, 105, 116, 101]);

describe('benchmark sources', () => {
  it('reads a Spider zip inside a folder, lists a missing database and serves the others', async () => {
    const questions = [
      { db_id: 'a', question: 'q1', query: 'SELECT 1' },
      { db_id: 'b', question: 'q2', query: 'SELECT 2' },
    ];
    const zip = zipSync({ 'spider/dev.json': enc(questions), 'spider/tables.json': enc([]), 'spider/database/a/a.sqlite': dbBytes });
    const r = await loadBench(await zipSource(new File([zip], 'spider.zip')));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.bench.layout, r.bench.split, r.bench.questions.length]).toEqual(['spider', 'dev', 2]);
    expect(r.bench.dbIds).toEqual(['a']);
    expect(r.bench.missingDbs).toEqual(['b']);
    expect(await r.bench.database('a')).toEqual(dbBytes);
    expect(await r.bench.database('b')).toBeNull();
  });

  it('reads a BIRD split with evidence from <split>_databases', async () => {
    const questions = [{ question_id: 7, db_id: 'x', question: 'q', evidence: 'hint', SQL: 'SELECT 1', difficulty: 'simple' }];
    const zip = zipSync({ 'dev.json': enc(questions), 'dev_databases/x/x.sqlite': dbBytes });
    const r = await loadBench(await zipSource(new File([zip], 'bird.zip')));
    if (!r.ok) throw new Error(r.message);
    expect(r.bench.layout).toBe('bird');
    expect(r.bench.questions[0]).toMatchObject({ id: 'dev-7', evidence: 'hint', gold: 'SELECT 1' });
    expect(r.bench.missingDbs).toEqual([]);
  });

  it('says what it expected when there is no benchmark, and names the line of a broken question file', async () => {
    const empty = await loadBench(folderSource([new File(['x'], 'notes.txt')]));
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.message).toContain('database/<db_id>/<db_id>.sqlite');
    const broken = await loadBench(
      await zipSource(
        new File([zipSync({ 'dev.json': enc('[{"db_id": "a", "question": 1, "query": "SELECT 1"}]'), 'database/a/a.sqlite': dbBytes })], 'b.zip'),
      ),
    );
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toContain('question');
  });

  it('hands a big database in a picked folder over as its File (read on demand by the workers), a small one as bytes', async () => {
    const questions = [
      { db_id: 'big', question: 'q1', query: 'SELECT 1' },
      { db_id: 'small', question: 'q2', query: 'SELECT 2' },
    ];
    const big = new File([new Uint8Array(17 * 2 ** 20)], 'big.sqlite');
    const small = new File([dbBytes], 'small.sqlite');
    const files = [
      [new File([JSON.stringify(questions)], 'dev.json'), 'spider/dev.json'],
      [big, 'spider/database/big/big.sqlite'],
      [small, 'spider/database/small/small.sqlite'],
    ] as const;
    // Node's File has no webkitRelativePath: give each the path a folder picker would.
    const picked = files.map(([f, path]) => Object.defineProperty(f, 'webkitRelativePath', { value: path }));
    const r = await loadBench(folderSource(picked));
    if (!r.ok) throw new Error(r.message);
    expect(await r.bench.database('big')).toBe(big);
    expect(await r.bench.database('small')).toEqual(dbBytes);
  });
});
