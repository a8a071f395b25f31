/**
 * A stale CLI bundle in an install its user cannot write printed every one
 * of esbuild's errors (54 lines of "Failed to create output directory") on
 * every run before falling back to the sources. Now it says so in one line
 * and runs the sources. Run as the unprivileged user `nobody` (root writes
 * anywhere), with a source made newer than the bundle.
 */
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { currentBundle } from '../../scripts/build-cli.mjs';
import { runCli } from './run-cli.ts';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const readable = asRoot && spawnSync(process.execPath, ['-e', "require('fs').accessSync('bin/confide.mjs')"], { uid: NOBODY, gid: NOBODY }).status === 0;
if (!readable) console.warn('read-only install: skipped, it needs root to run the CLI as the user nobody over a project nobody can read but not write');

describe.runIf(readable)('a stale bundle in a read-only install', () => {
  it('falls back to the sources with one line on stderr', async () => {
    expect(await currentBundle()).not.toBeNull(); // current for root, so only the touch below makes it stale
    const source = 'src/cli/specs.ts';
    const { atime, mtime } = statSync(source);
    let r;
    try {
      utimesSync(source, atime, new Date(Date.now() + 60_000));
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: tmpdir() };
      delete env.CONFIDE_SOURCE;
      r = spawnSync(process.execPath, ['bin/confide.mjs', '--help'], { uid: NOBODY, gid: NOBODY, encoding: 'utf8', env, timeout: 120_000 });
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toEqual([expect.stringMatching(/^confide: the CLI's bundle is older than its sources and could not be rebuilt \(.*build\/ cannot be written \(EACCES\)\); running the sources instead$/)]);
    expect(r.stdout).toBe((await runCli(['--help'])).stdout);
  });
});
