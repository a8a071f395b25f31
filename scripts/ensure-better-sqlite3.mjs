/**
 * better-sqlite3 on demand. It is no dependency of the app or the CLI: the
 * benchmarks use it as native SQLite to measure against, and tests use it to
 * write SQLite files sql.js cannot (WAL databases, big or hostile files). It
 * compiles from source when installed (about a minute), so `npm ci` leaves it
 * out; the test setup (test/setup/better-sqlite3.ts) and `npm run bench` call
 * this first, which installs the version package.json pins under
 * `onDemandDependencies` when that version is not there yet (`npm install
 * --no-save`: package.json and the lockfile stay as they are). Plain
 * JavaScript, so that it runs before anything is built.
 *
 *   node scripts/ensure-better-sqlite3.mjs
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const NAME = 'better-sqlite3';

/** The version package.json pins for it. */
function pinnedVersion() {
  const pkg = JSON.parse(readFileSync(new URL('package.json', pathToFileURL(ROOT)), 'utf8'));
  const version = pkg.onDemandDependencies?.[NAME];
  if (typeof version !== 'string') throw new Error(`package.json names no onDemandDependencies.${NAME}`);
  return version;
}

/** The installed version when it loads (its native part included), else null. */
function installedVersion() {
  const require = createRequire(new URL('package.json', pathToFileURL(ROOT)));
  try {
    const version = require(`${NAME}/package.json`).version;
    const Database = require(NAME);
    new Database(':memory:').close();
    return version;
  } catch {
    return null;
  }
}

/**
 * Installs the pinned better-sqlite3 unless that version already loads;
 * returns what it did. Throws when the install fails.
 *
 * @example
 * ensureBetterSqlite3(); // 'present' | 'installed'
 */
export function ensureBetterSqlite3() {
  const version = pinnedVersion();
  if (installedVersion() === version) return 'present';
  process.stderr.write(`installing ${NAME}@${version} (benchmark reference and test fixtures; it compiles from source, about a minute)\n`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `${NAME}@${version}`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  // Checked in a fresh process: this one remembers that the package was missing.
  const check = `const v = require('${NAME}/package.json').version; new (require('${NAME}'))(':memory:').close(); process.stdout.write(v);`;
  const loaded = execFileSync(process.execPath, ['-e', check], { cwd: ROOT, encoding: 'utf8' });
  if (loaded !== version) throw new Error(`${NAME}@${version} was installed but ${loaded === '' ? 'does not load' : `${loaded} loads`}`);
  return 'installed';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(`${NAME}: ${ensureBetterSqlite3()}\n`);
