/**
 * `confide` as a person runs it: bin/confide.mjs starts the CLI's bundle
 * (scripts/build-cli.mjs), plain JavaScript, so no TypeScript is compiled at
 * start-up. Checked here: the bundle is rebuilt when a source is newer than it;
 * the main thread loads no .ts file and nothing of tsx, esbuild or TypeScript
 * (a module-resolution hook records every module it loads); the bundle's files
 * name no .ts module, so its worker threads load none either; and `--help`,
 * `label` (SQL worker threads, sql.js's wasm) and `eval --orm` (the analysis
 * thread, onnxruntime-web's wasm) give the same output as the sources do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, bundleIsCurrent, currentBundle } from '../../scripts/build-cli.mjs';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-bundle-'));
const log = join(dir, 'loaded.txt');
// A resolve hook (module.register) that writes down every module the main thread loads.
writeFileSync(
  join(dir, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}
`,
);
writeFileSync(join(dir, 'record.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);

/** Runs bin/confide.mjs in its own process, recording what its main thread loads; its stdout. */
function bundled(args: readonly string[]): string {
  writeFileSync(log, '');
  const env = { ...process.env };
  delete env.CONFIDE_SOURCE;
  return execFileSync(process.execPath, ['--import', join(dir, 'record.mjs'), 'bin/confide.mjs', ...args], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What the last bundled run's main thread loaded that is TypeScript or a TypeScript compiler. */
function typescriptLoaded(): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => /\.(c|m)?ts$/.test(u) || /node_modules\/(tsx|esbuild|typescript)\//.test(u));
}

const withoutDate = (json: string): string => json.replace(/"created": "[^"]*"/, '"created": ""');

let candidates: string;
beforeAll(async () => {
  expect(await currentBundle()).not.toBeNull();
  candidates = join(dir, 'candidates.jsonl');
  const s = await runCli(['synth', '--bench', 'public/demo', '--n', '6', '--seed', '3', '--out', candidates]);
  expect(s.code, s.stderr).toBe(0);
});

describe('the CLI bundle', () => {
  it('is rebuilt when a source is newer than it', () => {
    expect(bundleIsCurrent()).toBe(true);
    const source = 'src/cli/specs.ts';
    const { atime, mtime } = statSync(source);
    try {
      utimesSync(source, atime, new Date(Date.now() + 60_000));
      expect(bundleIsCurrent()).toBe(false);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(bundleIsCurrent()).toBe(true);
  });

  it('names no TypeScript module in any of its files, worker entries included', () => {
    const files = readdirSync(fileURLToPath(BUNDLE_DIR)).filter((f) => f.endsWith('.mjs'));
    expect(files).toEqual(expect.arrayContaining(['confide.mjs', 'sql.node.mjs', 'analysis.node.mjs']));
    for (const f of files) {
      const text = readFileSync(new URL(f, BUNDLE_DIR), 'utf8');
      expect(text, f).not.toMatch(/(from|import\()\s*["'][^"']*\.ts["']/);
      expect(text, f).not.toMatch(/["']tsx(\/[^"']*)?["']/);
    }
  });

  it('prints the same help as the sources, loading no TypeScript', async () => {
    const out = bundled(['--help']);
    expect(typescriptLoaded()).toEqual([]);
    expect(readFileSync(log, 'utf8')).toContain('/build/cli/confide.mjs');
    expect(out).toBe((await runCli(['--help'])).stdout);
  });

  it('labels exactly as the sources do, its SQL worker threads running sql.js', async () => {
    const fromBundle = join(dir, 'bundle-labeled.jsonl');
    const fromSources = join(dir, 'sources-labeled.jsonl');
    bundled(['label', '--bench', 'public/demo', '--candidates', candidates, '--out', fromBundle]);
    expect(typescriptLoaded()).toEqual([]);
    const r = await runCli(['label', '--bench', 'public/demo', '--candidates', candidates, '--out', fromSources]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(fromBundle, 'utf8')).toBe(readFileSync(fromSources, 'utf8'));
  });

  it('evaluates with the ORM exactly as the sources do (analysis thread, onnxruntime-web wasm)', async () => {
    const args = (json: string): string[] => [
      'eval',
      '--bench',
      'public/demo',
      '--candidates',
      candidates,
      '--orm',
      'public/models/orm-v2.onnx',
      '--bootstrap',
      '200',
      '--json',
      json,
    ];
    const out = bundled(args(join(dir, 'bundle.json')));
    expect(typescriptLoaded()).toEqual([]);
    const r = await runCli(args(join(dir, 'sources.json')));
    expect(r.code, r.stderr).toBe(0);
    expect(out).toBe(r.stdout);
    expect(withoutDate(readFileSync(join(dir, 'bundle.json'), 'utf8'))).toBe(withoutDate(readFileSync(join(dir, 'sources.json'), 'utf8')));
  });
});
