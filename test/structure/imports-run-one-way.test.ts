/**
 * The imports run one way (docs/architecture.md, "The rooms"): no file
 * reaches itself through its imports, no folder of `src/core`, `src/app` or
 * `src/engines` reaches itself through its files' imports, and the layers
 * import only downwards (app and cli over node and engines over core;
 * workers/ only the engines they expose). Type-only imports count: a circle
 * of types is still a circle a reader has to hold in mind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** The project files a file imports (relative specifiers only; packages are not part of the picture). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*'(\.[^']+)'/g), ...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)];
  return found.map((m) => relative(ROOT, resolve(dirname(file), m[1] as string)));
}

const FILES = [...sources(resolve('src')), ...sources(resolve('workers'))].map((f) => relative(ROOT, f));
const GRAPH = new Map(FILES.map((f) => [f, importsOf(resolve(f)).filter((t) => t !== f)]));

/** Strongly connected parts of more than one node (Tarjan's algorithm): each is a circle. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The graph of a folder's immediate sub-folders (a file directly in the folder is its own node). */
function roomsOf(folder: string): Map<string, string[]> {
  const room = (f: string): string | null => {
    if (!f.startsWith(`${folder}/`)) return null;
    const rest = f.slice(folder.length + 1);
    const slash = rest.indexOf('/');
    return slash < 0 ? rest : rest.slice(0, slash);
  };
  const rooms = new Map<string, Set<string>>();
  for (const [f, targets] of GRAPH) {
    const from = room(f);
    if (from === null) continue;
    const out = rooms.get(from) ?? new Set<string>();
    rooms.set(from, out);
    for (const t of targets) {
      const to = room(t);
      if (to !== null && to !== from) out.add(to);
    }
  }
  return new Map([...rooms].map(([k, v]) => [k, [...v]]));
}

/** Which layers each layer may import (itself always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'src/core': [],
  'src/engines': ['src/core'],
  'src/node': ['src/core', 'src/engines'],
  'src/cli': ['src/core', 'src/engines', 'src/node'],
  'src/app': ['src/core', 'src/engines'],
  workers: ['src/core', 'src/engines'],
};
const layerOf = (f: string): string => Object.keys(MAY_IMPORT).find((l) => f.startsWith(`${l}/`)) ?? f;

describe('imports', () => {
  it('finds the files it reads (the picture is not empty)', () => {
    expect(FILES.length).toBeGreaterThan(400);
    expect(GRAPH.get('src/core/pipeline/ask.ts')).toContain('src/core/signals/index.ts');
  });

  it('make no circle of files', () => {
    expect(circles(GRAPH)).toEqual([]);
  });

  it.each(['src/core', 'src/app', 'src/engines'])('make no circle of the rooms of %s', (folder) => {
    expect(circles(roomsOf(folder))).toEqual([]);
  });

  it('run only downwards between the layers', () => {
    const upward = [...GRAPH].flatMap(([f, targets]) =>
      targets.filter((t) => layerOf(t) !== layerOf(f) && !MAY_IMPORT[layerOf(f)]?.includes(layerOf(t))).map((t) => `${f} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('would see a circle if there were one', () => {
    const made = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(made)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
