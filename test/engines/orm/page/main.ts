/**
 * A minimal page for the browser test of the ORM worker (test/browser/orm.test.ts):
 * it starts `workers/orm.worker.ts` the way the app does, loads the bundled
 * model from `models/` relative to the page (so sub-path hosting is
 * exercised), and exposes `window.ormCheck(items)`.
 */
import { wrap } from 'comlink';
import type { OrmEngine } from '../../../../src/engines/orm/engine.ts';
import type { OrmItem } from '../../../../src/core/orm/featurize.ts';

const engine = wrap<OrmEngine>(new Worker(new URL('../../../../workers/orm.worker.ts', import.meta.url), { type: 'module' }));

async function ormCheck(items: readonly OrmItem[]) {
  const loaded = await engine.loadFromUrl(new URL('models/orm-v1.json', document.baseURI).href);
  if (!loaded.ok) return { loaded };
  const scored = await engine.score(items);
  return { loaded, scored: scored.ok ? { ok: true, backend: scored.backend, scores: Array.from(scored.scores) } : scored };
}

declare global {
  interface Window {
    ormCheck: typeof ormCheck;
  }
}
window.ormCheck = ormCheck;
