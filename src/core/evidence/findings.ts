import type { EvidenceParts } from './parts.ts';
import { countIsTableSize, plural, readProbes, type Features, type Say } from './probe-findings.ts';
import { tableNamed } from './sql-reading.ts';
import type { SqlSmells } from './sql-smells.ts';
import { EVIDENCE_FEATURES, type CandidateEvidence, type EvidenceFeature, type Finding, type FindingCode } from './types.ts';

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

/** The smells' features and findings, then the probes' (probe-findings.ts), a year the question names and the query does not, and a count of the whole table. */
function readSmells(p: EvidenceParts, s: SqlSmells, f: Features, say: Say): void {
  smellFeatures(p, s, f);
  saySmells(p, s, f, say);
  readProbes(p, s, f, say);
  // A year the question names, in a query that names no year at all (not "after 2020" written as >= '2021-01-01').
  const anyYear = s.tokens.code.some((t) => (t.kind === 'number' || t.kind === 'string') && /(^|\D)(19|20)\d\d(\D|$)/.test(t.text));
  const unused = anyYear ? undefined : p.intent.years[0];
  if (unused !== undefined) say('YEAR_UNUSED', `The question names ${unused}, but the query uses no year at all.`);
  countIsTableSize(p, s, f, say);
}

/** The smells as features. */
function smellFeatures(p: EvidenceParts, s: SqlSmells, f: Features): void {
  f.set('left_join', s.leftJoin && !s.isNullCheck ? 1 : 0)
    .set('not_in_subquery', s.notIn ? 1 : 0)
    .set('ungrouped_selected', s.ungroupedSelected.length > 0 ? 1 : 0);
  f.set('group_by_non_key', s.groupBy.some((g) => !(tableNamed(p.schema, g.table)?.primaryKey.includes(g.column) ?? true)) ? 1 : 0);
  f.set('having_without_group', s.havingWithoutGroup ? 1 : 0)
    .set('limit_without_order', s.limit !== null && !s.orderBy ? 1 : 0)
    .set('integer_division', s.integerDivision ? 1 : 0);
}

/** The smells that are findings by themselves, or read against the question's intent and the result. */
function saySmells(p: EvidenceParts, s: SqlSmells, f: Features, say: Say): void {
  const { intent, shape } = p;
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
}
