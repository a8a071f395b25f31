/**
 * What a candidate's probes answered (probes.ts), read as features and
 * findings in plain words for its evidence (findings.ts): a literal the
 * column never holds or holds in other spellings, NULLs under NOT IN, a tie
 * LIMIT 1 cuts, a join that repeats rows, rows LIMIT drops, a GROUP BY split
 * by spellings or merging rows that share a name, a year compared with text
 * dates, and a filtered count equal to its table's size.
 */
import type { Cell, ExecOutcome, ExecSuccess } from '../exec/types.ts';
import type { EvidenceParts } from './parts.ts';
import type { Probe } from './probes.ts';
import { tableNamed } from './sql-reading.ts';
import type { SqlSmells } from './sql-smells.ts';
import type { EvidenceFeature, FindingCode } from './types.ts';

/** The features being read. */
export type Features = Map<EvidenceFeature, number>;
/** Adds a finding. */
export type Say = (code: FindingCode, reason: string) => void;

const show = (c: Cell | undefined): string =>
  typeof c === 'string' ? `'${c}'` : c === null || c === undefined ? 'NULL' : typeof c === 'number' ? String(c) : 'a blob';
const firstNumber = (o: ExecOutcome | undefined): number | null => (o?.ok && typeof o.rows[0]?.[0] === 'number' ? (o.rows[0]![0] as number) : null);
const firstValues = (values: readonly string[]): string =>
  values
    .slice(0, 3)
    .map((v) => `'${v}'`)
    .join(', ');

/**
 * `n` and its noun, singular or plural.
 *
 * @example plural(2, 'row'); // '2 rows'
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Reads every probe that answered, in order; the literals the columns never
 * hold in that case or at all are counted as features.
 *
 * @example readProbes(parts, smells, features, say);
 */
export function readProbes(p: EvidenceParts, s: SqlSmells, f: Features, say: Say): void {
  let mismatched = 0;
  let absent = 0;
  for (const probe of p.probes) {
    const o = p.answer(probe.sql);
    if (o === undefined || !o.ok) continue;
    if (probe.kind === 'values' && probe.literal !== undefined) {
      const read = readValuesProbe(probe, probe.literal, o, say);
      if (read === 'mismatched') mismatched++;
      else if (read === 'absent') absent++;
    } else readCheckProbe(p, s, probe, o, f, say);
  }
  f.set('literal_case_mismatch', mismatched).set('literal_absent', absent);
}

/** A literal against the values its column holds: held (perhaps with other spellings), held only in other spellings, or absent. */
function readValuesProbe(probe: Probe, literal: string, o: ExecSuccess, say: Say): 'held' | 'mismatched' | 'absent' {
  const t = probe.target;
  const held = o.rows.map((r) => r[0]).filter((c): c is string => typeof c === 'string');
  if (held.includes(literal)) {
    const others = held.filter((v) => v !== literal);
    if (others.length > 0)
      say(
        'LITERAL_VARIANTS',
        `The filter compares ${t.column} with '${literal}', but the column also holds ${firstValues(others)}, the same words in another case or spacing, which the filter leaves out.`,
      );
    return 'held';
  }
  if (held.length > 0) {
    say('LITERAL_CASE', `The filter compares ${t.column} with '${literal}', which this column never holds; it holds ${firstValues(held)}.`);
    return 'mismatched';
  }
  say('LITERAL_ABSENT', `The filter compares ${t.column} with '${literal}', a value ${t.table}.${t.column} never holds.`);
  return 'absent';
}

/** A probe other than a literal's: what its answer says about the query. */
function readCheckProbe(p: EvidenceParts, s: SqlSmells, probe: Probe, o: ExecSuccess, f: Features, say: Say): void {
  const { shape } = p;
  const t = probe.target;
  if (probe.kind === 'nulls' && (firstNumber(o) ?? 0) > 0) {
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

/**
 * A filtered count equal to its table's row count: the filter filtered nothing.
 *
 * @example countIsTableSize(parts, smells, features, say);
 */
export function countIsTableSize(p: EvidenceParts, s: SqlSmells, f: Features, say: Say): void {
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
