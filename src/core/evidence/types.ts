/**
 * Evidence about one candidate query, read from what it returns: numeric
 * features in a fixed order (what a verifier reads, EVIDENCE_FEATURES) and
 * findings in plain words (what a person reads).
 */

/**
 * The features, in vector order. `given` is 1 whenever evidence was read
 * (0 in a vector without it, like the ORM's agreement slots); the others are
 * 0 when they do not apply.
 */
export const EVIDENCE_FEATURES = [
  'given',
  'fails',
  'empty',
  'one_number',
  'zero_or_null',
  'log_rows',
  'rows_vs_largest',
  'duplicate_share',
  'null_share',
  'log_columns',
  'ids_only',
  'count_not_one_number',
  'list_ids_only',
  'each_one_row',
  'superlative_many_rows',
  'percent_out_of_range',
  'fraction_integer_division',
  'zero_count',
  'empty_list',
  'left_join',
  'not_in_subquery',
  'ungrouped_selected',
  'group_by_non_key',
  'having_without_group',
  'limit_without_order',
  'integer_division',
  'literal_case_mismatch',
  'literal_absent',
  'count_is_table_size',
  'not_in_nulls',
  'limit_cuts_tie',
  'join_repeats_rows',
  'group_by_name_shared',
] as const;

export type EvidenceFeature = (typeof EVIDENCE_FEATURES)[number];

/** What a finding is about, as a closed union. */
export type FindingCode =
  | 'LITERAL_CASE'
  | 'LITERAL_ABSENT'
  | 'COUNT_IS_TABLE_SIZE'
  | 'NOT_IN_NULLS'
  | 'LIMIT_CUTS_TIE'
  | 'JOIN_REPEATS_ROWS'
  | 'GROUP_BY_NAME_SHARED'
  | 'HAVING_WITHOUT_GROUP'
  | 'INTEGER_DIVISION'
  | 'LIMIT_WITHOUT_ORDER'
  | 'UNGROUPED_SELECTED'
  | 'LEFT_JOIN_NULLS'
  | 'SHAPE_COUNT'
  | 'SHAPE_IDS_ONLY'
  | 'SHAPE_ONE_ROW'
  | 'SHAPE_MANY_ROWS'
  | 'SHAPE_PERCENT'
  | 'ZERO_COUNT'
  | 'EMPTY_LIST'
  | 'EQUALS_NULL'
  | 'LITERAL_VARIANTS'
  | 'GROUP_BY_SPELLINGS'
  | 'YEAR_VS_TEXT_DATE'
  | 'LIMIT_DROPS_ROWS'
  | 'YEAR_UNUSED';

/** One finding: its code and a sentence for a person. */
export interface Finding {
  readonly code: FindingCode;
  readonly reason: string;
}

/** The evidence of one candidate. */
export interface CandidateEvidence {
  /** One value per EVIDENCE_FEATURES name, in order. */
  readonly features: readonly number[];
  readonly findings: readonly Finding[];
  /** Probe queries this candidate asked for (run once per distinct text). */
  readonly probes: number;
}
