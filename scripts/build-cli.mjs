/**
 * The CLI's bundle: `confide` and its worker threads built from the
 * TypeScript sources into plain JavaScript in build/cli/ by esbuild (the
 * compiler tsx runs on the same files, so the bundle's code is what the
 * sources mean under tsx), so running `confide` compiles nothing.
 *
 * - build/cli/confide.mjs runs the CLI (src/cli/bin.ts); sql.node.mjs and
 *   analysis.node.mjs are its worker threads' entries (workers/*.node.ts); each
 *   command's code is a chunk loaded when that command runs, so `confide --help`
 *   loads no engine.
 * - sql.js and onnxruntime-web stay outside the bundle and load from
 *   node_modules, so they find their wasm beside their own files, as from the
 *   sources; the other packages (plain JavaScript) are bundled.
 * - build/cli/inputs.json lists the source files the bundle was built from and
 *   when; the bundle is current while none of them (nor this script, nor
 *   package-lock.json) is newer.
 *
 * `npm ci` builds it (the `prepare` script runs this file); bin/confide.mjs
 * builds it again when it is missing or not current, so an edited source never
 * runs stale. Plain JavaScript itself, so that it runs before anything is built.
 *
 *   node scripts/build-cli.mjs     # build now
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = new URL('../', import.meta.url);
/** Where the bundle lives: two folders below the project, as src/node/ is (src/node/locations.ts relies on it). */
export const BUNDLE_DIR = new URL('build/cli/', ROOT);
const ENTRY = new URL('confide.mjs', BUNDLE_DIR);
const MANIFEST = new URL('inputs.json', BUNDLE_DIR);
const THIS_FILE = 'scripts/build-cli.mjs';

/**
 * Whether build/cli/ holds a bundle built after every file it was built from
 * was last changed (and after this script was), so running it runs the sources
 * as they are now.
 *
 * @example
 * if (!bundleIsCurrent()) await buildCli();
 */
export function bundleIsCurrent() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(manifest.inputs) || typeof manifest.built !== 'number' || !existsSync(ENTRY)) return false;
  for (const file of manifest.inputs) {
    let stats;
    try {
      stats = statSync(new URL(file, ROOT));
    } catch {
      return false; // removed or renamed since: the sources changed
    }
    if (stats.mtimeMs > manifest.built) return false;
  }
  return true;
}

/**
 * Builds the bundle into a fresh folder, then puts it in place of build/cli/
 * (a process starting meanwhile sees the old bundle or the new one, never half
 * of one). Resolves to how long the build took, in milliseconds. `quiet`:
 * esbuild prints nothing (a failure is only the error thrown, whose message
 * says it in one line); a folder that cannot be written fails before esbuild
 * loads, and a failed build leaves no folder behind.
 *
 * @example
 * await buildCli(); // build/cli/confide.mjs, build/cli/sql.node.mjs, chunks, inputs.json
 */
export async function buildCli({ quiet = false } = {}) {
  const started = Date.now();
  const parent = new URL('../', BUNDLE_DIR);
  mkdirSync(parent, { recursive: true });
  try {
    accessSync(parent, constants.W_OK);
  } catch (e) {
    throw new Error(`${fileURLToPath(parent)} cannot be written (${e.code ?? e.message})`);
  }
  const { build } = await import('esbuild');
  const fresh = new URL(`cli.${process.pid}.${started}/`, parent);
  try {
    return await buildInto(build, fresh, parent, started, quiet);
  } catch (e) {
    try {
      rmSync(fresh, { recursive: true, force: true });
    } catch {
      // never created
    }
    const first = e?.errors?.[0]?.text;
    throw first === undefined ? e : new Error(first);
  }
}

/** One esbuild run into `fresh`, the manifest written, and the folder put in place of build/cli/. */
async function buildInto(build, fresh, parent, started, quiet) {
  const result = await build({
    absWorkingDir: fileURLToPath(ROOT),
    entryPoints: { confide: 'src/cli/bin.ts', 'sql.node': 'workers/sql.node.ts', 'analysis.node': 'workers/analysis.node.ts' },
    outdir: fileURLToPath(fresh),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Bundled too: packages of plain JavaScript (node-sql-parser's CommonJS builds load faster bundled than
    // through Node's CommonJS interop). Outside: the two that find their wasm beside their own files.
    external: ['sql.js', 'onnxruntime-web', 'onnxruntime-web/*'],
    define: { CONFIDE_BUNDLE: 'true' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: quiet ? 'silent' : 'warning',
  });
  // The project's own files, this script, and the lockfile (the bundled packages change only with it).
  const inputs = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')), THIS_FILE, 'package-lock.json'];
  writeFileSync(new URL('inputs.json', fresh), JSON.stringify({ built: started, inputs }, null, 1) + '\n');
  const old = new URL(`cli.old.${process.pid}.${started}/`, parent);
  if (existsSync(BUNDLE_DIR)) renameSync(BUNDLE_DIR, old);
  renameSync(fresh, BUNDLE_DIR);
  rmSync(old, { recursive: true, force: true });
  return Date.now() - started;
}

/**
 * The bundle's entry, built first when it is not current; null when it cannot
 * be built (no esbuild, a read-only install), said on stderr in one line: the
 * caller then runs the sources. A read-only install with a stale bundle used
 * to print every one of esbuild's errors (54 lines) on every run.
 *
 * @example
 * const entry = await currentBundle(); // URL of build/cli/confide.mjs
 */
export async function currentBundle() {
  if (bundleIsCurrent()) return ENTRY;
  try {
    await buildCli({ quiet: true });
    return ENTRY;
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    process.stderr.write(`confide: the CLI's bundle is older than its sources and could not be rebuilt (${why}); running the sources instead\n`);
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildCli();
  process.stdout.write(`CLI bundle → ${fileURLToPath(BUNDLE_DIR)} (${ms} ms)\n`);
}
