/**
 * One scope rule, three readers, and SQLite as the judge. Random statements
 * mix CTEs (later ones reading earlier ones), derived tables, correlated
 * EXISTS subqueries and compound parts, and every column reference is
 * qualified by a name picked at random from all those the statement binds,
 * so that many are out of scope. Each reference names its own column
 * (`c0`, `c1`, …), which lets its reading be found in every output.
 *
 * - scope.ts's scopes (`collectSelects`) say which FROM item each qualifier
 *   names; usage (`queryUsage`) and canonical forms (`canonicalize`) must
 *   read every reference the same way (table, CTE, derived table, or not
 *   bound at all) and usage must list as tables exactly the scopes' table items.
 * - SQLite must accept the statement exactly when every qualifier names a
 *   FROM item the scopes make visible where it stands (`sourceByRef`, SQLite's
 *   strict reading: an aliased table answers only to its alias).
 */
import fc from 'fast-check';
import initSqlJs, { type Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/core/schema.ts';
import { columnName, qualifier, walk, type Node } from '../../../src/core/sql/ast.ts';
import { canonicalize } from '../../../src/core/sql/canonical.ts';
import { parseSql } from '../../../src/core/sql/parse.ts';
import { collectSelects, lookup, sourceByRef } from '../../../src/core/sql/scope.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';
import { textTable } from './schema-fixture.ts';

const TABLES = ['t', 'u', 'v'] as const;
const WIDTH = 40;
const COLUMNS = Array.from({ length: WIDTH }, (_, i) => `c${i}`);
const SCHEMA: Schema = { tables: TABLES.map((t) => textTable(t, COLUMNS)) };

/** A SELECT: FROM items, WHERE predicates, and the next compound part. */
interface Sel {
  readonly items: readonly Item[];
  readonly preds: readonly Pred[];
  readonly next: { readonly op: string; readonly sel: Sel } | null;
}
type Item = { readonly kind: 'name'; readonly name: number; readonly alias: boolean } | { readonly kind: 'derived'; readonly body: Sel };
/** A reference qualified by a name its own FROM binds (`own`), or by any name the statement binds. */
type Pred = { readonly kind: 'ref'; readonly own: boolean; readonly q: number } | { readonly kind: 'exists'; readonly body: Sel };
interface Stmt {
  readonly ctes: readonly Sel[];
  readonly body: Sel;
}

/** Nesting stays within the parser's limits (parse-limits.ts): at most 3 SELECTs deep below a statement's own. */
const depth = { maxDepth: 3, depthIdentifier: 'sel' } as const;
const selArb = fc.letrec<{ sel: Sel; item: Item; pred: Pred }>((tie) => ({
  sel: fc.record({
    items: fc.array(tie('item'), { minLength: 1, maxLength: 2 }),
    preds: fc.array(tie('pred'), { maxLength: 2 }),
    next: fc.option(fc.record({ op: fc.constantFrom('UNION', 'UNION ALL', 'INTERSECT', 'EXCEPT'), sel: tie('sel') }), { freq: 4, ...depth }),
  }),
  item: fc.oneof(
    depth,
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('name' as const), name: fc.nat(), alias: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('derived' as const), body: tie('sel') }) },
  ),
  pred: fc.oneof(
    depth,
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('ref' as const), own: fc.nat({ max: 5 }).map((n) => n > 0), q: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('exists' as const), body: tie('sel') }) },
  ),
}));
const stmtArb: fc.Arbitrary<Stmt> = fc.record({
  ctes: fc.array(selArb.sel, { maxLength: 2 }),
  body: selArb.sel,
});

/** How many aliases a statement binds: one per aliased name, one per derived table. */
function aliasCount(s: Stmt): number {
  const sel = (x: Sel): number =>
    x.items.reduce((n, i) => n + (i.kind === 'derived' ? 1 + sel(i.body) : i.alias ? 1 : 0), 0) +
    x.preds.reduce((n, p) => n + (p.kind === 'exists' ? sel(p.body) : 0), 0) +
    (x.next === null ? 0 : sel(x.next.sel));
  return s.ctes.reduce((n, c) => n + sel(c), sel(s.body));
}

/**
 * The statement's text. A CTE body or derived table selects `*` from one FROM
 * item per compound part (so that parts agree on their columns); every other
 * SELECT selects `1`. CTE `wK` reads tables and earlier CTEs; the body's
 * first SELECT reads every CTE in an EXISTS, as SQLite checks only the CTEs a
 * statement reads.
 */
