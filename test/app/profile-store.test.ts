/**
 * The profile store writes storage first and changes memory only after: a
 * write the browser refuses (its quota) comes back as a message in words,
 * leaves the list, the active profile and storage as they were, and the
 * store keeps working ("Use in Ask" still switches). Names: taken ones are
 * reported, free ones offered.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProfileStore, type ProfileStore } from '../../src/app/profiles/store.ts';
import { checkProfile } from '../../src/core/profile-check.ts';
import type { CalibrationProfile } from '../../src/core/profile.ts';

/** A Storage whose values may hold at most `quota` UTF-16 units in all, like a browser's localStorage. */
class QuotaStorage implements Storage {
  readonly map = new Map<string, string>();
  constructor(private readonly quota: number) {}
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
    const used = [...this.map].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    this.map.set(key, value);
  }
}

const raw = JSON.parse(readFileSync('public/profiles/default.json', 'utf8')) as unknown;
const checked = checkProfile(raw);
if (!checked.ok) throw new Error(checked.error.message);
const bundled = checked.profile;
const named = (name: string, notes = ''): CalibrationProfile => ({ ...bundled, name, provenance: { ...bundled.provenance, notes } });

let storage: QuotaStorage;
let store: ProfileStore;
beforeEach(async () => {
  vi.stubGlobal('document', { baseURI: 'http://localhost/app/' });
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(raw)));
  storage = new QuotaStorage(2_500_000);
  store = await createProfileStore(storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('profile store', () => {
  it('refuses a profile too big for storage in words, changes nothing, and keeps working', async () => {
    expect(store.save(named('Small one'))).toEqual({ ok: true });
    const before = { list: store.list().map((e) => e.profile.name), active: store.active()?.name, stored: storage.getItem('confide.profiles.v1') };
    const r = store.save(named('Huge notes', 'x'.repeat(3_000_000)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Could not save "Huge notes": this browser's storage for the app is full .*Nothing was changed\./);
    expect({ list: store.list().map((e) => e.profile.name), active: store.active()?.name, stored: storage.getItem('confide.profiles.v1') }).toEqual(before);
    expect(store.setActive('Small one')).toEqual({ ok: true });
    expect(store.active()?.name).toBe('Small one');
    expect(storage.getItem('confide.activeProfile.v1')).toBe('Small one');
    const reopened = await createProfileStore(storage);
    expect(reopened.active()?.name).toBe('Small one');
  });

  it('leaves memory alone when only the second write fails', async () => {
    expect(store.save(named('A'))).toEqual({ ok: true });
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (key === 'confide.activeProfile.v1') throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    };
    const stored = storage.getItem('confide.profiles.v1');
    expect(store.setActive('A').ok).toBe(false);
    expect(store.active()?.name).toBe(bundled.name);
    expect(store.remove('A').ok).toBe(true); // removing the inactive one needs no active write
    expect(storage.getItem('confide.profiles.v1')).not.toBe(stored);
  });

  it('puts a deleted profile back where it was, active again if it was, and survives a reload', async () => {
    for (const n of ['A', 'B', 'C']) store.save(named(n));
    store.setActive('B');
    expect(store.remove('B')).toEqual({ ok: true });
    expect(store.active()?.name).toBe(bundled.name);
    expect(store.restore(named('B'), 1, true)).toEqual({ ok: true });
    expect(store.list().map((e) => e.profile.name)).toEqual([bundled.name, 'A', 'B', 'C']);
    expect(store.active()?.name).toBe('B');
    expect((await createProfileStore(storage)).active()?.name).toBe('B');
    // A name taken meanwhile is not overwritten.
    store.remove('C');
    store.save(named('C', 'a new one'));
    const r = store.restore(named('C'), 2, false);
    expect(r.ok).toBe(false);
    expect(store.list().find((e) => e.profile.name === 'C')?.profile.provenance.notes).toBe('a new one');
  });

  it('says which names are taken and offers a free one', () => {
    store.save(named('Mine'));
    store.save(named('Mine (2)'));
    expect(store.has('Mine')).toBe(true);
    expect(store.has(bundled.name)).toBe(true);
    expect(store.has('Other')).toBe(false);
    expect(store.freeName('Mine')).toBe('Mine (3)');
    expect(store.freeName(bundled.name)).toBe(`${bundled.name} (2)`);
    expect(store.freeName('Other')).toBe('Other');
  });
});
