/**
 * The labeling rules, each with the published evaluator it reproduces, so
 * every place a rule is chosen (the CLI's `--rule`, Evaluate's choice) and
 * every report that names one reads the same words; and what a rule compares
 * (comparisonOf) and checks of a result first (checkTable). (What each rule runs is
 * label-text.ts; this file loads nothing else, so `confide --help` reads it.)
 */
import type { Comparison, EquivalenceRule, ResultTable } from './types.ts';

/** What a rule is and where it comes from. */
export interface RuleInfo {
  readonly rule: EquivalenceRule;
  /** The published evaluator and its setting, e.g. "test-suite-sql-eval exec_eval default (keep_distinct off)". */
  readonly source: string;
  /** One line for a person choosing between rules. */
  readonly summary: string;
}

/** Every rule, the default first. */
export const EQUIVALENCE_RULES: readonly RuleInfo[] = [
  {
    rule: 'spider',
    source: 'test-suite-sql-eval exec_eval default (keep_distinct off)',
    summary:
      "Spider's published execution accuracy: DISTINCT removed from both queries, row order when the gold says ORDER BY, every database in the question's folder",
  },
  {
    rule: 'spider-keep-distinct',
    source: 'test-suite-sql-eval exec_eval --keep_distinct',
    summary: 'the same, DISTINCT kept: a candidate must also match duplicates',
  },
  {
    rule: 'bird',
    source: 'BIRD evaluation.py execute_sql: set(predicted rows) == set(gold rows)',
    summary: "BIRD's published execution accuracy: rows as sets, column order kept, row order ignored",
  },
];

/**
 * Whether `value` names a rule.
 *
 * @example isEquivalenceRule('spider-keep-distinct'); // true
 */
export function isEquivalenceRule(value: unknown): value is EquivalenceRule {
  return EQUIVALENCE_RULES.some((r) => r.rule === value);
}

/**
 * A rule's description.
 *
 * @example ruleInfo('spider').source; // 'test-suite-sql-eval exec_eval default (keep_distinct off)'
 */
export function ruleInfo(rule: EquivalenceRule): RuleInfo {
  const info = EQUIVALENCE_RULES.find((r) => r.rule === rule);
  if (info === undefined) throw new RangeError(`unknown equivalence rule "${String(rule)}"`);
  return info;
}

/**
 * The comparison a rule makes (also what its fingerprints canonicalize).
 *
 * @example comparisonOf('spider-keep-distinct'); // 'spider'
 */
export function comparisonOf(rule: EquivalenceRule): Comparison {
  return rule === 'bird' ? 'bird' : 'spider';
}

/** Throws a RangeError for an unknown rule or a row whose width differs from the header. */
export function checkTable(table: ResultTable, rule: string): void {
  if (rule !== 'spider' && rule !== 'spider-keep-distinct' && rule !== 'bird') {
    throw new RangeError(`unknown equivalence rule "${rule}": use "spider", "spider-keep-distinct" or "bird"`);
  }
  const width = table.columns.length;
  for (let r = 0; r < table.rows.length; r++) {
    if (table.rows[r]!.length !== width) {
      throw new RangeError(`row ${r} has ${table.rows[r]!.length} cells but the result has ${width} columns`);
    }
  }
}
