/**
 * The adversarial SQL corpus (test/fixtures/adversarial/corpus.json), read
 * and checked at run time: each statement with the outcome codes it may end
 * in. `{{TEXT*N}}` in a statement's text stands for TEXT repeated N times, so
 * megabyte-long statements stay a line of data.
 */
import { readFileSync } from 'node:fs';
import type { ExecErrorCode, ExecOutcome } from '../../src/core/exec/types.ts';

/** An outcome code: an ExecErrorCode, or OK for success. */
export type OutcomeCode = ExecErrorCode | 'OK';

export interface AdversarialStatement {
  readonly id: string;
  /** write, schema, attach, pragma, vacuum, transaction, extension, multi, comment, bomb, memory, nesting, long, empty, outside. */
  readonly kind: string;
  /** The statement, templates expanded. */
  readonly sql: string;
  readonly expect: readonly OutcomeCode[];
  /** May run long or allocate much: only ever run through the worker pool. */
  readonly bomb: boolean;
}

const CORPUS = new URL('../fixtures/adversarial/corpus.json', import.meta.url);

/**
 * Expands `{{TEXT*N}}` templates.
 *
 * @example
 * expandTemplate('SELECT {{(*3}}1{{)*3}}') // 'SELECT (((1)))'
 */
export function expandTemplate(sql: string): string {
  return sql.replace(/\{\{(.+?)\*(\d+)\}\}/gs, (_, text: string, n: string) => text.repeat(Number(n)));
}

/**
 * Reads the corpus; throws when an entry is malformed or an id repeats.
 *
 * @example
 * const statements = loadCorpus(); // 126 statements
 */
export function loadCorpus(): AdversarialStatement[] {
  const doc = JSON.parse(readFileSync(CORPUS, 'utf8')) as { statements: unknown[] };
  const seen = new Set<string>();
  return doc.statements.map((raw, i) => {
    const e = raw as Record<string, unknown>;
    const ok = typeof e.id === 'string' && typeof e.kind === 'string' && typeof e.sql === 'string' && Array.isArray(e.expect) && e.expect.length > 0;
    if (!ok || seen.has(e.id as string)) throw new Error(`corpus.json statement ${i} is malformed or repeats an id: ${JSON.stringify(raw).slice(0, 120)}`);
    seen.add(e.id as string);
    return { id: e.id as string, kind: e.kind as string, sql: expandTemplate(e.sql as string), expect: e.expect as OutcomeCode[], bomb: e.bomb === true };
  });
}

/** The outcome's code: OK or the error code. */
export const codeOf = (out: ExecOutcome): OutcomeCode => (out.ok ? 'OK' : out.error.code);

/** An outcome without its timing, for comparing two runs of the same statement. */
export const withoutMs = (out: ExecOutcome): unknown => ({ ...out, ms: undefined });
