/**
 * `confide --version` (or `-V`): the version package.json gives, read from
 * the project folder the sources and the CLI's bundle both know.
 */
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../node/locations.ts';

/**
 * The version line, e.g. "confide 0.1.0".
 *
 * @example process.stdout.write(versionLine() + '\n');
 */
export function versionLine(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', PROJECT_ROOT), 'utf8')) as { version?: unknown };
  return `confide ${typeof pkg.version === 'string' ? pkg.version : 'unknown'}`;
}
