/**
 * A profile import was read whole and parsed on the page's thread with no
 * cap (80 MB stalled the page 2.5–2.8 s; 400 MB crashed the tab). The files
 * worker's `readProfile` refuses a file over 64 MiB by its size, before
 * reading it, and reads, parses and checks a smaller one, each failure a code
 * and words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBenchFilesApi, PROFILE_MAX_BYTES } from '../../src/engines/files/bench-files-api.ts';

/** A Blob that says it is `size` bytes and fails if it is read. */
const unreadable = (size: number): Blob =>
  ({
    size,
    text: () => Promise.reject(new Error('read')),
    slice: () => {
      throw new Error('read');
    },
  }) as unknown as Blob;

describe('readProfile', () => {
  const api = createBenchFilesApi();
  const text = readFileSync('public/profiles/default.json', 'utf8');

  it('refuses a file over the cap before reading a byte', async () => {
    expect(PROFILE_MAX_BYTES).toBe(64 * 2 ** 20);
    const r = await api.readProfile(unreadable(400 * 2 ** 20), 'huge.json', PROFILE_MAX_BYTES);
    expect(r).toMatchObject({ ok: false, code: 'TOO_LARGE', message: expect.stringContaining('huge.json is 400.0 MiB; a profile is at most 64 MiB') });
  });

  it('reads a profile, and says what is wrong with one that is not', async () => {
    const ok = await api.readProfile(new Blob([text]), 'default.json', PROFILE_MAX_BYTES);
    expect(ok.ok && ok.value.name).toBe((JSON.parse(text) as { name: string }).name);
    expect(await api.readProfile(new Blob(['{nope']), 'x.json', PROFILE_MAX_BYTES)).toMatchObject({
      ok: false,
      code: 'BAD_JSON',
      message: expect.stringContaining('x.json is not JSON'),
    });
    expect(await api.readProfile(new Blob(['{"version": 2}']), 'y.json', PROFILE_MAX_BYTES)).toMatchObject({
      ok: false,
      code: 'BAD_PROFILE',
      message: expect.stringMatching(/^y\.json: /),
    });
  });
});
