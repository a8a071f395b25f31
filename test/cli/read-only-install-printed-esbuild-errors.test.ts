/**
 * A stale CLI bundle in an install its user cannot write printed every one
 * of esbuild's errors (54 lines of "Failed to create output directory") on
 * every run before falling back to the sources. Now it says so in one line
 * and runs the sources. The install is a scratch copy of the project's
 * entry points (sources and packages linked, the bundle copied with a
 * manifest older than every source), run as the unprivileged user `nobody`,
 * who can read it but not write it (root writes anywhere).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, currentBundle } from '../../scripts/build-cli.mjs';
import { runCli } from './run-cli.ts';

const NOBODY = 65534;
const ROOT = resolve(import.meta.dirname, '../..');
const asRoot = process.getuid?.() === 0;
const readable =
  asRoot &&
  spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(join(ROOT, 'bin/confide.mjs'))})`], { uid: NOBODY, gid: NOBODY }).status === 0;
if (!readable) console.warn('read-only install: skipped, it needs root to run the CLI as the user nobody over a project nobody can read');

let install: string | undefined;
afterAll(() => install && rmSync(install, { recursive: true, force: true }));

/** A copy of the install nobody can read but not write, its bundle stale. */
async function readOnlyInstall(): Promise<string> {
  expect(await currentBundle()).not.toBeNull();
  const dir = mkdtempSync(join(tmpdir(), 'confide-ro-'));
  for (const linked of ['src', 'workers', 'node_modules', 'package.json', 'package-lock.json', 'tsconfig.json'])
    symlinkSync(join(ROOT, linked), join(dir, linked));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(ROOT, 'scripts/build-cli.mjs'), join(dir, 'scripts/build-cli.mjs'));
  cpSync(fileURLToPath(BUNDLE_DIR), join(dir, 'build/cli'), { recursive: true });
  const manifest = join(dir, 'build/cli/inputs.json');
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), built: 0 }));
  for (const d of [dir, join(dir, 'build'), join(dir, 'build/cli'), join(dir, 'scripts'), join(dir, 'bin')]) chmodSync(d, 0o755);
  return dir;
}

describe.runIf(readable)('a stale bundle in a read-only install', () => {
  it('falls back to the sources with one line on stderr', async () => {
    install = await readOnlyInstall();
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmpdir() };
    delete env.CONFIDE_SOURCE;
    const r = spawnSync(process.execPath, [join(install, 'bin/confide.mjs'), '--help'], {
      cwd: install,
      uid: NOBODY,
      gid: NOBODY,
      encoding: 'utf8',
      env,
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toEqual([
      expect.stringMatching(
        /^confide: the CLI's bundle is older than its sources and could not be rebuilt \(.*build\/ cannot be written \(EACCES\)\); running the sources instead$/,
      ),
    ]);
    expect(r.stdout).toBe((await runCli(['--help'])).stdout);
  });
});
