/**
 * The text verifiers' input in the measurement scripts: the ORM featurizer's
 * dense question–SQL features (structure, question cues, schema linking),
 * without the agreement slots, as a plain array.
 */
import { featurize, type OrmItem } from '../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, DENSE_COUNT } from '../../src/core/orm/layout.ts';
import type { SqlFacts } from '../../src/core/orm/sql-facts.ts';

/** The featurizer's dense slots without the four agreement slots (zero when agreement is off). */
export const TEXT_DIM = DENSE_COUNT - 4;

/**
 * The dense text features of one candidate; `cache` keeps each SQL text's parse.
 *
 * @example
 * const x = denseTextFeatures({ question, sql, schema }, new Map()); // TEXT_DIM numbers
 */
export function denseTextFeatures(item: OrmItem, cache: Map<string, SqlFacts>): number[] {
  const f = featurize(item, { ...DEFAULT_FEATURIZER, agreement: false }, { cache });
  const x = new Array<number>(TEXT_DIM).fill(0);
  for (let k = 0; k < f.indices.length; k++) if (f.indices[k]! < TEXT_DIM) x[f.indices[k]!] = f.values[k]!;
  return x;
}
