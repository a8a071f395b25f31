/**
 * Which outcome reward model the app uses as its `orm` verifier: the bundled
 * one (served from the app's `models/`) or the person's own, trained with
 * `npm run orm:train` and chosen as its `.onnx` file and `.json` sidecar. An
 * own model is kept in IndexedDB (database `confide-orm`, store `models`,
 * key `current`: the bytes, the sidecar and the file names), so it survives
 * a reload and never needs the network.
 *
 * Storage first, memory second (as the profile store): a choice is written
 * before it becomes current, so a refused write (quota, storage off) leaves
 * the previous model in use and comes back as `ORM_NOT_SAVED` in words.
 */
import { type OrmErrorData, type OrmSidecar, parseSidecar } from '../../core/orm/index.ts';
import { idbDone, idbRequest, openKeyValueDb } from '../idb.ts';

/** The bundled model's sidecar, relative to the page. */
export const BUNDLED_ORM_SIDECAR_URL = 'models/orm-v2.json';
/** The bundled model's name (its sidecar's `name`). */
export const BUNDLED_ORM_NAME = 'orm-v2';

/** A person's own model, as kept. */
export interface OwnOrm {
  readonly kind: 'own';
  /** Changes with every choice, so a worker knows whether it holds this one. */
  readonly id: string;
  readonly sidecar: OrmSidecar;
  readonly model: Uint8Array;
  readonly files: { readonly model: string; readonly sidecar: string };
  /** When it was chosen (ISO 8601). */
  readonly added: string;
}

export type OrmChoice = { readonly kind: 'bundled'; readonly id: 'bundled' } | OwnOrm;

export const BUNDLED_ORM: OrmChoice = { kind: 'bundled', id: 'bundled' };

export type OrmStoreResult = { readonly ok: true } | { readonly ok: false; readonly error: OrmErrorData };

export interface OrmModelStore {
  current(): OrmChoice;
  /** Keeps `own` and makes it current; on failure the previous choice stays. */
  choose(own: Omit<OwnOrm, 'kind' | 'id' | 'added'>): Promise<OrmStoreResult>;
  /** Forgets the own model and goes back to the bundled one. */
  useBundled(): Promise<OrmStoreResult>;
  /** Said once at start when a kept model could not be used (it stays kept until replaced). */
  readonly startupNotice: string | null;
  onChange(listener: () => void): void;
}

/** What the IndexedDB record holds. */
interface Kept {
  readonly sidecar: unknown;
  readonly model: Uint8Array;
  readonly files: { readonly model: string; readonly sidecar: string };
  readonly added: string;
}

const DB_NAME = 'confide-orm';
const STORE = 'models';
const KEY = 'current';
/** Where a kept record that does not read is moved (safe mode moves the kept one there too). */
export const SET_ASIDE_KEY = 'set-aside';

/**
 * A kept record checked field by field, or why it cannot be used: a record
 * changed by hand (or by another version) must not stop the page.
 */
