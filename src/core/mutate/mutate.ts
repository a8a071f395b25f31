/**
 * The mutation generator: near-miss and meaning-preserving variants of a gold
 * query, made on its AST.
 *
 * Choice rule: every applicable rule lists all its edits; the rules are put in
 * a random order and each one's edits shuffled (Fisher–Yates with the rng
 * passed in); then the rules take turns, one edit per turn, until `k` mutants
 * are kept or no edits are left. So kinds are spread evenly rather than in
 * proportion to how many edits each offers. A mutant is kept when its
 * canonical text (`normalizeSql` of core/sql: whitespace, case and identifier
 * quoting normalized, literals kept) differs from the gold query (as
 * written and as reprinted) and from every mutant kept before.
 */
import type { Schema } from '../schema.ts';
import { parseSql } from '../sql/parse.ts';
import { fitsParser } from '../sql/parse-limits.ts';
import { type Node, isSelect } from './ast.ts';
import { normalizeSql } from '../sql/normalize.ts';
import { printSql } from './print.ts';
import { MUTATION_RULES, ruleOf } from './registry.ts';
import { collectSelects } from '../sql/scope.ts';
import type { Edit, MutateOptions, Mutant, MutationContext, MutationKind, MutationRule, RandomSource } from './types.ts';

function shuffle<T>(items: T[], rng: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(rng.next() * (i + 1)));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Up to `k` distinct mutants of `gold`, chosen at random among the edits that
 * apply (see the module comment for the rule). An unparseable or non-SELECT
 * gold query gives `[]`, as does one that does not fit the parser
 * (`fitsParser`: too many tokens, unbalanced or too deeply nested parentheses). Throws `RangeError` when `k` is not a non-negative
 * integer or a kind is unknown.
 *
 * @example
 * const rng = createRng(7);
 * mutate('SELECT name FROM singer WHERE age > 30', schema, { k: 4, rng });
 * // [{ sql: 'SELECT "name" FROM "singer" WHERE "age" < 30', kind: 'flipped-comparison', preserving: false }, …]
 */
export function mutate(gold: string, schema: Schema, options: MutateOptions): Mutant[] {
  const { k, rng, kinds, onSkip } = options;
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a non-negative integer, got ${k}`);
  const rules: readonly MutationRule[] = kinds ? kinds.map(ruleOf) : MUTATION_RULES;
  if (!fitsParser(gold)) return [];
  const parsed = parseSql(gold);
  if (!parsed.ok || !isSelect(parsed.ast) || k === 0) return [];
  const ast = parsed.ast as unknown as Node;
  const ctx: MutationContext = { schema, dialect: parsed.dialect, selects: collectSelects(ast, schema) };
  const seen = new Set([normalizeSql(gold), normalizeSql(printSql(structuredClone(ast), parsed.dialect))]);

  const queues = shuffle(
    rules.map((rule) => ({ rule, edits: shuffle(rule.edits(ast, ctx), rng) })).filter((q) => q.edits.length > 0),
    rng,
  );
  const out: Mutant[] = [];
  while (out.length < k && queues.length > 0) {
    for (let i = 0; i < queues.length && out.length < k; ) {
      const q = queues[i]!;
      const sql = apply(ast, q.edits.pop()!, ctx, q.rule.kind, onSkip);
      if (sql !== null && !seen.has(normalizeSql(sql))) {
        seen.add(normalizeSql(sql));
        out.push({ sql, kind: q.rule.kind, preserving: q.rule.preserving });
      }
      if (q.edits.length === 0) queues.splice(i, 1);
      else i++;
    }
  }
  return out;
}

function apply(ast: Node, edit: Edit, ctx: MutationContext, kind: MutationKind, onSkip?: MutateOptions['onSkip']): string | null {
  try {
    const copy = structuredClone(ast);
    edit(copy);
    return printSql(copy, ctx.dialect);
  } catch (error) {
    onSkip?.(kind, error);
    return null;
  }
}
