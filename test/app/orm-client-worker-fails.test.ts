// A reward-model worker that cannot start (its script fails to load or throws at start) must end
// the call with a typed error instead of leaving Ask or Evaluate waiting for ever; the next call
// starts a new worker.
import { describe, expect, it } from 'vitest';
import type { OrmSidecar } from '../../src/core/orm/index.ts';
import { createOrmClient } from '../../src/app/orm/orm-client.ts';
import type { OrmChoice, OrmModelStore } from '../../src/app/orm/model-store.ts';

/** A worker stand-in that never answers and reports an error once something listens. */
class FailingWorker extends EventTarget {
  postMessage(): void {}
  terminate(): void {}
  start(): void {}
  constructor() {
    super();
    setTimeout(() => {
      const ev = new Event('error');
      Object.defineProperty(ev, 'message', { value: 'Failed to fetch a dynamically imported module' });
      this.dispatchEvent(ev);
    }, 10);
  }
}

const own: OrmChoice = {
  kind: 'own',
  id: 'own-1',
  sidecar: { name: 'mine' } as unknown as OrmSidecar,
  model: new Uint8Array([1, 2, 3]),
  files: { model: 'mine.onnx', sidecar: 'mine.json' },
  added: '2026-12-01T00:00:00.000Z',
};
const store: OrmModelStore = {
  current: () => own,
  choose: async () => ({ ok: true }),
  useBundled: async () => ({ ok: true }),
  startupNotice: null,
  onChange: () => undefined,
};

describe('the ORM client when its worker cannot start', () => {
  it('returns ORM_WORKER_FAILED for a scoring, and again (from a new worker) for the next one', async () => {
    let spawned = 0;
    const client = createOrmClient(store, () => {
      spawned++;
      return new FailingWorker() as unknown as Worker;
    });
    const first = await client.score([]);
    expect(first.ok).toBe(false);
    if (!first.ok) {
      expect(first.error.code).toBe('ORM_WORKER_FAILED');
      expect(first.error.message).toContain('Failed to fetch a dynamically imported module');
    }
    const second = await client.sidecar();
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.error.code).toBe('ORM_WORKER_FAILED');
    expect(spawned).toBe(2);
  });
});
