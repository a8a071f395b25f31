/**
 * The recipe fingerprint of the demo build: a SHA-256 over everything that
 * decides its bytes (the generator's sources, the seed, the sql.js version).
 * A stored build whose recipe matches needs no rebuild; a changed source
 * or sql.js upgrade makes it stale.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEMO_DIR = fileURLToPath(new URL('.', import.meta.url));
const BUILDER = fileURLToPath(new URL('../build-demo.ts', import.meta.url));
const GENERATOR = fileURLToPath(new URL('../../src/core/stats/mulberry32.ts', import.meta.url));

/** The installed sql.js version (its package.json is not in its `exports`, so read it by path). */
function sqlJsVersion(): string {
  const main = createRequire(import.meta.url).resolve('sql.js'); // <pkg>/dist/sql-wasm.js
  const pkg = JSON.parse(readFileSync(join(dirname(dirname(main)), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Hex SHA-256 of the generator sources (`scripts/demo/*.ts` by name, then
 * `scripts/build-demo.ts` and the shared mulberry32 generator), the seed and the installed sql.js version.
 *
 * @example
 * demoRecipe(20240917); // '3f0c…' (64 hex digits), stable until a source changes
 */
export function demoRecipe(seed: number): string {
  const hash = createHash('sha256');
  const sources = readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const file of sources) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(DEMO_DIR, file)))
      .update('\0');
  }
  hash.update(readFileSync(BUILDER));
  hash.update(readFileSync(GENERATOR));
  hash.update(`\0seed=${seed}\0sql.js=${sqlJsVersion()}`);
  return hash.digest('hex');
}
