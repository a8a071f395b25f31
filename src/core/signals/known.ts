/**
 * The signals every run computes: a new signal is its own file in this folder
 * (a `Signal`: name, phrase, words and `compute`) and one entry here; the
 * registry, the profile check's known names and the words in reasons and in
 * Evaluate follow (docs/architecture.md's recipe).
 */
import { executionSc, stringSc, structuralSc } from './agreement.ts';
import { executability, logprob } from './modal-signals.ts';
import { schemaRelevance } from './schema-relevance.ts';
import type { Signal } from './types.ts';

/**
 * The black-box signals of the selective-prediction study, in its Table 1
 * order: string_sc, structural_sc, execution_sc, schema_relevance,
 * executability, logprob.
 */
export const DEFAULT_SIGNALS: readonly Signal[] = [stringSc, structuralSc, executionSc, schemaRelevance, executability, logprob];
