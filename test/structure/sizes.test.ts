/**
 * The sizes the code keeps to: a file of `src/` or `workers/` reads in one
 * sitting (at most 250 lines) and a function on one screen or two
 * (at most 80 lines, counted from its first line to its last, a closure
 * inside another counted on its own as well as in its parent). A part that
 * grows past them is split by what each part does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 80;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every function of `text` (declarations, methods, arrows, expressions) with its name and length in lines. */
function functionsOf(name: string, text: string): { where: string; lines: number }[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: { where: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const parent = node.parent;
      const called = node.name?.getText() ?? (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name.getText() : '(anonymous)');
      found.push({ where: `${name}:${first + 1} ${called}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const FILES = [...sources(resolve('src')), ...sources(resolve('workers'))].map((f) => ({ name: relative(resolve('.'), f), text: readFileSync(f, 'utf8') }));

describe('sizes', () => {
  it('no file over 250 lines', () => {
    const long = FILES.map((f) => ({ name: f.name, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) })).filter(
      (f) => f.lines > MAX_FILE_LINES,
    );
    expect(long).toEqual([]);
  });

  it('no function over 80 lines', () => {
    const all = FILES.flatMap((f) => functionsOf(f.name, f.text));
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((f) => f.lines > MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('counts a function from its first line to its last', () => {
    const body = Array.from({ length: 81 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    expect(functionsOf('made.ts', `export function long(): void {\n${body}\n}\n`)).toEqual([{ where: 'made.ts:1 long', lines: 83 }]);
  });
});
