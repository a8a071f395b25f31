/**
 * What the page keeps in Web Storage is read through checks: a value that
 * does not read is set aside under `confide.set-aside.<key>` (kept, not
 * deleted) and said once as a start-up notice, and the default is used; a
 * saved profile this version refuses is set aside alone while the others
 * stay. Before, a bad value was skipped in silence or stopped the start.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from '../../src/app/console/history.ts';
import { createProfileStore } from '../../src/app/profiles/store.ts';
import { setAsideNotes } from '../../src/app/startup-notices.ts';
import { jsonOf, readStored } from '../../src/app/stored.ts';

class MemoryStorage implements Storage {
  readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

const raw = JSON.parse(readFileSync('public/profiles/default.json', 'utf8')) as Record<string, unknown>;
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('document', { baseURI: 'http://localhost/app/' });
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(raw)));
});
afterEach(() => vi.unstubAllGlobals());

describe('stored settings', () => {
  it('a value that does not read is set aside, said, and the default used', () => {
    storage.setItem('confide.console-history', '{"not": "a list"}');
    const before = setAsideNotes().length;
    expect(readHistory(storage)).toEqual([]);
    expect(storage.getItem('confide.console-history')).toBeNull();
    expect(storage.getItem('confide.set-aside.confide.console-history')).toBe('{"not": "a list"}');
    expect(setAsideNotes().slice(before)).toEqual([
      'Your SQL console history could not be read (it is not a list), so it was set aside; the default is in use.',
    ]);
  });

  it('a reader that throws is a value that does not read; nothing stored is nothing to say', () => {
    storage.setItem('k', 'x');
    const before = setAsideNotes().length;
    expect(
      readStored(storage, 'k', 'a setting', () => {
        throw new Error('boom');
      }),
    ).toBeNull();
    expect(readStored(storage, 'absent', 'another', (t) => jsonOf(t, Array.isArray, 'a list'))).toBeNull();
    expect(setAsideNotes().slice(before)).toEqual(['A setting could not be read (boom), so it was set aside; the default is in use.']);
  });

  it('a saved profile this version refuses is set aside alone; the others stay', async () => {
    const good = { ...raw, name: 'Kept' };
    const bad = { ...raw, name: 'Refused', bands: 'not bands' };
    storage.setItem('confide.profiles.v1', JSON.stringify([good, bad]));
    const before = setAsideNotes().length;
    const store = await createProfileStore(storage);
    expect(store.list().map((e) => e.profile.name)).toContain('Kept');
    expect(store.list().map((e) => e.profile.name)).not.toContain('Refused');
    expect((JSON.parse(storage.getItem('confide.set-aside.confide.profiles.v1')!) as { name: string }[]).map((p) => p.name)).toEqual(['Refused']);
    expect((JSON.parse(storage.getItem('confide.profiles.v1')!) as { name: string }[]).map((p) => p.name)).toEqual(['Kept']);
    expect(setAsideNotes().slice(before)).toHaveLength(1);
    expect(setAsideNotes().at(-1)).toContain('"Refused" could not be read');
  });
});
