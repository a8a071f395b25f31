/**
 * The evidence of one candidate: its result's shape read against the
 * question's intent, its SQL smells, and its probes' answers, as features
 * (types.ts, EVIDENCE_FEATURES) and findings in plain words.
 */
import type { Cell, ExecOutcome } from '../exec/types.ts';
import type { Schema } from '../schema.ts';
import type { QuestionIntent } from './intent.ts';
import type { Probe } from './probes.ts';
import type { ResultShape } from './result-shape.ts';
import { tableNamed } from './sql-reading.ts';
import type { SqlSmells } from './sql-smells.ts';
import { EVIDENCE_FEATURES, type CandidateEvidence, type EvidenceFeature, type Finding, type FindingCode } from './types.ts';

/** What one candidate's evidence is read from. */
export interface EvidenceParts {
  readonly intent: QuestionIntent;
  readonly exec: ExecOutcome;
  readonly shape: ResultShape | null;
  readonly smells: SqlSmells | null;
  readonly schema: Schema;
  readonly probes: readonly Probe[];
  /** A probe's outcome (undefined when it was not run). */
  readonly answer: (sql: string) => ExecOutcome | undefined;
}

const show = (c: Cell | undefined): string =>
  typeof c === 'string' ? `'${c}'` : c === null || c === undefined ? 'NULL' : typeof c === 'number' ? String(c) : 'a blob';
const firstNumber = (o: ExecOutcome | undefined): number | null => (o?.ok && typeof o.rows[0]?.[0] === 'number' ? (o.rows[0]![0] as number) : null);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const firstValues = (values: readonly string[]): string =>
  values
    .slice(0, 3)
    .map((v) => `'${v}'`)
    .join(', ');

/**
 * Reads the evidence.
 *
 * @example readEvidence(parts).findings[0]?.reason; // "The filter compares status with 'active', which this column never holds; it holds 'Active'."
 */
export function readEvidence(p: EvidenceParts): CandidateEvidence {
  const f = new Map<EvidenceFeature, number>([['given', 1]]);
  const findings: Finding[] = [];
  const say = (code: FindingCode, reason: string): void => void findings.push({ code, reason });
  const { intent, shape, smells } = p;
  if (!p.exec.ok || shape === null) f.set('fails', 1);
  const largest = Math.max(1, ...p.schema.tables.map((t) => t.rowCount));
  if (shape !== null) {
    const hasNumber = shape.numbers.length > 0;
    const zero = shape.rows === 1 && shape.columns === 1 && (shape.single === 0 || shape.single === null);
    f.set('empty', shape.rows === 0 ? 1 : 0)
      .set('one_number', shape.oneNumber ? 1 : 0)
      .set('zero_or_null', zero ? 1 : 0);
    f.set('log_rows', Math.log1p(shape.rows))
      .set('rows_vs_largest', Math.min(2, shape.rows / largest))
      .set('duplicate_share', shape.duplicateShare);
    f.set('null_share', shape.nullShare)
      .set('log_columns', Math.log1p(shape.columns))
      .set('ids_only', shape.idsOnly ? 1 : 0);
    if (intent.count && !intent.each && !(shape.rows === 1 && hasNumber)) {
      f.set('count_not_one_number', 1);
      say('SHAPE_COUNT', `The question asks how many, but the result is ${plural(shape.rows, 'row')} × ${plural(shape.columns, 'column')}, not one number.`);
    }
    if (intent.list && shape.idsOnly) {
      f.set('list_ids_only', 1);
      say('SHAPE_IDS_ONLY', 'The question asks which ones, but the result holds only ids, no names.');
    }
    if (intent.each && shape.rows <= 1 && p.exec.ok) {
      f.set('each_one_row', 1);
      say('SHAPE_ONE_ROW', `The question asks for each one, but the result has ${plural(shape.rows, 'row')}.`);
    }
    if (intent.superlative && !intent.each && !intent.count && shape.rows > 1) {
      f.set('superlative_many_rows', 1);
      if (shape.rows > 3) say('SHAPE_MANY_ROWS', `The question asks for the top or bottom one, but the result has ${shape.rows} rows.`);
    }
    const outside = intent.percentage ? shape.numbers.find((x) => x < 0 || x > 100) : undefined;
    if (outside !== undefined) {
      f.set('percent_out_of_range', 1);
      say('SHAPE_PERCENT', `The question asks for a percentage, but the result holds ${outside}, outside 0–100.`);
    }
    if (zero && shape.single === 0 && (intent.count || smells?.countOrSum)) {
      f.set('zero_count', 1);
      say('ZERO_COUNT', 'The count is 0: no row passed the filter.');
    }
    if (shape.rows === 0 && (intent.list || intent.superlative)) {
      f.set('empty_list', 1);
      say('EMPTY_LIST', 'The query returns no rows, though the question asks for some.');
    }
  }
  if (smells !== null) readSmells(p, smells, f, say);
  return { features: EVIDENCE_FEATURES.map((n) => f.get(n) ?? 0), findings, probes: p.probes.length };
}

