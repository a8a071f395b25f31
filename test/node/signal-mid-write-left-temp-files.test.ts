/**
 * Ctrl-C (SIGINT) or SIGTERM while `confide` wrote an output left its
 * `.<name>.<random>.tmp` file behind (the old output stayed whole). Now the
 * temp file is removed and the process ends as the signal ends it: a child
 * process writing 128 MB through writeFileAtomic is signalled as soon as its
 * temp file appears in the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CHILD = resolve(import.meta.dirname, 'fixtures/write-atomic-child.ts');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Starts the child writing `bytes` to `dir/out.txt`, sends `signal` once its temp file exists; its exit and what it printed. */
function interrupted(
  signal: NodeJS.Signals,
  bytes: number,
): Promise<{ code: number | null; stdout: string; sawTemp: boolean; left: string[]; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'confide-signal-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'out.txt'), 'the old output');
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, join(dir, 'out.txt'), String(bytes)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let sawTemp = false;
    const watcher = watch(dir, () => {
      if (sawTemp || !readdirSync(dir).some((f) => f.endsWith('.tmp'))) return;
      sawTemp = true;
      child.kill(signal);
    });
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.on('exit', (code) => {
      watcher.close();
      const left = readdirSync(dir).filter((f) => f !== 'out.txt');
      const output = readFileSync(join(dir, 'out.txt'), 'utf8').slice(0, 100);
      done({ code, stdout, sawTemp, left, output });
    });
  });
}

describe('a signal during an atomic write', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s removes the temp file, keeps the old output, and exits %i',
    async (signal, exit) => {
      const r = await interrupted(signal, 128 * 2 ** 20);
      expect(r.sawTemp, 'the temp file appeared while the child wrote').toBe(true);
      expect(r.stdout).toBe('writing\n');
      expect(r.left, 'no temporary file left').toEqual([]);
      expect(r.output).toBe('the old output');
      expect(r.code).toBe(exit);
    },
    60_000,
  );
});
