/**
 * `src/core` is the pure layer (STYLE.md, "The shape of the house"): it runs
 * the same in Node, a worker and the page. The compiler checks it has no DOM,
 * Worker or Node types (`tsconfig.core.json`, run by `npm run typecheck`);
 * this checks what the compiler cannot: that core imports nothing from the
 * layers above it, no host module, and draws no hidden randomness.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve('src/core');
/** The only packages core may import: the SQL parser, pure JavaScript. */
const PACKAGES = /^node-sql-parser(\/build\/(sqlite|mysql|postgresql|bigquery)\.js)?$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every module a file names: static imports and re-exports, and dynamic import(). */
function specifiers(text: string): string[] {
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*'([^']+)'/g), ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)];
  return found.map((m) => m[1] as string);
}

describe('src/core', () => {
  const files = sources(CORE);

  it('imports only core modules and the SQL parser', () => {
    const outside = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((spec) => {
        if (!spec.startsWith('.')) return PACKAGES.test(spec) ? [] : [`${relative(CORE, file)} imports ${spec}`];
        const target = resolve(dirname(file), spec);
        return relative(CORE, target).startsWith('..') ? [`${relative(CORE, file)} imports ${relative(process.cwd(), target)}`] : [];
      }),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  it('draws randomness only from a seeded generator passed in', () => {
    const calls = files.filter((f) => /\bMath\.random\s*\(/.test(readFileSync(f, 'utf8'))).map((f) => relative(CORE, f));
    expect(calls).toEqual([]);
  });
});
