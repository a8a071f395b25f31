/**
 * docs/architecture.md is the map a newcomer follows: every file or folder
 * it names in code type (`src/…`, `test/…`, `workers/…`, `scripts/…`,
 * `perf/…`, `public/…`, a `*` standing for any part of a name) exists, and
 * every folder README it links to is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAP = readFileSync(resolve('docs/architecture.md'), 'utf8');

/** Whether a named path exists; a `*` in its last part matches any run of characters. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(resolve(path));
  const dir = resolve(dirname(path));
  const pattern = new RegExp(
    `^${basename(path)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
}

describe('docs/architecture.md', () => {
  const named = [...new Set([...MAP.matchAll(/`((?:src|test|workers|scripts|perf|public)\/[^`\s]*)`/g)].map((m) => m[1] as string))];
  const linked = [...new Set([...MAP.matchAll(/\]\((\.\.\/[^)]+)\)/g)].map((m) => (m[1] as string).slice(3)))];

  it('names files and folders (the check reads something)', () => {
    expect(named.length).toBeGreaterThan(20);
    expect(linked).toContain('src/core/README.md');
  });

  it('names only files and folders that exist', () => {
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it('links only to files that exist', () => {
    expect(linked.filter((p) => !existsSync(resolve(p)))).toEqual([]);
  });
});
