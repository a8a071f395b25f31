/**
 * The ORM featurizer's tokens. It never fails: any text becomes a token
 * list, so candidates that do not parse still get features.
 *
 * Token kinds: `kw` (a keyword from {@link FEATURE_KEYWORDS}, lowercased), `fn`
 * (a non-keyword name followed by `(`, lowercased), `id` (an identifier:
 * bare, backquoted or bracketed; case kept), `num` (a numeric literal),
 * `str` (a single-quoted literal), `dq` (a double-quoted text standing where
 * a value stands, see {@link featureTokens}: a string in SQLite unless it names a
 * column, decided later against the schema), `op` (operators and
 * punctuation; `<>` is written `!=` and `==` is written `=`). Any other
 * double-quoted text is an identifier (`id`): printers quote every name.
 */
import { valuePositions } from '../sql/quoted-values.ts';
import { quotedName, tokenizeSql } from '../sql/tokenize.ts';

/** SQL words the featurizer treats as keywords (lowercase): its vocabulary, fixed with the trained model. */
export const FEATURE_KEYWORDS: ReadonlySet<string> = new Set([
  'select',
  'from',
  'where',
  'join',
  'inner',
  'left',
  'right',
  'outer',
  'cross',
  'natural',
  'on',
  'using',
  'as',
  'and',
  'or',
  'not',
  'in',
  'exists',
  'like',
  'glob',
  'between',
  'is',
  'null',
  'group',
  'by',
  'having',
  'order',
  'asc',
  'desc',
  'limit',
  'offset',
  'distinct',
  'all',
  'union',
  'intersect',
  'except',
  'case',
  'when',
  'then',
  'else',
  'end',
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'cast',
  'with',
  'collate',
  'nocase',
  'true',
  'false',
  'escape',
  'over',
  'partition',
  'filter',
]);

export type FeatureTokenKind = 'kw' | 'fn' | 'id' | 'num' | 'str' | 'dq' | 'op';

/** One lexed token; `text` is the literal's content for `str` and `dq`. */
export interface FeatureToken {
  readonly kind: FeatureTokenKind;
  readonly text: string;
}

/**
 * SQL text as the featurizer's tokens (comments and whitespace dropped): a
 * view over the one tokenizer in its `features` mode. A double-quoted text is
 * `dq` only where a value stands (`valuePositions`: after `=`, `LIKE`,
 * `BETWEEN … AND`, inside `IN (…)`, …), else `id`: `"singer"."name"` and
 * `SELECT "name"` are names however they are quoted.
 *
 * @example
 * featureTokens("SELECT count(*) FROM t WHERE a = 'x'").map((t) => t.kind);
 * // ['kw', 'kw', 'op', 'op', 'op', 'kw', 'id', 'kw', 'id', 'op', 'str']
 */
export function featureTokens(sql: string): FeatureToken[] {
  const toks = tokenizeSql(sql, 'features');
  const out: FeatureToken[] = [];
  const quotedDouble: boolean[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    switch (t.kind) {
      case 'ws':
      case 'comment':
        continue;
      case 'string':
      case 'dq':
      case 'bq':
      case 'br':
        out.push({ kind: t.kind === 'string' ? 'str' : 'id', text: quotedName(t.text) });
        quotedDouble[out.length - 1] = t.kind === 'dq';
        continue;
      case 'number':
        out.push({ kind: 'num', text: t.text });
        continue;
      case 'word': {
        const lower = t.text.toLowerCase();
        const next = toks[k + 1]?.kind === 'ws' ? toks[k + 2] : toks[k + 1];
        if (FEATURE_KEYWORDS.has(lower)) out.push({ kind: 'kw', text: lower });
        else if (next?.text === '(') out.push({ kind: 'fn', text: lower });
        else out.push({ kind: 'id', text: t.text });
        continue;
      }
      default:
        out.push({ kind: 'op', text: t.text === '<>' ? '!=' : t.text === '==' ? '=' : t.text });
    }
  }
  const values = valuePositions(out.map((t, i) => ({ text: t.text, dq: quotedDouble[i] === true, code: t.kind === 'op' || t.kind === 'kw' })));
  return out.map((t, i) => (values[i] ? { kind: 'dq', text: t.text } : t));
}
