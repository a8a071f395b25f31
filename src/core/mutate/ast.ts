/**
 * The AST helpers every mutation family uses: the one walker and readers of
 * src/core/sql/ast.ts, typed for code that edits nodes in place.
 *
 * The parser's node shapes differ by dialect (a column name is a plain string
 * in the sqlite and mysql grammars, `{expr: {type, value}}` in postgresql and
 * bigquery), so nodes are handled as loosely typed JSON objects here and every
 * read of a name goes through these helpers (writes go through build.ts).
 */
import * as ast from '../sql/ast.ts';

/** A node of a node-sql-parser AST as mutation code edits it: plain JSON, shape depending on `type` and dialect. */
// biome-ignore lint/suspicious/noExplicitAny: mutation edits the parser's JSON in place, whose shape depends on `type` and dialect
export type Node = Record<string, any>;

export type Path = ast.Path;
export const isNode: (x: unknown) => x is Node = ast.isNode;
export const isSelect: (x: unknown) => x is Node = ast.isSelect;
export const getAt: (root: Node, path: Path) => Node = ast.getAt;
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor may return nothing (go on) or false (skip the subtree)
export const walk: (node: unknown, path: Path, visit: (n: Node, p: Path) => boolean | void) => void = ast.walk;
export const { containsSelect, REF_CLAUSES, columnName, isDoubleQuotedRef, qualifier } = ast;
