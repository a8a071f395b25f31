/**
 * Generation runs kept in IndexedDB (database `confide`, stores `runs` and
 * `records`): each question's candidates are written the moment they are
 * generated, so closing the tab loses at most the question in progress, and a
 * run can be resumed or exported later. Implements the pipeline's RunStore.
 */
import type { QuestionRecord } from '../../core/bench/index.ts';
import type { GenerationSettings, RunStore } from '../../core/pipeline/index.ts';
import { idbDone, idbRequest } from '../idb.ts';

export interface RunMeta {
  readonly id: string;
  /** Benchmark source and split, e.g. "spider (dev)". */
  readonly benchmark: string;
  readonly model: string;
  readonly settings: GenerationSettings;
  readonly total: number;
  readonly created: string;
}

export interface BrowserRunStore extends RunStore {
  saveMeta(meta: RunMeta): Promise<void>;
  /** Every run with how many questions it has stored (a run whose record does not read is left out). */
  list(): Promise<{ meta: RunMeta; done: number }[]>;
  remove(runId: string): Promise<void>;
}

/** Whether a stored run record has the fields the page reads (a record changed by hand must not break the list). */
function isRunMeta(v: unknown): v is RunMeta {
  const m = v as Partial<Record<keyof RunMeta, unknown>> | null;
  const s = m?.settings as Partial<Record<keyof GenerationSettings, unknown>> | null | undefined;
  return (
    typeof m?.id === 'string' &&
    typeof m.benchmark === 'string' &&
    typeof m.model === 'string' &&
    typeof m.total === 'number' &&
    typeof m.created === 'string' &&
    typeof s?.n === 'number' &&
    typeof s.temperature === 'number' &&
    typeof s.seed === 'number'
  );
}

/**
 * Opens (creating on first use) the store.
 *
 * @example
 * const runs = await openRunStore();
 * await runGeneration(id, questions, generator, schemaFor, runs, settings, { signal });
 */
export async function openRunStore(name = 'confide'): Promise<BrowserRunStore> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore('runs', { keyPath: 'id' });
    db.createObjectStore('records', { keyPath: ['runId', 'id'] }).createIndex('byRun', 'runId');
  };
  const db = await idbRequest(open);
  const records = (runId: string, mode: IDBTransactionMode) => {
    const tx = db.transaction('records', mode);
    return { tx, store: tx.objectStore('records'), range: IDBKeyRange.only(runId) };
  };
  return {
    async load(runId) {
      const { store, range } = records(runId, 'readonly');
      const rows = (await idbRequest(store.index('byRun').getAll(range))) as { runId: string; id: string; record: QuestionRecord }[];
      return new Map(rows.map((r) => [r.id, r.record]));
    },
    async put(runId, record) {
      const { tx, store } = records(runId, 'readwrite');
      store.put({ runId, id: record.id, record });
      await idbDone(tx);
    },
    async saveMeta(meta) {
      const tx = db.transaction('runs', 'readwrite');
      tx.objectStore('runs').put(meta);
      await idbDone(tx);
    },
    async list() {
      const metas = ((await idbRequest(db.transaction('runs', 'readonly').objectStore('runs').getAll())) as unknown[]).filter(isRunMeta);
      const out: { meta: RunMeta; done: number }[] = [];
      for (const meta of metas) {
        const { store, range } = records(meta.id, 'readonly');
        out.push({ meta, done: await idbRequest(store.index('byRun').count(range)) });
      }
      return out.sort((a, b) => b.meta.created.localeCompare(a.meta.created));
    },
    async remove(runId) {
      const tx = db.transaction(['runs', 'records'], 'readwrite');
      tx.objectStore('runs').delete(runId);
      const idx = tx.objectStore('records').index('byRun');
      const keys = await idbRequest(idx.getAllKeys(IDBKeyRange.only(runId)));
      for (const k of keys) tx.objectStore('records').delete(k);
      await idbDone(tx);
    },
  };
}
