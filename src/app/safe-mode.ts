/**
 * Safe mode: the page opened as `#safe` (or through "Start in safe mode" on
 * the start-up error screen) resets what this browser keeps for Confide
 * without clearing the site's data: every stored setting (`confide.*` in
 * localStorage and sessionStorage: the model host, saved profiles and the one
 * in use, the console's history and time limit, the question typed, notes
 * dismissed) is moved under `confide.set-aside.*`, and the IndexedDB records
 * read at start (the own reward model, the last file) are moved to a
 * `set-aside` key, so the page starts as on a first visit and nothing is
 * deleted that could be kept. Generation runs (IndexedDB `confide`) are the
 * person's work, read only when asked for, and stay.
 */
import { idbDone, openKeyValueDb } from './idb.ts';
import { setAside, SET_ASIDE_PREFIX } from './stored.ts';

/** The URL fragment that starts the page in safe mode. */
export const SAFE_MODE_HASH = '#safe';

/** IndexedDB records read at start: database, store, key. */
const RECORDS = [
  { db: 'confide-orm', store: 'models', key: 'current', what: 'your own reward model' },
  { db: 'confide-files', store: 'last', key: 'last', what: 'the file to reopen' },
] as const;

/** The page's `confide.*` keys in `storage` (not those already set aside). */
function settingKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith('confide.') && !k.startsWith(SET_ASIDE_PREFIX)) keys.push(k);
  }
  return keys;
}

/**
 * Sets aside everything stored; answers what was set aside, in words (empty
 * when nothing was stored). Storage that cannot be reached is skipped.
 *
 * @example const moved = await enterSafeMode([localStorage, sessionStorage]);
 */
export async function enterSafeMode(storages: readonly Storage[]): Promise<string[]> {
  const moved: string[] = [];
  for (const storage of storages) {
    try {
      for (const key of settingKeys(storage)) {
        setAside(storage, key);
        moved.push(key);
      }
    } catch {
      // this storage cannot be read at all: nothing of it is used either
    }
  }
  for (const r of RECORDS) {
    try {
      const db = await openKeyValueDb(r.db, r.store);
      const tx = db.transaction(r.store, 'readwrite');
      const store = tx.objectStore(r.store);
      const get = store.get(r.key);
      get.onsuccess = () => {
        if (get.result === undefined) return;
        store.put(get.result, 'set-aside');
        store.delete(r.key);
        moved.push(r.what);
      };
      await idbDone(tx);
      db.close();
    } catch {
      // IndexedDB unavailable: nothing of it is read at start either
    }
  }
  return moved;
}