/** The smells' features and the probes' findings. */
function readSmells(p: EvidenceParts, s: SqlSmells, f: Map<EvidenceFeature, number>, say: (code: FindingCode, reason: string) => void): void {
  const { intent, shape } = p;
  f.set('left_join', s.leftJoin && !s.isNullCheck ? 1 : 0)
    .set('not_in_subquery', s.notIn ? 1 : 0)
    .set('ungrouped_selected', s.ungroupedSelected.length > 0 ? 1 : 0);
  f.set('group_by_non_key', s.groupBy.some((g) => !(tableNamed(p.schema, g.table)?.primaryKey.includes(g.column) ?? true)) ? 1 : 0);
  f.set('having_without_group', s.havingWithoutGroup ? 1 : 0)
    .set('limit_without_order', s.limit !== null && !s.orderBy ? 1 : 0)
    .set('integer_division', s.integerDivision ? 1 : 0);
  if (s.equalsNull)
    say(
      'EQUALS_NULL',
      'The query compares a value with = NULL (or != NULL), which is never true in SQL: a comparison with NULL is unknown. IS NULL (or IS NOT NULL) is meant.',
    );
  if (s.havingWithoutGroup)
    say(
      'HAVING_WITHOUT_GROUP',
      'HAVING without GROUP BY treats the whole table as one group: it keeps or drops that single aggregate row, not individual rows.',
    );
  if (s.integerDivision && intent.fraction) {
    f.set('fraction_integer_division', 1);
    say(
      'INTEGER_DIVISION',
      'The question asks for an average, ratio or percentage, but the query divides integers, which in SQLite drops the fraction (7 / 2 is 3).',
    );
  }
  if (s.limit !== null && !s.orderBy && intent.superlative)
    say('LIMIT_WITHOUT_ORDER', 'LIMIT without ORDER BY returns whichever rows come first, not the top ones.');
  const u = s.ungroupedSelected[0];
  if (u !== undefined)
    say('UNGROUPED_SELECTED', `${u.column} is selected but neither grouped nor aggregated: SQLite takes it from an arbitrary row of each group.`);
  if (s.leftJoin && !s.isNullCheck && shape !== null && shape.nullShare > 0)
    say(
      'LEFT_JOIN_NULLS',
      'LEFT JOIN keeps rows without a match (their columns come back NULL); if the question wants only matching rows, an inner JOIN is meant.',
    );
  let mismatched = 0;
  let absent = 0;
  for (const probe of p.probes) {
    const o = p.answer(probe.sql);
    if (o === undefined || !o.ok) continue;
    const t = probe.target;
    if (probe.kind === 'values' && probe.literal !== undefined) {
      const held = o.rows.map((r) => r[0]).filter((c): c is string => typeof c === 'string');
      if (held.includes(probe.literal)) {
        const others = held.filter((v) => v !== probe.literal);
        if (others.length > 0)
          say(
            'LITERAL_VARIANTS',
            `The filter compares ${t.column} with '${probe.literal}', but the column also holds ${firstValues(others)}, the same words in another case or spacing, which the filter leaves out.`,
          );
        continue;
      }
      if (held.length > 0) {
        mismatched++;
        say('LITERAL_CASE', `The filter compares ${t.column} with '${probe.literal}', which this column never holds; it holds ${firstValues(held)}.`);
      } else {
        absent++;
        say('LITERAL_ABSENT', `The filter compares ${t.column} with '${probe.literal}', a value ${t.table}.${t.column} never holds.`);
      }
    } else if (probe.kind === 'nulls' && (firstNumber(o) ?? 0) > 0) {
      f.set('not_in_nulls', 1);
      say(
        'NOT_IN_NULLS',
        `NOT IN (SELECT ${t.column} …) meets NULL in ${t.table}.${t.column} (${plural(firstNumber(o)!, 'row')}): NOT IN with a NULL is never true, so no row can pass it.`,
      );
    } else if (probe.kind === 'tie' && o.rows.length === 2 && JSON.stringify(o.rows[0]) === JSON.stringify(o.rows[1])) {
      f.set('limit_cuts_tie', 1);
      say(
        'LIMIT_CUTS_TIE',
        `LIMIT 1 keeps one row, but the next row ties with it on the ordering (${o.rows[0]!.map(show).join(', ')}): which one comes back is arbitrary.`,
      );
    } else if (probe.kind === 'distinct' && shape?.oneNumber) {
      const n = shape.single as number;
      const m = firstNumber(o);
      if (m !== null && m < n) {
        f.set('join_repeats_rows', 1);
        say('JOIN_REPEATS_ROWS', `The join repeats rows of ${t.table}: the count is ${n}, but only ${m} distinct ${t.table} rows take part.`);
      }
    } else if (probe.kind === 'limited' && s.limit !== null && (firstNumber(o) ?? 0) > s.limit) {
      say('LIMIT_DROPS_ROWS', `LIMIT ${s.limit} without ORDER BY keeps ${s.limit} of the ${firstNumber(o)} rows the query finds, whichever come first.`);
    } else if (probe.kind === 'spellings' && (firstNumber(o) ?? 0) > 0) {
      say(
        'GROUP_BY_SPELLINGS',
        `GROUP BY ${t.column} puts the same ${t.column} in separate groups where it is spelt in another case or spacing (${plural(firstNumber(o)!, 'value')} spelt several ways in ${t.table}), so their counts are split.`,
      );
    } else if (probe.kind === 'dates' && typeof o.rows[0]?.[0] === 'string') {
      const example = o.rows[0]![0] as string;
      say(
        'YEAR_VS_TEXT_DATE',
        `${t.column} holds text dates like '${example.slice(0, 20)}', compared with ${probe.literal} as text: '${probe.literal}-06-01' > '${probe.literal}', so dates in ${probe.literal} itself ${probe.op === '>' ? 'pass the > test' : 'fail the <= test'}. ${probe.op === '>' ? '>=' : '<'} '${Number(probe.literal) + 1}-01-01' is meant.`,
      );
    } else if (probe.kind === 'shared' && (firstNumber(o) ?? 0) > 0) {
      f.set('group_by_name_shared', 1);
      say(
        'GROUP_BY_NAME_SHARED',
        `GROUP BY ${t.column} merges different rows of ${t.table} that share a ${t.column} (${plural(firstNumber(o)!, 'value')} shared): grouping by the table's key keeps them apart.`,
      );
    }
  }
  f.set('literal_case_mismatch', mismatched).set('literal_absent', absent);
  // A year the question names, in a query that names no year at all (not "after 2020" written as >= '2021-01-01').
  const anyYear = s.tokens.code.some((t) => (t.kind === 'number' || t.kind === 'string') && /(^|\D)(19|20)\d\d(\D|$)/.test(t.text));
  const unused = anyYear ? undefined : intent.years[0];
  if (unused !== undefined) say('YEAR_UNUSED', `The question names ${unused}, but the query uses no year at all.`);
  countIsTableSize(p, s, f, say);
}

/** A filtered count equal to its table's row count: the filter filtered nothing. */
function countIsTableSize(p: EvidenceParts, s: SqlSmells, f: Map<EvidenceFeature, number>, say: (code: FindingCode, reason: string) => void): void {
  const shape = p.shape;
  if (!shape?.oneNumber || s.tables.length !== 1 || !s.countOrSum || !s.tokens.code.some((t) => t.depth === 0 && t.text === 'where')) return;
  const table = tableNamed(p.schema, s.tables[0]!);
  if (table === undefined) return;
  const probe = p.probes.find((x) => x.kind === 'rows');
  const rows = probe === undefined ? table.rowCount : firstNumber(p.answer(probe.sql));
  if (rows === null || rows <= 0 || shape.single !== rows || !s.tokens.code.some((t) => t.depth === 0 && t.text === 'count')) return;
  f.set('count_is_table_size', 1);
  say('COUNT_IS_TABLE_SIZE', `The count, ${rows}, equals the number of rows in ${table.name}: the filter filtered nothing.`);
}
