/**
 * Strict field readers for parsed JSON objects, throwing {@link BenchFileError}
 * with the field path. `null` for an optional field counts as absent (writers
 * in other languages emit it for "unknown"); for a required field it is a
 * BAD_FIELD.
 */
import { dbIdProblem } from './db-id.ts';
import { BenchFileError, type BenchFileErrorCode } from './errors.ts';

/** Where the object being read sits: file, optional line, path prefix of its fields. */
export interface FieldContext {
  readonly file: string;
  readonly line?: number;
  /** Prefix of field paths, e.g. `candidates[3].` or `[12].` ('' at the top). */
  readonly path: string;
}

export type JsonObject = Readonly<Record<string, unknown>>;

/** Throws the located error; an empty path (the whole line or file is wrong) names no field. */
export function fail(ctx: FieldContext, code: BenchFileErrorCode, field: string, problem: string): never {
  const at = ctx.line === undefined ? {} : { line: ctx.line };
  const path = ctx.path + field;
  throw new BenchFileError({ code, file: ctx.file, ...at, ...(path === '' ? {} : { field: path }), problem });
}

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A required string field. */
export function requireString(o: JsonObject, key: string, ctx: FieldContext): string {
  const v = o[key];
  if (v === undefined) fail(ctx, 'MISSING_FIELD', key, 'is missing');
  if (typeof v !== 'string') fail(ctx, 'BAD_FIELD', key, `must be a string (got ${typeName(v)})`);
  return v;
}

/** A required `db_id`: a string that is a database name, not a path (OUTSIDE_BENCH otherwise). */
export function requireDbId(o: JsonObject, key: string, ctx: FieldContext): string {
  const v = requireString(o, key, ctx);
  const problem = dbIdProblem(v);
  if (problem !== undefined) fail(ctx, 'OUTSIDE_BENCH', key, problem);
  return v;
}

/** An optional string field. */
export function optionalString(o: JsonObject, key: string, ctx: FieldContext): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(ctx, 'BAD_FIELD', key, `must be a string (got ${typeName(v)})`);
  return v;
}

/** An optional finite number field. */
export function optionalNumber(o: JsonObject, key: string, ctx: FieldContext): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(ctx, 'BAD_FIELD', key, `must be a finite number (got ${typeName(v)})`);
  return v;
}

/** An optional boolean field. */
export function optionalBoolean(o: JsonObject, key: string, ctx: FieldContext): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') fail(ctx, 'BAD_FIELD', key, `must be true or false (got ${typeName(v)})`);
  return v;
}

/** How a value reads in an error message. */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? 'a string' : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeof v === 'object' ? 'an object' : typeof v;
}
