/**
 * Everything the signals read off one SQL text, made in one call so that it
 * can be made where the text is parsed once (a worker thread beside
 * execution, see src/node/analysis-worker.ts) and handed over as plain data:
 * its normalized text, whether a parser dialect reads it, its structure key
 * when it parses, and the tables and columns it uses. The values are exactly
 * those of `normalizeSql`, `parseSql`, `structureKey` and `queryUsage` on the
 * same text and schema.
 */
import type { Schema } from '../schema.ts';
import { normalizeSql } from './normalize.ts';
import { parseSql } from './parse.ts';
import { parsedStructureKey, textStructureKey, type StructureKey } from './structure.ts';
import { queryUsage, type QueryUsage } from './usage.ts';

/** What one SQL text's parse (and its normalized text) gives the signals. */
export interface SqlAnalysis {
  /** `normalizeSql(sql)`: the text the string clusters compare. */
  readonly normalized: string;
  /** Whether a parser dialect reads the text as written (`parseSql(sql).ok`). */
  readonly parses: boolean;
  /** Its structure key when a dialect reads it; null when the key comes from text (see {@link analyzedStructureKey}). */
  readonly structure: string | null;
  /** `queryUsage(sql, schema)` with the schema it was analysed against. */
  readonly usage: QueryUsage | null;
}

/**
 * Analyses one text against a schema.
 *
 * @example
 * analyzeSql('SELECT name FROM singer', schema); // { parses: true, structure: '…', usage: { tables: ['singer'], … } }
 */
export function analyzeSql(sql: string, schema?: Schema): SqlAnalysis {
  return { normalized: normalizeSql(sql), parses: parseSql(sql).ok, structure: parsedStructureKey(sql)?.key ?? null, usage: queryUsage(sql, schema) };
}

/**
 * The structure key an analysis stands for: its parsed key, or the text key
 * from `fallback` (sql.js's normalized text), as `structureKey(sql, fallback)`
 * gives it, with nothing parsed here.
 *
 * @example
 * analyzedStructureKey(analyzeSql(sql), sql, normalizedSql); // equals structureKey(sql, normalizedSql)
 */
export function analyzedStructureKey(analysis: SqlAnalysis, sql: string, fallback?: string | null): StructureKey {
  return analysis.structure === null ? textStructureKey(sql, fallback) : { key: analysis.structure, parsed: true };
}
