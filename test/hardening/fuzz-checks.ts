/**
 * The properties every SQL string must keep, shared by the fuzz suites and
 * the replay of strings they once broke on (test/fixtures/regressions/).
 * Each check throws an Error naming the broken property; it returns nothing.
 */
import { isExecErrorCode } from '../../src/core/bench/exec-error-codes.ts';
import type { Cell, ExecOutcome } from '../../src/core/exec/types.ts';
import { MUTATION_KINDS, mutate } from '../../src/core/mutate/index.ts';
import type { Schema } from '../../src/core/schema.ts';
import { guardSql } from '../../src/core/sql/guard.ts';
import { normalizeSql } from '../../src/core/sql/normalize.ts';
import { structureKey, type StructureKey } from '../../src/core/sql/structure.ts';
import { tokenizeSql } from '../../src/core/sql/tokenize.ts';
import { createRng } from '../../src/core/stats/rng.ts';

/** Longest any one string may keep the core busy: far above normal, far below a hang. */
export const CORE_BOUND_MS = 5000;

const GUARD_CODES = new Set(['EMPTY', 'MULTI_STATEMENT', 'READONLY', 'SYNTAX']);

function must(ok: boolean, what: string, sql: string): void {
  if (!ok) throw new Error(`${what} for ${JSON.stringify(sql)}`);
}

/**
 * Normalization, structure key (with sql.js's normalized text as fallback),
 * guard and mutation generator on one string: none throws, each keeps its
 * contract, and all together finish within {@link CORE_BOUND_MS}. With
 * `repeat`, the structure key and the mutants are computed twice and must
 * agree (determinism; it doubles the parser's work). Returns the structure key.
 */
export function checkCore(sql: string, schema: Schema, fallback: string | null, repeat = true): StructureKey {
  const t0 = performance.now();
  const plain = normalizeSql(sql);
  const masked = normalizeSql(sql, { maskLiterals: true });
  must(typeof plain === 'string', 'normalizeSql gives text', sql);
  // Joining tokens must never make a comment marker (`- -1` written `--1` would hide the rest of the query).
  must(
    tokenizeSql(plain).every((t) => t.kind !== 'comment'),
    'normalizeSql leaves no comment in its output',
    sql,
  );
  must(normalizeSql(sql) === plain && normalizeSql(sql, { maskLiterals: true }) === masked, 'normalizeSql is deterministic', sql);

  const key = structureKey(sql, fallback);
  must(typeof key.key === 'string' && typeof key.parsed === 'boolean', 'structureKey gives {key, parsed}', sql);
  if (repeat) must(JSON.stringify(structureKey(sql, fallback)) === JSON.stringify(key), 'structureKey is deterministic', sql);
  if (!key.parsed) {
    const text = fallback !== null && fallback.trim() !== '' ? fallback : sql;
    must(key.key === normalizeSql(text, { maskLiterals: true }), 'an unparsed structure key is the masked normalized text', sql);
  }

  const guard = guardSql(sql);
  if (guard.ok) must(sql.includes(guard.sql) && guard.sql.length > 0, 'the guard returns a piece of its input', sql);
  else must(GUARD_CODES.has(guard.error.code) && guard.error.message.length > 0, 'the guard refuses with a guard code and a message', sql);

  const mutants = mutate(sql, schema, { k: 2, rng: createRng(11) });
  must(mutants.length <= 2, 'mutate keeps to k', sql);
  if (repeat) must(JSON.stringify(mutate(sql, schema, { k: 2, rng: createRng(11) })) === JSON.stringify(mutants), 'mutate is deterministic for a seed', sql);
  for (const m of mutants) {
    must(MUTATION_KINDS.includes(m.kind) && typeof m.sql === 'string', 'a mutant has a known kind', sql);
    must(normalizeSql(m.sql) !== plain, 'a mutant differs from its source', sql);
    const verdict = guardSql(m.sql);
    must(
      verdict.ok || verdict.error.code === 'SYNTAX',
      `a mutant stays one read-only statement (got ${verdict.ok ? 'OK' : verdict.error.code}: ${m.sql})`,
      sql,
    );
  }
  must(performance.now() - t0 < CORE_BOUND_MS, `the core finishes within ${CORE_BOUND_MS} ms`, sql);
  return key;
}

function isCell(c: Cell): boolean {
  if (c === null || typeof c === 'string') return true;
  if (typeof c === 'number') return !Number.isNaN(c);
  return typeof c === 'object' && typeof c.blob === 'string' && Number.isInteger(c.bytes) && c.bytes >= 0;
}

/**
 * One executor outcome for `sql`: well-formed plain data, within the row cap
 * and the time bound, and in agreement with the guard (a refused statement
 * fails with the guard's code; a success passed the guard).
 */
export function checkOutcome(sql: string, out: ExecOutcome, rowCap: number, boundMs: number): void {
  must(Number.isFinite(out.ms) && out.ms >= 0 && out.ms < boundMs, `ms within ${boundMs} (got ${out.ms})`, sql);
  const guard = guardSql(sql);
  if (out.ok) {
    must(Array.isArray(out.columns) && out.columns.every((c) => typeof c === 'string'), 'columns are names', sql);
    must(out.rows.length <= rowCap && typeof out.cut === 'boolean', 'rows within the cap', sql);
    must(
      out.rows.every((r) => r.length === out.columns.length && r.every(isCell)),
      'rows hold cells, one per column',
      sql,
    );
    must(guard.ok, 'only a statement the guard accepts succeeds', sql);
  } else {
    must(isExecErrorCode(out.error.code) && typeof out.error.message === 'string' && out.error.message.length > 0, 'an error has a code and a message', sql);
    if (!guard.ok) must(out.error.code === guard.error.code, `a refused statement fails with the guard's code (${out.error.code} vs ${guard.error.code})`, sql);
  }
}

/** Codes whose appearance depends on timing or memory, not on the statement alone. */
export const UNSTABLE_CODES: ReadonlySet<string> = new Set(['TIMEOUT', 'TOO_LARGE', 'WORKER_CRASHED']);

const codeOfOutcome = (o: ExecOutcome): string => (o.ok ? 'OK' : o.error.code);

/**
 * Two runs' outcomes made comparable: timings dropped, and a pair where
 * either side ended in an {@link UNSTABLE_CODES} code reduced to 'unstable'
 * on both sides.
 *
 * @example
 * const [a, b] = comparablePair(first, second);
 * expect(b).toEqual(a);
 */
export function comparablePair(a: readonly ExecOutcome[], b: readonly ExecOutcome[]): [unknown[], unknown[]] {
  const keep = a.map((o, i) => b[i] !== undefined && !UNSTABLE_CODES.has(codeOfOutcome(o)) && !UNSTABLE_CODES.has(codeOfOutcome(b[i]!)));
  const view = (outs: readonly ExecOutcome[]): unknown[] => outs.map((o, i) => (keep[i] ? { ...o, ms: undefined } : 'unstable'));
  return [view(a), view(b)];
}