function readKept(v: unknown): { ok: true; kept: OwnOrm } | { ok: false; why: string; name: string } {
  const r = (v ?? {}) as Partial<Record<keyof Kept, unknown>>;
  const files = r.files as { model?: unknown; sidecar?: unknown } | null | undefined;
  const name = typeof files?.model === 'string' ? shortName(files.model) : 'kept from an earlier visit';
  const fail = (why: string) => ({ ok: false as const, why, name });
  if (typeof v !== 'object' || v === null) return fail('the record is not an object');
  if (typeof files?.model !== 'string' || typeof files.sidecar !== 'string') return fail('its file names are missing');
  const model = r.model instanceof Uint8Array ? r.model : r.model instanceof ArrayBuffer ? new Uint8Array(r.model) : null;
  if (model === null || model.byteLength === 0) return fail('its model bytes are missing');
  if (typeof r.added !== 'string' || Number.isNaN(Date.parse(r.added))) return fail('the date it was loaded is missing');
  try {
    const sidecar = parseSidecar(r.sidecar, files.sidecar);
    return {
      ok: true,
      kept: { kind: 'own', id: nextId(), sidecar, model: new Uint8Array(model), files: { model: files.model, sidecar: files.sidecar }, added: r.added },
    };
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}

/** A file name as the page shows it: at most 80 characters. */
const shortName = (name: string): string => (name.length > 80 ? `${name.slice(0, 80)}…` : name);

const openDb = (): Promise<IDBDatabase> => openKeyValueDb(DB_NAME, STORE);

/** A refused write in words. */
function notSaved(e: unknown, what: string, bytes: number): OrmErrorData {
  const quota = e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
  const why = quota
    ? `this browser's storage for the app is full (${(bytes / 2 ** 20).toFixed(1)} MiB to keep)`
    : `the browser refused to store it (${e instanceof Error ? e.message : String(e)})`;
  return { code: 'ORM_NOT_SAVED', message: `Could not ${what}: ${why}. Nothing was changed: the previous model stays in use.` };
}

let counter = 0;
const nextId = (): string => `own-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Opens the store and reads the kept model, if any. Without IndexedDB (or
 * when it fails to open) the store keeps choices for this visit only and
 * says so in `startupNotice`.
 *
 * @example
 * const models = await openOrmModelStore();
 * models.current().kind; // 'bundled' until the person chooses their own
 */
export async function openOrmModelStore(): Promise<OrmModelStore> {
  let db: IDBDatabase | null = null;
  let current: OrmChoice = BUNDLED_ORM;
  let startupNotice: string | null = null;
  try {
    db = await openDb();
    const kept = await idbRequest(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY));
    if (kept !== undefined) {
      const r = readKept(kept);
      if (r.ok) current = r.kept;
      else {
        startupNotice = `Your reward model ${r.name} (kept from an earlier visit) cannot be used by this version of the app: ${r.why.length > 300 ? `${r.why.slice(0, 300)}…` : r.why} It was set aside and the bundled model is in use; load a model trained with this version to replace it.`;
        const tx = db.transaction(STORE, 'readwrite');
        tx.objectStore(STORE).put(kept, SET_ASIDE_KEY);
        tx.objectStore(STORE).delete(KEY);
        await idbDone(tx).catch(() => undefined);
      }
    }
  } catch (e) {
    db = null;
    startupNotice = `This browser's storage is not available (${e instanceof Error ? e.message : String(e)}): a model you load is used for this visit only.`;
  }
  const listeners: (() => void)[] = [];
  const set = (next: OrmChoice): OrmStoreResult => {
    current = next;
    for (const l of listeners) l();
    return { ok: true };
  };
  const write = async (what: string, bytes: number, change: (store: IDBObjectStore) => void): Promise<OrmStoreResult> => {
    if (db === null) return { ok: true };
    try {
      const tx = db.transaction(STORE, 'readwrite');
      change(tx.objectStore(STORE));
      await idbDone(tx);
      return { ok: true };
    } catch (e) {
      return { ok: false, error: notSaved(e, what, bytes) };
    }
  };
  return {
    current: () => current,
    startupNotice,
    async choose(own) {
      const added = new Date().toISOString();
      const kept: Kept = { sidecar: own.sidecar, model: own.model, files: own.files, added };
      const w = await write(`keep ${own.files.model}`, own.model.byteLength, (s) => s.put(kept, KEY));
      return w.ok ? set({ kind: 'own', id: nextId(), ...own, added }) : w;
    },
    async useBundled() {
      const w = await write('forget your own model', 0, (s) => s.delete(KEY));
      return w.ok ? set(BUNDLED_ORM) : w;
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * The model's name and where it comes from, in words, from its sidecar.
 *
 * @example describeOrm(models.current()); // 'orm-v2, bundled with the app (model card: models/README.md)'
 */
export function describeOrm(choice: OrmChoice): { name: string; provenance: string } {
  if (choice.kind === 'bundled') return { name: BUNDLED_ORM_NAME, provenance: 'bundled with the app (model card: models/README.md)' };
  // A sidecar comes from outside: `training` may be missing or null, and any field may be long.
  const t = (choice.sidecar.training ?? {}) as Record<string, unknown>;
  const q = (choice.sidecar.quality ?? { status: 'not yet measured' }) as { status: string; validationInt8?: { auroc?: unknown } | null };
  const auroc = typeof q.validationInt8?.auroc === 'number' ? `, validation AUROC ${q.validationInt8.auroc.toFixed(3)}` : '';
  const parts = [
    `your file ${shortName(choice.files.model)}`,
    typeof t.data === 'string' ? `trained on ${shortName(t.data)}` : null,
    typeof t.seed === 'number' ? `seed ${t.seed}` : null,
    `quality ${q.status}${auroc}`,
    `loaded ${choice.added.slice(0, 10)}`,
  ];
  return { name: shortName(choice.sidecar.name), provenance: parts.filter((p) => p !== null).join('; ') };
}
