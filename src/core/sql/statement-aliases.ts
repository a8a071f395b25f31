/**
 * The flat reading of a statement's aliases, nesting ignored. It is not a
 * scope: which names each SELECT sees is decided in scope.ts alone. The ORM's
 * facts read aliases this way because its shipped model was trained on this
 * reading.
 */
import { nameOf, type Node } from './ast.ts';

/** The flat reading of a statement's aliases: see {@link statementAliases}. */
export interface StatementAliases {
  /** Reads one node met in a walk of the whole statement; a FROM item naming a table registers it and its alias. */
  readonly add: (node: Node) => void;
  /** Lowercased names of the tables FROM items name, in walk order, each once. */
  readonly tables: ReadonlySet<string>;
  /** The lowercased table a lowercased qualifier stands for (the last FROM item with that alias), else the qualifier. */
  readonly resolve: (qualifier: string | null) => string | null;
}

/**
 * One alias map for a whole statement, nesting ignored: Spider's `T1`/`T2`
 * style, where a query rarely reuses an alias. Fed the nodes of one walk of the
 * statement (subqueries and compound parts included), so readers that walk
 * anyway pay nothing more. The ORM's facts read aliases this way, the reading
 * its shipped model was trained on; scoped readers use scope.ts (`collectSelects`).
 *
 * @example
 * const a = statementAliases();
 * walk(ast, [], (n) => void a.add(n), { intoSelects: true, intoCompound: true });
 * a.resolve('t1'); // 'singer' for `FROM singer AS T1`
 */
export function statementAliases(): StatementAliases {
  const tables = new Set<string>();
  const aliases = new Map<string, string>();
  return {
    tables,
    add(v) {
      if (typeof v.table !== 'string' || !('as' in v) || 'column' in v) return;
      const table = v.table.toLowerCase();
      tables.add(table);
      const alias = nameOf(v.as);
      if (alias !== null) aliases.set(alias.toLowerCase(), table);
    },
    resolve: (q) => (q === null ? null : (aliases.get(q) ?? q)),
  };
}
