/**
 * Regression: an ORM sidecar's `model` was used as a path, so
 * `"../outside/elsewhere.onnx"` loaded a model from outside the sidecar's
 * folder, `"../../../../../../etc/passwd"` was read, and a name reaching
 * `/dev/zero` hung; the CLI also took a model whose SHA-256 differs from the
 * sidecar's, which the browser refuses. `model` must now be a bare file
 * name, the file a regular one really inside the sidecar's folder (a
 * symlink out is refused), within the size limit, of the size and SHA-256
 * the sidecar records.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrmError } from '../../../src/core/orm/errors.ts';
import { parseSidecar } from '../../../src/core/orm/sidecar.ts';
import { loadOrmScorer } from '../../../src/node/orm/score.ts';

const BUNDLED = JSON.parse(readFileSync('public/models/orm-v2.json', 'utf8')) as Record<string, unknown> & { architecture: Record<string, unknown> };
let root: string;
let folder: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'confide-orm-sidecar-'));
  folder = join(root, 'models');
  mkdirSync(folder);
  mkdirSync(join(root, 'outside'));
  copyFileSync('public/models/orm-v2.onnx', join(folder, 'orm-v2.onnx'));
  copyFileSync('public/models/orm-v2.onnx', join(root, 'outside', 'elsewhere.onnx'));
  symlinkSync(join(root, 'outside', 'elsewhere.onnx'), join(folder, 'link-out.onnx'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a sidecar beside the model with `change` applied and loads it. */
async function load(name: string, change: (s: typeof BUNDLED) => typeof BUNDLED): Promise<OrmError | 'loaded'> {
  const path = join(folder, `${name}.json`);
  writeFileSync(path, JSON.stringify(change(structuredClone(BUNDLED))));
  try {
    const scorer = await loadOrmScorer(path);
    await scorer.unload();
    return 'loaded';
  } catch (e) {
    if (e instanceof OrmError) return e;
    throw e;
  }
}

describe('the sidecar names a file in its own folder only', () => {
  it('the bundled pair, copied together, loads', async () => {
    expect(await load('ok', (s) => s)).toBe('loaded');
  });

  it.each([
    ['a path out of the folder', '../outside/elsewhere.onnx'],
    ['a path climbing to /etc/passwd', '../../../../../../etc/passwd'],
    ['an absolute path to a device', '/dev/zero'],
    ['a sub-folder', 'sub/orm-v2.onnx'],
    ['a Windows path', '..\\outside\\elsewhere.onnx'],
    ['a dot name', '..'],
  ])(
    '%s (%s) is refused by the sidecar check, before any file is opened',
    async (_, model) => {
      expect(() => parseSidecar({ ...BUNDLED, model }, 'x.json')).toThrow(/"model" must be a file name/);
      const e = await load('bad-name', (s) => ({ ...s, model }));
      expect(e).toMatchObject({ code: 'ORM_BAD_SIDECAR' });
    },
    20_000,
  );

  it('a model that is a symlink out of the folder is refused', async () => {
    const e = await load('link', (s) => ({ ...s, model: 'link-out.onnx' }));
    expect(e).toMatchObject({ code: 'ORM_BAD_SIDECAR', message: expect.stringMatching(/outside the sidecar's folder/) });
  });

  it('a wrong SHA-256 is refused as not a pair, as the browser refuses it', async () => {
    const e = await load('sha', (s) => ({ ...s, architecture: { ...s.architecture, sha256: '0'.repeat(64) } }));
    expect(e).toMatchObject({ code: 'ORM_NOT_A_PAIR', message: expect.stringMatching(/SHA-256/) });
  });

  it('a wrong size is refused as not a pair', async () => {
    const e = await load('bytes', (s) => ({ ...s, architecture: { ...s.architecture, bytes: 12 } }));
    expect(e).toMatchObject({ code: 'ORM_NOT_A_PAIR' });
  });
});
