/**
 * SQLite reads "x" as a column when one has that name and as a string
 * otherwise. Without a schema at hand, the rule every SQL view here applies
 * (normalization, the ORM's tokens) reads "x" as a string where a value
 * stands and as a name everywhere else.
 */

/** A token as the rule sees it. */
export interface ValueScanToken {
  /** Keywords and operators lowercased; `<>` and `==` may be spelt `!=` and `=`. */
  readonly text: string;
  /** A double-quoted text. */
  readonly dq: boolean;
  /** An operator, punctuation or bare word (not a literal or quoted name). */
  readonly code: boolean;
}

const COMPARE = new Set(['=', '==', '!=', '<>', '<', '>', '<=', '>=', 'like', 'glob', 'is', 'between']);

/**
 * Which "x" tokens stand where a value stands: right after a comparison or
 * LIKE/GLOB/IS/BETWEEN (or the AND of a BETWEEN), or inside an IN list, and
 * not followed by `.` (a qualifier is a name).
 *
 * @example
 * const t = (text: string, dq = false) => ({ text, dq, code: !dq });
 * valuePositions([t('x'), t('='), t('"Bob"', true)]); // [false, false, true]
 */
export function valuePositions(toks: readonly ValueScanToken[]): boolean[] {
  const inList: boolean[] = [];
  return toks.map((t, i) => {
    const prev = toks[i - 1];
    if (t.code && t.text === '(') inList.push(prev?.text === 'in');
    if (t.code && t.text === ')') inList.pop();
    if (!t.dq || prev === undefined || !prev.code || toks[i + 1]?.text === '.') return false;
    if (COMPARE.has(prev.text)) return true;
    if (prev.text === 'and' && toks[i - 3]?.text === 'between') return true;
    return (prev.text === '(' || prev.text === ',') && inList[inList.length - 1] === true;
  });
}