function render(s: Stmt): { sql: string; refs: number } {
  const qualifiers = [...TABLES, ...s.ctes.map((_, i) => `w${i}`), ...Array.from({ length: aliasCount(s) }, (_, i) => `a${i}`)];
  let alias = 0;
  let column = 0;
  const sel = (x: Sel, names: readonly string[], star: boolean, uses: readonly string[] = []): string => {
    const items = star ? x.items.slice(0, 1) : x.items;
    const unaliased = new Set<string>();
    const bound: string[] = [];
    const from = items.map((i) => {
      if (i.kind === 'derived') {
        const body = sel(i.body, names, true);
        bound.push(`a${alias}`);
        return `(${body}) AS a${alias++}`;
      }
      const name = names[i.name % names.length]!;
      if (!i.alias && !unaliased.has(name)) {
        unaliased.add(name);
        bound.push(name);
        return name;
      }
      bound.push(`a${alias}`);
      return `${name} AS a${alias++}`;
    });
    const preds = x.preds.map((p) => {
      if (p.kind === 'exists') return `EXISTS (${sel(p.body, names, false)})`;
      const pool = p.own ? bound : qualifiers;
      return `${pool[p.q % pool.length]}.c${column++} IS NOT NULL`;
    });
    preds.push(...uses);
    const where = preds.length > 0 ? ` WHERE ${preds.join(' AND ')}` : '';
    const next = x.next === null ? '' : ` ${x.next.op} ${sel(x.next.sel, names, star)}`;
    return `SELECT ${star ? '*' : '1'} FROM ${from.join(', ')}${where}${next}`;
  };
  const ctes = s.ctes.map((c, i) => `w${i} AS (${sel(c, [...TABLES, ...s.ctes.slice(0, i).map((_, j) => `w${j}`)], true)})`);
  const names = s.ctes.map((_, i) => `w${i}`);
  const body = sel(
    s.body,
    [...TABLES, ...names],
    false,
    names.map((n) => `EXISTS (SELECT 1 FROM ${n})`),
  );
  return { sql: (ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : '') + body, refs: column };
}

/** Each column reference of the statement with the scope it stands in. */
function referencesOf(ast: Node) {
  return collectSelects(ast, SCHEMA).flatMap((site) => {
    const refs: { q: string; column: string }[] = [];
    walk(site.node, [], (n) => {
      const column = n.type === 'column_ref' ? columnName(n) : null;
      const q = column === null ? null : qualifier(n);
      if (column !== null && q !== null) refs.push({ q, column });
    });
    return refs.map((r) => ({ ...r, scope: site.scope }));
  });
}

/** Column name → the table a canonical form qualifies it with. */
function canonicalTables(form: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  walk(form, [], (n) => void (n.type === 'column_ref' && typeof n.column === 'string' && out.set(n.column, n.table)), {
    intoSelects: true,
    intoCompound: true,
  });
  return out;
}

let db: Database;
beforeAll(async () => {
  const SQL = await initSqlJs();
  db = new SQL.Database();
  for (const t of TABLES) db.run(`CREATE TABLE ${t} (${COLUMNS.join(', ')})`);
});
afterAll(() => db.close());

/** SQLite's verdict: null when it prepares the statement, else its message. */
function sqliteError(sql: string): string | null {
  try {
    db.prepare(sql).free();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('one scope rule for scopes, usage and canonical forms', () => {
  it('reads every qualified reference alike in all three, and as SQLite does', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(stmtArb, (stmt) => {
        const { sql, refs } = render(stmt);
        fc.pre(refs > 0 && refs <= WIDTH);
        const parsed = parseSql(sql);
        expect(parsed.ok, sql).toBe(true);
        if (!parsed.ok) return;
        const ast = parsed.ast as unknown as Node;
        const found = referencesOf(ast);
        expect(found).toHaveLength(refs);

        const usage = queryUsage(sql)!;
        const used = new Map(usage.columns.map((c) => [c.column.toLowerCase(), c.table]));
        const canonical = canonicalTables(canonicalize(ast));
        for (const { q, column, scope } of found) {
          const b = lookup(scope, q);
          expect(used.get(column), `${sql}\n${q}.${column} in usage`).toBe(b === null ? q : b.kind === 'table' ? b.name : null);
          expect(canonical.get(column), `${sql}\n${q}.${column} in the canonical form`).toBe(b?.key ?? q.toLowerCase());
        }
        const tableItems = collectSelects(ast).flatMap((s) => s.scope.items.filter((b) => b.kind === 'table').map((b) => b.name));
        expect(new Set(usage.tables), sql).toEqual(new Set(tableItems));

        const visible = found.every(({ q, scope }) => sourceByRef(scope, q) !== null);
        const error = sqliteError(sql);
        if (error !== null) expect(error, sql).toMatch(/^no such column: /);
        expect(error === null, `${sql}\nSQLite: ${error ?? 'ok'}`).toBe(visible);
        if (visible) accepted++;
        else rejected++;
      }),
      { seed: 2828, numRuns: 400 },
    );
    // Both verdicts occur often enough for the comparison with SQLite to mean something.
    expect(accepted).toBeGreaterThan(40);
    expect(rejected).toBeGreaterThan(40);
  });
});
