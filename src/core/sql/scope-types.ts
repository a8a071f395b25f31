/**
 * What one SELECT sees (scope.ts makes scopes, scope-lookup.ts reads names
 * in them).
 */
import type { Binding, Source } from './sources.ts';

/** The names visible inside one SELECT. Map keys are lowercased. */
export interface Scope {
  readonly items: readonly Binding[];
  /** Aliases and table names → their FROM item (a table name: its first occurrence). */
  readonly bindings: ReadonlyMap<string, Binding>;
  /** Select-list aliases → the expression they name (SQLite lets ORDER BY, GROUP BY, HAVING use them). */
  readonly outputs: ReadonlyMap<string, unknown>;
  /** CTE names visible here (lowercased): see the rule in scope.ts. */
  readonly ctes: ReadonlySet<string>;
  /** The FROM items read against the schema the scopes were made with; empty without one. */
  readonly sources: readonly Source[];
  /** The scope this SELECT sees beyond its own FROM (see the rule in scope.ts); null at the top. */
  readonly parent: Scope | null;
}
