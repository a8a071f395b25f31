/** How the pool sends a database to a worker (slot.ts `sent`). */
import { expect, it } from 'vitest';
import { sent } from '../../../src/engines/sql/pool/slot.ts';

it('bytes travel to each worker as a fresh copy whose buffer is transferred; the pool keeps its own, and a file read on demand goes as it is', () => {
  const mine = new Uint8Array([1, 2, 3]);
  const out = sent(mine);
  expect(out).not.toBe(mine);
  expect(out instanceof Uint8Array && [...out]).toEqual([1, 2, 3]);
  expect(out instanceof Uint8Array && out.buffer).not.toBe(mine.buffer);
  structuredClone(out, { transfer: [(out as Uint8Array).buffer] }); // what postMessage does with it
  expect([...mine]).toEqual([1, 2, 3]);
  const path = { path: '/tmp/x.sqlite' };
  expect(sent(path)).toBe(path);
});
