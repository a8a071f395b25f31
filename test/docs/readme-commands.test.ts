/**
 * Every command line in the `sh` blocks of the README and of the reference
 * pages it sends people to (docs/cli.md, docs/evaluate.md: RUNNABLE_DOCS)
 * runs as written and exits 0, one after another in a scratch folder that holds the repository's files
 * (linked, so nothing it writes lands in the repository) and `node_modules`,
 * as on a fresh clone after `npm ci`. Two mappings, both said in the README:
 * `../shared/data/spider` becomes the demo benchmark `public/demo` (a fresh
 * clone has no Spider, and the demo has its layout), and `npm ci` / `npm test`
 * are left out (CI runs them: reinstalling takes minutes, and `npm test` is
 * the suite this test belongs to). `npm start` is run until it serves the
 * page, then stopped.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK = /^\s+at .*:\d+:\d+\)?$/m;

/**
 * The command lines of the `sh` fenced blocks of `markdown` (indented blocks too), comment-only lines left out.
 *
 * @example shCommandLines('```sh\nnpx confide --help\n```'); // ['npx confide --help']
 */
function shCommandLines(markdown: string): string[] {
  const lines: string[] = [];
  let inSh = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inSh = !inSh && line === '```sh';
      continue;
    }
    if (inSh && line !== '' && !line.startsWith('#')) lines.push(line);
  }
  return lines;
}

/** What the test runs for a README line: the parts of `a && b` kept, `../shared/data/spider` mapped; null when nothing is left. */
function runnable(line: string): string | null {
  const kept = line
    .split('&&')
    .map((p) => p.trim())
    .filter((p) => p !== 'npm ci' && p !== 'npm test');
  return kept.length === 0 ? null : kept.join(' && ').replaceAll('../shared/data/spider', 'public/demo');
}

/** A scratch folder with links to the repository's tracked top-level entries and node_modules. */
function scratchClone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'confide-readme-'));
  let names: string[];
  try {
    names = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((p) => p !== '')
      .map((p) => p.split('/')[0]!);
  } catch {
    names = readdirSync(ROOT).filter((n) => !n.startsWith('.'));
  }
  for (const name of new Set([...names, 'node_modules'])) symlinkSync(join(ROOT, name), join(dir, name));
  return dir;
}

/** The pages whose `sh` blocks are run, in this order (the README first: it builds the demo the others use too). */
const RUNNABLE_DOCS = ['README.md', 'docs/cli.md', 'docs/evaluate.md'];
const commands = RUNNABLE_DOCS.flatMap((page) => shCommandLines(readFileSync(join(ROOT, page), 'utf8')).map((line) => ({ page, line })));
const lines = commands.map((c) => c.line);
const scratch = scratchClone();
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs one shell line in the scratch folder; resolves with its exit code and output. */
function sh(line: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd: scratch, env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Starts `npm start`, waits for the URL it prints and checks the page is served, then stops it. */
async function startAndServe(line: string): Promise<void> {
  const child = spawn('sh', ['-c', line], { cwd: scratch, detached: true, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const check = (): void => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: it strips the ANSI colour escapes a terminal tool prints
        const m = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''));
        if (m) resolve(m[0]);
      };
      child.stdout.on('data', check);
      child.on('close', (code) => reject(new Error(`"${line}" ended (exit ${code}) before serving the page:\n${out}`)));
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    expect((await fetch(new URL('src/app/main.ts', url))).status).toBe(200);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  }
}

describe('the command lines of the README and its reference pages', () => {
  it('finds the command lines of their sh blocks', () => {
    expect(shCommandLines(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('npm ci && npm start');
    expect(lines.some((c) => c.startsWith('npx confide label '))).toBe(true);
    expect(lines.some((c) => c.startsWith('npx confide eval '))).toBe(true);
    for (const page of RUNNABLE_DOCS)
      expect(
        commands.some((c) => c.page === page),
        page,
      ).toBe(true);
  });

  it.for(commands)('$page: $line', { timeout: 180_000 }, async ({ line }, { skip }) => {
    const run = runnable(line);
    if (run === null) return skip('npm ci and npm test are what CI runs');
    if (run === 'npm start') return startAndServe(run);
    const r = await sh(run);
    expect(r.code, `"${run}" failed:\n${r.err}${r.out.slice(-2000)}`).toBe(0);
    expect(r.err).not.toMatch(STACK);
  });
});
