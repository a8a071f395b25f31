import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDemo, DEMO_DB_PATH } from '../../scripts/build-demo.ts';

const scratch = mkdtempSync(join(tmpdir(), 'confide-demo-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const hashOf = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('buildDemo', () => {
  it('gives the same bytes on two separate builds', async () => {
    const a = await buildDemo({ root: join(scratch, 'a'), force: true });
    const b = await buildDemo({ root: join(scratch, 'b'), force: true });
    expect(a.path).not.toBe(b.path);
    expect(readFileSync(a.path).equals(readFileSync(b.path))).toBe(true);
    expect(hashOf(a.path)).toBe(a.sha256);
    expect(b.sha256).toBe(a.sha256);
  });

  it('matches the database the tests and the app read', async () => {
    const fresh = await buildDemo({ root: join(scratch, 'c'), force: true });
    expect(hashOf(DEMO_DB_PATH)).toBe(fresh.sha256);
  });

  it('skips an up-to-date build and redoes a damaged one', async () => {
    const root = join(scratch, 'd');
    const first = await buildDemo({ root });
    expect(first.built).toBe(true);
    const again = await buildDemo({ root });
    expect(again.built).toBe(false);
    expect(again.sha256).toBe(first.sha256);

    writeFileSync(first.path, readFileSync(first.path).subarray(0, 4096)); // truncated
    const repaired = await buildDemo({ root });
    expect(repaired.built).toBe(true);
    expect(hashOf(repaired.path)).toBe(first.sha256);
  });

  it('reports the tables and per-table row counts it wrote', async () => {
    const r = await buildDemo({ root: join(scratch, 'a') });
    expect(Object.keys(r.rows)).toEqual([...r.tables]);
    expect(Object.values(r.rows).every((n) => n > 0)).toBe(true);
  });
});
