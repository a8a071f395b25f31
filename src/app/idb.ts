/**
 * Promises over IndexedDB's two callback shapes, and opening a one-store
 * database with a time limit, for the app's stores (Evaluate's generation
 * runs, the reward model in use, the last file opened).
 */

/**
 * A request's result, or its error.
 *
 * @example const row = await idbRequest(store.get(key));
 */
export const idbRequest = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/**
 * Resolves when a transaction commits; rejects when it fails or aborts (a quota refusal aborts it).
 *
 * @example store.put(value, key); await idbDone(tx);
 */
export const idbDone = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('the transaction was aborted', 'AbortError'));
  });

/**
 * Opens (creating on first use) a database `name` with one key–value store
 * `store`, or rejects when IndexedDB does not answer within `timeoutMs` (a
 * browser with storage off can leave the request pending).
 *
 * @example const db = await openKeyValueDb('confide-files', 'last');
 */
export async function openKeyValueDb(name: string, store: string, timeoutMs = 5_000): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(store);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not open within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([idbRequest(open), late]);
  } finally {
    clearTimeout(timer);
  }
}
