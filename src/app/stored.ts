/**
 * Reading what the page keeps in Web Storage, so that nothing stored can stop
 * the page from starting: the storage itself may be off (reading
 * `localStorage` throws where a browser blocks it: the page then keeps
 * settings for this visit only), and a value that does not read (bad JSON, a
 * wrong shape, a setting this version refuses) is set aside under
 * `confide.set-aside.<key>` (nothing is deleted that could be copied) and
 * reported (startup-notices.ts), and the default is used.
 */
import { noteSetAside } from './startup-notices.ts';

/** Where a value that did not read is kept. */
export const SET_ASIDE_PREFIX = 'confide.set-aside.';

/** A stored value's reading: its value, or why it cannot be used. */
export type StoredRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

/** An in-memory Storage for a browser that refuses the real one. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const fallbacks = new Map<'local' | 'session', Storage>();

/**
 * The page's `localStorage` or `sessionStorage`, or, when the browser refuses
 * it, storage for this visit only (said once as a start-up notice).
 *
 * @example const storage = pageStorage('local'); storage.getItem('confide.modelHost');
 */
export function pageStorage(kind: 'local' | 'session'): Storage {
  try {
    const s = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    if (s !== undefined && s !== null) return s;
  } catch {
    // blocked by the browser's settings
  }
  let s = fallbacks.get(kind);
  if (s === undefined) {
    s = memoryStorage();
    fallbacks.set(kind, s);
    noteSetAside(`This browser does not let the page use its ${kind === 'local' ? 'local' : 'session'} storage, so settings last for this visit only.`);
  }
  return s;
}

/**
 * The value under `key`, read by `read`; null when nothing is stored (or the
 * storage cannot be read). A value `read` refuses, or that throws, is set
 * aside and reported as `what` (e.g. "your model host setting"), and null
 * is returned so the caller uses its default.
 *
 * @example
 * const host = readStored(localStorage, MODEL_HOST_KEY, 'your model host setting', (raw) => { const c = checkModelHost(raw); return c.ok ? { ok: true, value: c.base } : { ok: false, why: c.message }; });
 */
export function readStored<T>(storage: Storage, key: string, what: string, read: (raw: string) => StoredRead<T>): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let r: StoredRead<T>;
  try {
    r = read(raw);
  } catch (e) {
    r = { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
  if (r.ok) return r.value;
  setAside(storage, key);
  noteSetAside(`${capital(what)} could not be read (${clip(r.why)}), so it was set aside; the default is in use.`);
  return null;
}

/**
 * Moves the value under `key` to `confide.set-aside.<key>` (or, when the copy
 * does not fit, removes it: the page must start).
 *
 * @example setAside(localStorage, 'confide.profiles.v1');
 */
export function setAside(storage: Storage, key: string): void {
  try {
    const raw = storage.getItem(key);
    if (raw !== null) storage.setItem(SET_ASIDE_PREFIX + key, raw);
  } catch {
    // no room for the copy
  }
  try {
    storage.removeItem(key);
  } catch {
    // storage refuses writes: the value stays, and is set aside again next time
  }
}

/**
 * JSON text parsed, or why not, for {@link readStored}.
 *
 * @example readStored(storage, KEY, 'your history', (raw) => jsonOf(raw, Array.isArray, 'a list'));
 */
export function jsonOf<T>(raw: string, is: (v: unknown) => v is T, shape: string): StoredRead<T> {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return { ok: false, why: 'it is not JSON' };
  }
  return is(v) ? { ok: true, value: v } : { ok: false, why: `it is not ${shape}` };
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const clip = (s: string): string => (s.length > 200 ? `${s.slice(0, 200)}…` : s);
