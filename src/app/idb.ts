/**
 * Promises over IndexedDB's two callback shapes, for the app's stores
 * (Evaluate's generation runs, the reward model in use).
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
