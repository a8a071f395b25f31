/**
 * Evaluate's file reading under caps (run in-process here; in the app the
 * same code runs in the bench-files worker): a zip whose question file or
 * database inflates past its cap is refused in words, also when its header
 * lies about the size; a zip listing too many entries is refused; a candidate
 * file is parsed as a stream, a blank tail of any length costs nothing, and a
 * line or file past its limit is named.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadBench, QUESTION_FILE_MAX_BYTES, SourceError, zipSource } from '../../src/app/evaluate/bench-source.ts';
import { readCandidateBlob } from '../../src/engines/files/candidate-reader.ts';
import { listZip, readZipEntry, ZIP_MAX_ENTRIES, ZIP_MAX_ENTRY_BYTES } from '../../src/engines/files/zip-reader.ts';
import { candidateFileParser, parseCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { makeZip } from '../helpers/big-zip.ts';

const enc = (x: unknown): Uint8Array<ArrayBuffer> => new TextEncoder().encode(typeof x === 'string' ? x : JSON.stringify(x));
const questions = enc([{ db_id: 'a', question: 'q', query: 'SELECT 1' }]);
const MB16 = 1 << 24;

describe('zips inflate under caps', () => {
  it('refuses a question file whose header says it inflates past the cap, before inflating it', async () => {
    const spaces = new Uint8Array(MB16).fill(32);
    const zip = makeZip([
      { name: 'dev.json', chunk: spaces, repeat: QUESTION_FILE_MAX_BYTES / MB16 + 2 },
      { name: 'database/a/a.sqlite', data: enc('SQLite') },
    ]);
    const r = await loadBench(await zipSource(new File([zip], 'big.zip')));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('dev.json inflates to 288 MB; the limit is 256 MB');
  });

  it('refuses a question file that inflates past the cap although its header claims 100 bytes', async () => {
    const zip = makeZip([
      { name: 'dev.json', chunk: new Uint8Array(MB16).fill(32), repeat: QUESTION_FILE_MAX_BYTES / MB16 + 1, claimSize: 100 },
      { name: 'database/a/a.sqlite', data: enc('SQLite') },
    ]);
    const r = await loadBench(await zipSource(new File([zip], 'lying.zip')));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('dev.json inflates past the limit (its header claimed less); the limit is 256 MB');
  });

  it('refuses a 1.5 GB database in a 1.5 MB zip, in words, and still serves the question file', async () => {
    const zip = makeZip([
      { name: 'dev.json', data: questions },
      { name: 'database/a/a.sqlite', chunk: new Uint8Array(MB16), repeat: 96 },
    ]);
    expect(zip.length).toBeLessThan(2_000_000);
    const r = await loadBench(await zipSource(new File([zip], 'bomb.zip')));
    if (!r.ok) throw new Error(r.message);
    expect(r.bench.questions).toHaveLength(1);
    const err = await r.bench.database('a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ code: 'TOO_LARGE', message: 'database/a/a.sqlite inflates to 1.5 GB; the limit is 1.0 GB' });
  });

  it('stops inflating the moment an entry passes its cap, whatever the header says', async () => {
    const zip = new File([makeZip([{ name: 'x', chunk: new Uint8Array(1 << 20), repeat: 40, claimSize: 10 }])], 'x.zip');
    const [entry] = await listZip(zip);
    let seen = 0;
    await expect(readZipEntry(zip, entry!, { maxBytes: 4 << 20, onProgress: (done) => (seen = Math.max(seen, done)) })).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    expect(seen).toBeLessThanOrEqual(4 << 20);
    expect(ZIP_MAX_ENTRY_BYTES).toBe(2 ** 30);
  });

  it('refuses a zip listing more entries than the cap, and a file that is not a zip', async () => {
    const many = makeZip(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `f${i}`, data: new Uint8Array(0) })));
    await expect(zipSource(new File([many], 'many.zip'))).rejects.toMatchObject({ code: 'TOO_MANY_ENTRIES' });
    await expect(zipSource(new File([enc('not a zip at all')], 'n.zip'))).rejects.toMatchObject({ code: 'NOT_ZIP' });
  });

  it('reads what fflate writes, stored and deflated', async () => {
    const zip = zipSync({ 'dev.json': questions, 'database/a/a.sqlite': [new Uint8Array(3000).fill(9), { level: 0 }] });
    const r = await loadBench(await zipSource(new File([zip], 'ok.zip')));
    if (!r.ok) throw new Error(r.message);
    expect(await r.bench.database('a')).toEqual(new Uint8Array(3000).fill(9));
  });
});

const line = (i: number): string => JSON.stringify({ id: `q${i}`, db_id: 'a', question: 'Which é? 😀', candidates: [{ sql: `SELECT ${i}` }] });

describe('candidate files are streamed, never one string', () => {
  it('parses the same records whatever the pieces (split mid-line and mid-character)', async () => {
    const text = '\uFEFF' + Array.from({ length: 40 }, (_, i) => line(i)).join('\r\n') + '\n\n';
    const whole = parseCandidateFile(text, 'c.jsonl').records;
    const bytes = enc(text);
    const parts = [bytes.subarray(0, 7), bytes.subarray(7, 1001), bytes.subarray(1001)];
    expect(await readCandidateBlob(new Blob(parts), 'c.jsonl')).toEqual(whole);
    const p = candidateFileParser('c.jsonl');
    for (let i = 0; i < text.length; i += 13) p.push(text.slice(i, i + 13));
    expect(p.end()).toEqual(whole);
  });

  it('reads 40 lines followed by 100 MB of blank tail as 40 questions', async () => {
    const head = enc(Array.from({ length: 40 }, (_, i) => line(i)).join('\n') + '\n');
    const blank = new Uint8Array(1 << 20).fill(32);
    const records = await readCandidateBlob(new Blob([head, ...Array.from({ length: 100 }, () => blank)]), 'c.jsonl');
    expect(records).toHaveLength(40);
  });

  it('names an over-long line, and refuses a file past its limit', async () => {
    const p = candidateFileParser('c.jsonl', 1000);
    p.push(line(1) + '\n' + line(2) + '\n');
    expect(() => p.push('{"id": "' + 'x'.repeat(2000))).toThrow(expect.objectContaining({ code: 'TOO_LARGE', line: 3 }));
    await expect(readCandidateBlob(new Blob([enc(line(1))]), 'c.jsonl', undefined, 10)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'c.jsonl: is 1 KB; candidate files of up to 1 KB are read',
    });
  });
});
