/**
 * Benchmark question files, Spider and BIRD layouts, parsed from their text.
 *
 * - Spider: a JSON array of `{db_id, question, query}` (other fields ignored);
 *   databases at `database/<db_id>/<db_id>.sqlite`.
 * - BIRD: a JSON array of `{question_id?, question, evidence, SQL, db_id, difficulty}`;
 *   databases at `<split>_databases/<db_id>/<db_id>.sqlite` or `database/…`.
 *
 * The layout is detected from the first element's fields (`SQL` → BIRD,
 * `query` → Spider); every element must then fit it. Ids are
 * `<split>-<index>` (0-based, file order), or `<split>-<question_id>` for a
 * BIRD file that carries question ids. Field paths in errors read `[12].query`.
 */
import type { BenchQuestion } from './types.ts';
import { BenchFileError } from './errors.ts';
import { fail, isObject, optionalString, requireDbId, requireString, typeName, type FieldContext } from './fields.ts';

export type BenchLayout = 'spider' | 'bird';

/** A parsed question file. */
export interface BenchmarkFile {
  readonly layout: BenchLayout;
  readonly questions: BenchQuestion[];
}

/**
 * Parses a question file's text. Throws {@link BenchFileError}: BAD_JSON,
 * BAD_FIELD, MISSING_FIELD, UNKNOWN_LAYOUT or DUPLICATE_ID.
 *
 * @example
 * const { layout, questions } = parseBenchmark(text, { file: 'dev.json', split: 'dev' });
 * questions[0].id; // 'dev-0'
 */
export function parseBenchmark(text: string, options: { file: string; split: string }): BenchmarkFile {
  const { file, split } = options;
  const items = parseJson(text, file);
  if (!Array.isArray(items)) fail({ file, path: '' }, 'BAD_FIELD', '', `must be a JSON array of questions (got ${typeName(items)})`);
  const layout = detectLayout(items[0]);
  if (layout === undefined) {
    const problem = items.length === 0 ? 'holds no questions' : 'has neither a "query" field (Spider) nor an "SQL" field (BIRD) in its first question';
    throw new BenchFileError({ code: 'UNKNOWN_LAYOUT', file, problem });
  }
  const seen = new Set<string>();
  const questions = items.map((item, index) => {
    const ctx: FieldContext = { file, path: `[${index}].` };
    if (!isObject(item)) fail({ file, path: '' }, 'BAD_FIELD', `[${index}]`, `must be an object (got ${typeName(item)})`);
    const q = layout === 'spider' ? spiderQuestion(item, ctx) : birdQuestion(item, ctx);
    const id = `${split}-${q.key ?? index}`;
    if (seen.has(id)) fail(ctx, 'DUPLICATE_ID', 'question_id', `repeats id "${id}"`);
    seen.add(id);
    const { key: _, ...rest } = q;
    return { id, ...rest };
  });
  return { layout, questions };
}

/**
 * The layout a question object's fields say, or undefined.
 *
 * @example
 * detectLayout({ db_id: 'a', question: 'q', SQL: 'SELECT 1' }); // 'bird'
 */
export function detectLayout(item: unknown): BenchLayout | undefined {
  if (!isObject(item)) return undefined;
  if ('SQL' in item) return 'bird';
  if ('query' in item) return 'spider';
  return undefined;
}

/**
 * Where a database may sit, relative to the benchmark folder, in the order to try.
 *
 * @example
 * databasePaths('spider', 'dev', 'concert_singer'); // ['database/concert_singer/concert_singer.sqlite']
 */
export function databasePaths(layout: BenchLayout, split: string, dbId: string): string[] {
  const tail = `${dbId}/${dbId}.sqlite`;
  return layout === 'spider' ? [`database/${tail}`] : [`${split}_databases/${tail}`, `database/${tail}`];
}

/**
 * Where a database may sit in any layout and split (a labeled candidate file
 * whose benchmark split is not known: ORM training), in the order to try:
 * Spider's `database/`, BIRD's `train_databases/` and `dev_databases/`, then
 * the folder itself holding `<db_id>/<db_id>.sqlite`.
 *
 * @example
 * anyDatabasePaths('card_games')[3]; // 'card_games/card_games.sqlite'
 */
export function anyDatabasePaths(dbId: string): string[] {
  const all = [
    ...databasePaths('spider', 'train', dbId),
    ...databasePaths('bird', 'train', dbId),
    ...databasePaths('bird', 'dev', dbId),
    `${dbId}/${dbId}.sqlite`,
  ];
  return [...new Set(all)];
}

type Parsed = Omit<BenchQuestion, 'id'> & { key?: string };

function spiderQuestion(o: Readonly<Record<string, unknown>>, ctx: FieldContext): Parsed {
  return { db_id: requireDbId(o, 'db_id', ctx), question: requireString(o, 'question', ctx), gold: requireString(o, 'query', ctx) };
}

function birdQuestion(o: Readonly<Record<string, unknown>>, ctx: FieldContext): Parsed {
  const qid = o['question_id'];
  if (qid !== undefined && qid !== null && !(typeof qid === 'string' || Number.isSafeInteger(qid))) {
    fail(ctx, 'BAD_FIELD', 'question_id', `must be an integer or a string (got ${typeName(qid)})`);
  }
  const evidence = optionalString(o, 'evidence', ctx);
  const difficulty = optionalString(o, 'difficulty', ctx);
  return {
    db_id: requireDbId(o, 'db_id', ctx),
    question: requireString(o, 'question', ctx),
    gold: requireString(o, 'SQL', ctx),
    ...(evidence === undefined ? {} : { evidence }),
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(qid === undefined || qid === null ? {} : { key: String(qid) }),
  };
}

/** JSON.parse with a BAD_JSON error that names the line when the engine reports a position. */
function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const message = (e as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new BenchFileError({ code: 'BAD_JSON', file, ...(line === undefined ? {} : { line }), problem: `is not valid JSON (${message})` });
  }
}
