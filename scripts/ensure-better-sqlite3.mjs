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
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
  return whileLocked(() => install(version));
}

/** Runs `work` holding a lock folder, so two test projects (or a test run and a benchmark) never install at once. */
function whileLocked(work) {
  const lock = new URL('node_modules/.ensure-better-sqlite3.lock', pathToFileURL(ROOT));
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      // A lock older than an install can take was left by a process that died: taken over.
      if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(wait, 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The version that loads in a fresh process (this one remembers that the package was missing), or '' when none does. */
function versionLoadingAfresh() {
  const check = `const v = require('${NAME}/package.json').version; new (require('${NAME}'))(':memory:').close(); process.stdout.write(v);`;
  try {
    return execFileSync(process.execPath, ['-e', check], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

function install(version) {
  if (versionLoadingAfresh() === version) return 'present'; // installed meanwhile by whoever held the lock
  process.stderr.write(`installing ${NAME}@${version} (benchmark reference and test fixtures; it compiles from source, about a minute)\n`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `${NAME}@${version}`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const loaded = versionLoadingAfresh();
  if (loaded !== version) throw new Error(`${NAME}@${version} was installed but ${loaded === '' ? 'does not load' : `${loaded} loads`}`);
  return 'installed';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(`${NAME}: ${ensureBetterSqlite3()}\n`);
