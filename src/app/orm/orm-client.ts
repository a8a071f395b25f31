/**
 * The page's side of the ORM worker (workers/orm.worker.ts): one worker,
 * started on first use, holding the model the store says is current (the
 * bundled one fetched from the app's own origin, or the person's own from
 * the bytes they chose; never anything else from the network). Every call
 * to the worker goes through one chain, so a load and a scoring never cross.
 *
 * Loading an own model checks the pair before anything changes: one `.onnx`
 * and one `.json`, the sizes within limits, the sidecar valid for this
 * build's featurizer and describing a model of exactly the chosen file's
 * size; then the worker loads it (onnxruntime checks the input shape against
 * the sidecar's `featurizer.dim` and runs it once). Only a model that loaded
 * is kept; a refusal names the file and what is wrong, and the model in use
 * stays in use.
 *
 * Scoring has a time limit, as SQL has ({@link ormScoreLimitMs}: onnxruntime
 * cannot interrupt a run, so at the limit the worker is terminated, the call
 * answers `ORM_TIMEOUT` in words, and the next call starts a fresh worker).
 * A model whose cost grows with the batch passes its one-row check at load
 * and then took an Ask about 90 s; now the Ask goes on without its scores.
 */
import { type OrmItem, type OrmSidecar, parseSidecar } from '../../core/orm/index.ts';
import type { OrmLoaded, OrmResult, OrmScores } from '../../engines/orm/index.ts';
import { BUNDLED_ORM_SIDECAR_URL, type OrmChoice, type OrmModelStore } from './model-store.ts';
import { engine, guarded, type OrmWorker, ormWorker, scoreLimited, serialize } from './orm-worker.ts';
import { checkOrmPair } from './pair.ts';

/** Time a scoring call may take before its worker is stopped: 10 s plus 50 ms per row (a question's candidates twice, or an evaluation's batch of up to 512). */
export const ORM_SCORE_BASE_MS = 10_000;
export const ORM_SCORE_PER_ROW_MS = 50;

/**
 * The time limit for scoring `rows` items.
 *
 * @example ormScoreLimitMs(16); // 10800
 */
export function ormScoreLimitMs(rows: number): number {
  return ORM_SCORE_BASE_MS + ORM_SCORE_PER_ROW_MS * rows;
}

export interface OrmClient {
  readonly store: OrmModelStore;
  /** Checks and loads the chosen files; when they load, they become the model in use (and are kept). */
  loadOwn(files: readonly File[]): Promise<OrmResult<{ loaded: OrmLoaded; sidecar: OrmSidecar }>>;
  /** Goes back to the bundled model. */
  useBundled(): Promise<OrmResult<object>>;
  /** Scores with the model in use, loading it into the worker first when needed. */
  score(items: readonly OrmItem[]): Promise<OrmResult<OrmScores>>;
  /** The sidecar of the model in use, once the worker holds it (the bundled one's comes from its URL). */
  sidecar(): Promise<OrmResult<{ sidecar: OrmSidecar; choice: OrmChoice }>>;
}

/**
 * A client over the store; the worker starts on the first load or score.
 *
 * @example
 * const orm = createOrmClient(await openOrmModelStore());
 * const r = await orm.loadOwn([...input.files]); // r.ok or r.error.message
 */
export function createOrmClient(
  store: OrmModelStore,
  spawn: () => Worker = () => new Worker(new URL('../../../workers/orm.worker.ts', import.meta.url), { type: 'module', name: 'orm' }),
  limitMs: (rows: number) => number = ormScoreLimitMs,
): OrmClient {
  const w = ormWorker(spawn);
  const name = (): string => (store.current().kind === 'own' ? 'Your reward model' : 'The reward model');
  return {
    store,
    sidecar: () => serialize(w, () => guarded(w, () => ensure(w, store))),
    score: (items) =>
      serialize(w, () =>
        guarded(w, async () => {
          const e = await ensure(w, store);
          if (!e.ok) return e;
          return scoreLimited(w, items, limitMs(items.length), name);
        }),
      ),
    loadOwn: (files) => loadOwn(w, store, files),
    useBundled: () => serialize(w, async () => store.useBundled()),
  };
}

/** Makes the worker hold the store's current choice (inside the chain). */
async function ensure(w: OrmWorker, store: OrmModelStore): Promise<OrmResult<{ sidecar: OrmSidecar; choice: OrmChoice }>> {
  const choice = store.current();
  if (w.held?.id === choice.id) return { ok: true, sidecar: w.held.sidecar, choice };
  if (choice.kind === 'own') {
    const r = await engine(w).load(choice.model, choice.sidecar, choice.files.model);
    if (!r.ok) return r;
    w.held = { id: choice.id, sidecar: choice.sidecar };
    return { ok: true, sidecar: choice.sidecar, choice };
  }
  const url = new URL(BUNDLED_ORM_SIDECAR_URL, document.baseURI).href;
  const r = await engine(w).loadFromUrl(url);
  if (!r.ok) return r;
  // The worker checked it; the page reads the same small file again for its name and provenance.
  let sidecar: OrmSidecar;
  try {
    sidecar = parseSidecar(await (await fetch(url)).json(), BUNDLED_ORM_SIDECAR_URL);
  } catch (e) {
    return { ok: false, error: { code: 'ORM_BAD_SIDECAR', message: (e as Error).message, source: BUNDLED_ORM_SIDECAR_URL } };
  }
  w.held = { id: choice.id, sidecar };
  return { ok: true, sidecar, choice };
}

/** Checks the chosen pair, loads it in the worker and, once it loaded, keeps it as the store's choice. */
async function loadOwn(w: OrmWorker, store: OrmModelStore, files: readonly File[]): Promise<OrmResult<{ loaded: OrmLoaded; sidecar: OrmSidecar }>> {
  const s = await checkOrmPair(files);
  if (!s.ok) return s;
  const { model, sidecarFile } = s;
  const bytes = new Uint8Array(await model.arrayBuffer());
  return serialize(w, () =>
    guarded(w, async () => {
      // The worker swaps models only once the new one has loaded and run; a refusal leaves the one it holds.
      const loaded = await engine(w).load(bytes, s.sidecar, model.name);
      if (!loaded.ok) return loaded;
      w.held = null; // the worker now holds the new model, which is not yet the store's choice
      const kept = await store.choose({ sidecar: s.sidecar, model: bytes, files: { model: model.name, sidecar: sidecarFile.name } });
      if (!kept.ok) return kept;
      w.held = { id: store.current().id, sidecar: s.sidecar };
      return { ok: true, loaded, sidecar: s.sidecar };
    }),
  );
}
