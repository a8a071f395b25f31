/**
 * The page's analysis client (src/app/analysis-client.ts) keeps every parse
 * off the page's thread and bounded: a text whose parse does not finish
 * within the hard limit has its worker stopped, is read as unparsed (and
 * never handed to the parser again), and the rest of the call goes on in a
 * fresh worker; every text gets exactly one result, in order. The worker is
 * the real engine on a Node thread; the stuck parse is simulated
 * (test/helpers/stuck-analysis-worker.mjs).
 */
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { describe, expect, it } from 'vitest';
import { createPageAnalyzer } from '../../src/app/analysis-client.ts';
import type { Schema } from '../../src/core/schema.ts';

const schema = {
  tables: [
    { name: 'singer', columns: [{ name: 'name', type: 'TEXT', notNull: false, pk: 0, samples: [] }], primaryKey: [], foreignKeys: [], rowCount: 0, sql: '' },
  ],
} as Schema;

/** A Node worker dressed as the browser's Worker, as far as the client uses it. */
function spawnStuck(counter: { n: number }): () => globalThis.Worker {
  return () => {
    counter.n++;
    const w = new Worker(new URL('../helpers/stuck-analysis-worker.mjs', import.meta.url));
    const endpoint = nodeEndpoint(w);
    return {
      postMessage: endpoint.postMessage.bind(endpoint),
      addEventListener: (type: string, f: (e: { message?: string }) => void) =>
        type === 'error' ? void w.on('error', (e) => f({ message: e.message })) : endpoint.addEventListener(type, f as never),
      removeEventListener: endpoint.removeEventListener.bind(endpoint),
      start: endpoint.start?.bind(endpoint),
      terminate: () => void w.terminate(),
    } as unknown as globalThis.Worker;
  };
}

describe('the page analysis client', () => {
  it('stops a worker stuck on one text, reads that text as unparsed, and finishes the rest in a new worker', { timeout: 60_000 }, async () => {
    const spawned = { n: 0 };
    const analyzer = createPageAnalyzer({ spawn: spawnStuck(spawned), hardLimitMs: 2_000 });
    try {
      const sqls = ['SELECT name FROM singer', "SELECT name FROM singer WHERE name = 'STUCK'", 'SELECT count(*) FROM singer'];
      const out = await analyzer.analyze(sqls, schema);
      expect(out).toHaveLength(3);
      expect(out.map((r) => r.analysis.parses)).toEqual([true, false, true]);
      expect(out[2]!.analysis.usage?.tables).toEqual(['singer']);
      expect(analyzer.overrun()).toEqual([sqls[1]]);
      expect(spawned.n).toBe(2);
      // The stuck text is never handed to the parser again: a later call reads it at once, in the same worker.
      const again = await analyzer.analyze([sqls[1]!, 'SELECT 1'], schema);
      expect(again.map((r) => r.analysis.parses)).toEqual([false, true]);
      expect(spawned.n).toBe(2);
    } finally {
      analyzer.terminate();
    }
  });

  it('reads queries in words in the worker, under the same watchdog', { timeout: 60_000 }, async () => {
    const spawned = { n: 0 };
    const analyzer = createPageAnalyzer({ spawn: spawnStuck(spawned), hardLimitMs: 2_000 });
    try {
      const sqls = ['SELECT count(*) FROM singer', "SELECT name FROM singer WHERE name = 'STUCK'", 'SELECT ((((((((a b)))))))) FROM t'];
      const out = await analyzer.describe(sqls);
      expect(out[0]).toEqual({ ok: true, text: expect.stringContaining('counts rows of singer') });
      expect(out[1]).toMatchObject({ ok: false, error: { code: 'SQL_UNPARSED' } });
      expect(out[2]).toMatchObject({ ok: false, error: { code: 'SQL_UNPARSED' } });
      expect(analyzer.overrun()).toEqual([sqls[1]]);
      expect(spawned.n).toBe(2);
    } finally {
      analyzer.terminate();
    }
  });
});
