/**
 * Builds the demo database `public/demo/database/demo/demo.sqlite` (Spider
 * layout: `<root>/<db_id>/<db_id>.sqlite`) from invented data, byte for byte
 * the same on every run. A stamp file next to it records the recipe and the
 * content hash; a build whose stamp matches and whose bytes still hash right
 * is left alone unless forced.
 *
 * Run: `npx tsx scripts/build-demo.ts [--force] [--out <root>]` (or `npm run demo:build`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SEED, generateDemo } from './demo/generate.ts';
import { demoRecipe } from './demo/recipe.ts';
import { DEMO_TABLES } from './demo/schema.ts';
import { writeDemoDatabase } from './demo/sqlite.ts';

/** Default database root (git-ignored): the app and tests read the demo here. */
export const DEMO_DB_ROOT = fileURLToPath(new URL('../public/demo/database', import.meta.url));
/** Absolute path of the default demo database file. */
export const DEMO_DB_PATH = join(DEMO_DB_ROOT, 'demo', 'demo.sqlite');

export interface BuildDemoOptions {
  /** Rebuild even when the stored file matches its stamp. */
  readonly force?: boolean;
  /** Database root to write under (`<root>/demo/demo.sqlite`); default {@link DEMO_DB_ROOT}. */
  readonly root?: string;
}

/** What a build produced (or found already in place). */
export interface BuildDemoResult {
  /** Absolute path of the database file. */
  readonly path: string;
  /** Hex SHA-256 of the file's bytes. */
  readonly sha256: string;
  /** Table names, parents before children. */
  readonly tables: readonly string[];
  /** Row count per table. */
  readonly rows: Readonly<Record<string, number>>;
  /** False when an existing file matched its stamp and nothing was written. */
  readonly built: boolean;
}

interface Stamp extends Omit<BuildDemoResult, 'path' | 'built'> {
  readonly recipe: string;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Writes through a temporary name, so a concurrent reader never sees half a file. */
function writeAtomic(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

function readStamp(path: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/**
 * Builds the demo database, or confirms the stored one is current.
 *
 * @example
 * const { path, sha256, rows } = await buildDemo();
 * const fresh = await buildDemo({ force: true, root: '/tmp/demo-check' }); // same sha256
 */
export async function buildDemo(options: BuildDemoOptions = {}): Promise<BuildDemoResult> {
  const dir = join(resolve(options.root ?? DEMO_DB_ROOT), 'demo');
  const path = join(dir, 'demo.sqlite');
  const stampPath = join(dir, 'demo.build.json');
  const recipe = demoRecipe(DEMO_SEED);
  const stamp = readStamp(stampPath);
  if (!options.force && stamp?.recipe === recipe && existsSync(path) && sha256(readFileSync(path)) === stamp.sha256) {
    return { path, sha256: stamp.sha256, tables: stamp.tables, rows: stamp.rows, built: false };
  }
  const data = generateDemo(DEMO_SEED);
  const bytes = await writeDemoDatabase(data);
  const rows = Object.fromEntries(DEMO_TABLES.map((t) => [t, data[t].length]));
  const result: Stamp = { recipe, sha256: sha256(bytes), tables: [...DEMO_TABLES], rows };
  mkdirSync(dir, { recursive: true });
  writeAtomic(path, bytes);
  writeAtomic(stampPath, `${JSON.stringify(result, null, 2)}\n`);
  return { path, sha256: result.sha256, tables: result.tables, rows, built: true };
}

async function main(argv: readonly string[]): Promise<void> {
  const at = argv.indexOf('--out');
  const root = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && root === undefined) throw new RangeError('--out needs a directory');
  const r = await buildDemo({ force: argv.includes('--force'), ...(root ? { root } : {}) });
  const total = Object.values(r.rows).reduce((s, n) => s + n, 0);
  console.log(`${r.built ? 'built' : 'up to date'}: ${r.path} (${r.tables.length} tables, ${total} rows, sha256 ${r.sha256})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
